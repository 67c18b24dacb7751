import { constants } from 'node:fs';
import { mkdtemp, readdir, readFile, readlink, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createAesGcmCipher, createMasterKey, generateMasterKeyText, openFileKeyStore, parseMasterKey } from '../src';
import { KEY_STORE_FILE } from '../src/file-key-store';

/** The open-file flags of every descriptor of this process on `path` (Linux: /proc/self/fdinfo). */
async function flagsOf(path: string): Promise<number[]> {
  const out: number[] = [];
  for (const fd of await readdir('/proc/self/fd')) {
    if ((await readlink(`/proc/self/fd/${fd}`).catch(() => null)) !== path) continue;
    const m = /^flags:\s*([0-7]+)$/m.exec(await readFile(`/proc/self/fdinfo/${fd}`, 'utf8').catch(() => ''));
    if (m) out.push(parseInt(m[1]!, 8));
  }
  return out;
}

const linux = process.platform === 'linux';

// A new key is acknowledged after one append to the key file, with no fdatasync of its own: what makes
// that append durable when it returns is that the file is open O_DSYNC.
describe.skipIf(!linux)(
  `embedded key store: the key file is open O_DSYNC${linux ? '' : ' [skipped: not Linux]'}`,
  () => {
    it('when opened, and again after a shred rewrote the file', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'engram-keys-dsync-'));
      const cipher = createAesGcmCipher();
      const store = await openFileKeyStore({
        dir,
        master: createMasterKey(parseMasterKey(generateMasterKeyText(), 'test')),
        eventKey: cipher.eventKey.bind(cipher),
      });
      const path = join(dir, KEY_STORE_FILE);
      const check = async () => {
        const flags = await flagsOf(path);
        expect(flags.length).toBe(1);
        expect(flags[0]! & constants.O_DSYNC).toBe(constants.O_DSYNC);
      };
      try {
        const subject = { tenantId: 't1', userId: 'u1' };
        const key = await store.subjectKey(subject);
        await check();
        await store.shred({ subject, erasureId: 'e1', destroy: [key.kid], keep: [] });
        await check();
      } finally {
        await store.close();
        await rm(dir, { recursive: true, force: true });
      }
    });
  },
);
