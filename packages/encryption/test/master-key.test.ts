import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createMasterKey, generateMasterKeyText, loadMasterKey, parseMasterKey } from '../src';

describe('master key', () => {
  let dir: string;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-master-'));
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('reads 32 bytes as base64, base64url or hex, and refuses anything else', () => {
    const raw = Buffer.alloc(32, 0xab);
    for (const text of [
      raw.toString('base64'),
      raw.toString('base64url'),
      raw.toString('hex'),
      ` ${raw.toString('hex')}\n`,
    ]) {
      expect(Buffer.from(parseMasterKey(text, 'k')).equals(raw)).toBe(true);
    }
    for (const bad of ['', 'short', Buffer.alloc(16).toString('base64'), 'z'.repeat(64)])
      expect(() => parseMasterKey(bad, 'ENGRAM_MASTER_KEY')).toThrow(/ENGRAM_MASTER_KEY must be 32 bytes/);
  });

  it('wraps keys so they open only with the same master key and the same additional data', () => {
    const m = createMasterKey(parseMasterKey(generateMasterKeyText(), 'k'));
    const other = createMasterKey(parseMasterKey(generateMasterKeyText(), 'k'));
    const data = new Uint8Array(32).fill(7);
    const w = m.wrap(data, 'kid-1');
    expect(Buffer.from(m.unwrap(w, 'kid-1')).equals(Buffer.from(data))).toBe(true);
    expect(() => m.unwrap(w, 'kid-2')).toThrow(/does not unwrap/);
    expect(() => other.unwrap(w, 'kid-1')).toThrow(/does not unwrap/);
    expect(m.check).not.toBe(other.check);
  });

  it('generates the embedded default file once (0600), reuses it, and never replaces a lost one while keys exist', async () => {
    const path = join(dir, 'keys', 'master.key');
    const first = await loadMasterKey({ kind: 'default-file', path }, { storeHasKeys: false });
    expect(first.generated).toBe(true);
    expect((await stat(path)).mode & 0o777).toBe(0o600);
    const again = await loadMasterKey({ kind: 'default-file', path }, { storeHasKeys: true });
    expect(again.generated).toBe(false);
    expect(again.master.check).toBe(first.master.check);
    await rm(path);
    await expect(loadMasterKey({ kind: 'default-file', path }, { storeHasKeys: true })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
      details: { reason: 'MASTER_KEY_MISSING' },
    });
  });

  it('takes the key from ENGRAM_MASTER_KEY or a file, and names what is wrong with them', async () => {
    const text = generateMasterKeyText();
    expect((await loadMasterKey({ kind: 'value', value: text }, { storeHasKeys: true })).master.check).toBe(
      createMasterKey(parseMasterKey(text, 'k')).check,
    );
    const file = join(dir, 'mk');
    await writeFile(file, `${text}\n`);
    expect((await loadMasterKey({ kind: 'file', path: file }, { storeHasKeys: true })).path).toBe(file);
    await expect(loadMasterKey({ kind: 'file', path: join(dir, 'missing') }, { storeHasKeys: false })).rejects.toThrow(
      /ENGRAM_MASTER_KEY_FILE: cannot read/,
    );
    await writeFile(file, 'not a key');
    await expect(loadMasterKey({ kind: 'file', path: file }, { storeHasKeys: false })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    expect(await readFile(file, 'utf8')).toBe('not a key');
  });
});
