import { randomBytes } from 'node:crypto';
import { constants } from 'node:fs';
import { open, rename, unlink, type FileHandle } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/** Makes a directory's entries (created/renamed/removed files) durable. */
export async function fsyncDir(dir: string): Promise<void> {
  const fh = await open(dir, 'r');
  try {
    await fh.sync();
  } finally {
    await fh.close();
  }
}

/** Replaces `path` with `data` so that a crash leaves either the old or the new content. */
export async function writeFileAtomic(path: string, data: string | Uint8Array): Promise<void> {
  const tmp = `${path}.tmp-${process.pid}-${randomBytes(4).toString('hex')}`;
  const fh = await open(tmp, 'w');
  try {
    await fh.writeFile(data);
    await fh.sync();
  } catch (e) {
    await fh.close();
    await unlink(tmp).catch(() => undefined);
    throw e;
  }
  await fh.close();
  await rename(tmp, path);
  await fsyncDir(dirname(path));
}

/** Writes the whole buffer at `position`, looping over short writes. */
export async function writeFully(
  fh: { write(b: Buffer, o: number, l: number, p: number): Promise<{ bytesWritten: number }> },
  buf: Buffer,
  position: number,
): Promise<void> {
  let done = 0;
  while (done < buf.length) {
    const { bytesWritten } = await fh.write(buf, done, buf.length - done, position + done);
    if (bytesWritten <= 0) throw new Error('write made no progress');
    done += bytesWritten;
  }
}

/**
 * Opens a file for writes that are durable when they return (O_DSYNC: each write is a write plus its
 * fdatasync in one call, so one trip to libuv's pool and back instead of two). `create` also creates
 * and empties it. Where the platform has no O_DSYNC, writeDurably syncs after the write.
 */
export function openDurable(path: string, create = false): Promise<FileHandle> {
  const flags = constants.O_RDWR | (create ? constants.O_CREAT | constants.O_TRUNC : 0) | (constants.O_DSYNC ?? 0);
  return open(path, flags);
}

/** writeFully through a handle of openDurable: on disk (data and the size to read it) when it resolves. */
export async function writeDurably(fh: FileHandle, buf: Buffer, position: number): Promise<void> {
  await writeFully(fh, buf, position);
  if (constants.O_DSYNC === undefined) await fh.datasync();
}

/** Writes, syncs and removes a small file: throws while the disk refuses writes (ENOSPC, EIO). */
export async function probeWritable(dir: string): Promise<void> {
  const path = join(dir, `.write-probe-${process.pid}`);
  const fh = await open(path, 'w');
  try {
    await fh.write(Buffer.alloc(64 * 1024), 0, 64 * 1024, 0);
    await fh.datasync();
  } finally {
    await fh.close();
    await unlink(path).catch(() => undefined);
  }
}

export function isErrno(e: unknown, code: string): boolean {
  return typeof e === 'object' && e !== null && (e as { code?: unknown }).code === code;
}
