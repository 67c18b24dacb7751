import { mkdir, open, readFile, realpath, unlink } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EngramError } from '@engram/core';

const LOCK_FILE = 'engram-pglite.lock';
const heldByThisProcess = new Set<string>();

interface Owner {
  pid: number;
  hostname: string;
  since: string;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

async function readOwner(path: string): Promise<Owner | null> {
  try {
    const o = JSON.parse(await readFile(path, 'utf8')) as Owner;
    return typeof o.pid === 'number' ? o : null;
  } catch {
    return null;
  }
}

/**
 * PGlite has no lock of its own: two processes on one data dir corrupt it. This takes a lock file in
 * the dir (a live owner wins; a dead owner's lock on this host is stale and replaced).
 */
export async function lockDataDir(dataDir: string): Promise<{ release(): Promise<void> }> {
  await mkdir(dataDir, { recursive: true });
  const key = await realpath(dataDir);
  if (heldByThisProcess.has(key)) {
    throw new EngramError('STORE_UNAVAILABLE', `PGlite data dir ${dataDir} is already open in this process`, { retriable: false });
  }
  heldByThisProcess.add(key);
  const path = join(key, LOCK_FILE);
  const me: Owner = { pid: process.pid, hostname: hostname(), since: new Date().toISOString() };
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        const fh = await open(path, 'wx');
        await fh.writeFile(JSON.stringify(me));
        await fh.close();
        return {
          async release() {
            heldByThisProcess.delete(key);
            await unlink(path).catch(() => undefined);
          },
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const owner = await readOwner(path);
      if (owner && owner.pid !== process.pid && (owner.hostname !== me.hostname || isAlive(owner.pid))) {
        throw new EngramError('STORE_UNAVAILABLE', `PGlite data dir ${dataDir} is in use by pid ${owner.pid} on ${owner.hostname} (since ${owner.since})`, { retriable: false });
      }
      await unlink(path).catch(() => undefined);
    }
    throw new EngramError('STORE_UNAVAILABLE', `could not lock PGlite data dir ${dataDir}`);
  } catch (e) {
    heldByThisProcess.delete(key);
    throw e;
  }
}
