import { mkdir, open, readFile, rename, rm } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { EngramError } from '@engram/core';

/**
 * Writes a file so that a crash leaves either the old or the new content, never a mix:
 * temp file → fsync → rename over the target → fsync the directory.
 */
export async function writeFileAtomic(path: string, chunks: Array<Uint8Array>): Promise<void> {
  const dir = dirname(path);
  await mkdir(dir, { recursive: true });
  const tmp = join(dir, `.${Date.now()}-${process.pid}-${Math.random().toString(36).slice(2)}.tmp`);
  const fh = await open(tmp, 'w');
  try {
    for (const c of chunks) await fh.write(c);
    await fh.sync();
  } catch (e) {
    await fh.close();
    await rm(tmp, { force: true });
    throw new EngramError('INDEX_UNAVAILABLE', `cannot write index snapshot ${path}: ${(e as Error).message}`, {
      cause: e,
    });
  }
  await fh.close();
  await rename(tmp, path);
  try {
    const dh = await open(dir, 'r');
    try {
      await dh.sync();
    } finally {
      await dh.close();
    }
  } catch {
    // Some platforms cannot fsync a directory; the rename itself is still atomic.
  }
}

/** The file's bytes, or null when it does not exist. */
export async function readFileIfExists(path: string): Promise<Buffer | null> {
  try {
    return await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw new EngramError('INDEX_UNAVAILABLE', `cannot read index snapshot ${path}: ${(e as Error).message}`, {
      cause: e,
    });
  }
}
