import { mkdir, open, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { EngramError } from '@engram/core';
import { createMasterKey, generateMasterKeyText, parseMasterKey, type MasterKey } from './master-key';

/** Where the master key comes from (config: ENGRAM_MASTER_KEY, ENGRAM_MASTER_KEY_FILE, or the embedded default file). */
export type MasterKeySource =
  | { kind: 'value'; value: string }
  | { kind: 'file'; path: string }
  /** Embedded mode without a configured key: this file, made on first start. */
  | { kind: 'default-file'; path: string };

export interface LoadedMasterKey {
  master: MasterKey;
  /** A new key was generated and written to `path` just now (tell the operator to back it up). */
  generated: boolean;
  path: string | null;
}

/** The key in a file; null when the file does not exist and `missingOk`. */
async function readKeyFile(path: string, name: string, missingOk = false): Promise<MasterKey | null> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (e) {
    if (missingOk && (e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new EngramError('CONFIG_INVALID', `${name}: cannot read ${path}: ${(e as Error).message}`, { cause: e });
  }
  return createMasterKey(parseMasterKey(text, `${name} (${path})`));
}

/**
 * Loads the master key. The embedded default file is generated only while the key store holds no
 * keys: once keys exist, a missing file means the key was lost or moved, and generating a new one
 * would make every sealed event unreadable.
 */
export async function loadMasterKey(
  source: MasterKeySource,
  opts: { storeHasKeys: boolean },
): Promise<LoadedMasterKey> {
  switch (source.kind) {
    case 'value':
      return {
        master: createMasterKey(parseMasterKey(source.value, 'ENGRAM_MASTER_KEY')),
        generated: false,
        path: null,
      };
    case 'file':
      return {
        master: (await readKeyFile(source.path, 'ENGRAM_MASTER_KEY_FILE'))!,
        generated: false,
        path: source.path,
      };
    case 'default-file': {
      const existing = await readKeyFile(source.path, 'the master key file', true);
      if (existing) return { master: existing, generated: false, path: source.path };
      if (opts.storeHasKeys) {
        throw new EngramError(
          'CONFIG_INVALID',
          `the key store holds keys but the master key file ${source.path} is missing: restore it (or set ENGRAM_MASTER_KEY / ENGRAM_MASTER_KEY_FILE to the key it held)`,
          {
            details: { reason: 'MASTER_KEY_MISSING', path: source.path },
          },
        );
      }
      const text = generateMasterKeyText();
      await mkdir(dirname(source.path), { recursive: true });
      const fh = await open(source.path, 'wx', 0o600);
      try {
        await fh.writeFile(`${text}\n`, 'utf8');
        await fh.sync();
      } finally {
        await fh.close();
      }
      const dir = await open(dirname(source.path), 'r');
      try {
        await dir.sync().catch(() => undefined);
      } finally {
        await dir.close();
      }
      return {
        master: createMasterKey(parseMasterKey(text, 'the generated master key')),
        generated: true,
        path: source.path,
      };
    }
  }
}
