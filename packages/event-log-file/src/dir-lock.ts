import { hostname } from 'node:os';
import { join } from 'node:path';
import { link, readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { EngramError, type Logger } from '@engram/core';
import { isErrno } from './fs-util';

interface LockOwner {
  pid: number;
  hostname: string;
  acquiredAt: string;
}

export interface DirLock {
  release(): Promise<void>;
}

/** Directories locked by this process: a lock file naming our own pid is stale unless listed here. */
const heldByThisProcess = new Set<string>();

/**
 * Exclusive ownership of a log directory by one process. The lock file is created atomically with
 * its content (write a private file, then hard-link it to LOCK, which fails if LOCK exists). A lock
 * left by a dead process on this host is removed; a live owner wins. A lock naming this process's
 * pid that this process does not hold was left by an earlier process that had the same pid (e.g.
 * pid 1 in a restarted container), so it is stale too.
 */
export async function acquireDirLock(dir: string, logger: Logger): Promise<DirLock> {
  const key = await realpath(dir);
  // Claimed synchronously after the check, so concurrent opens in this process cannot both pass.
  if (heldByThisProcess.has(key)) {
    throw new EngramError('LOG_UNAVAILABLE', `event log ${dir} is already open in this process`, { details: { dir }, retriable: false });
  }
  heldByThisProcess.add(key);
  try {
    return await lockFile(dir, key, logger);
  } catch (e) {
    heldByThisProcess.delete(key);
    throw e;
  }
}

async function lockFile(dir: string, key: string, logger: Logger): Promise<DirLock> {
  const lockPath = join(dir, 'LOCK');
  const me: LockOwner = { pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString() };
  const tmp = join(dir, `LOCK.${process.pid}.${randomBytes(4).toString('hex')}`);
  await writeFile(tmp, JSON.stringify(me), { flush: true });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(tmp, lockPath);
        return {
          release: async () => {
            try {
              await releaseLock(lockPath, me);
            } finally {
              heldByThisProcess.delete(key);
            }
          },
        };
      } catch (e) {
        if (!isErrno(e, 'EEXIST')) throw e;
      }
      const owner = await readOwner(lockPath);
      const ownedByEarlierSelf = owner !== null && owner.hostname === me.hostname && owner.pid === process.pid;
      if (owner && !ownedByEarlierSelf && (owner.hostname !== me.hostname || isAlive(owner.pid))) {
        throw new EngramError('LOG_UNAVAILABLE', `event log ${dir} is locked by pid ${owner.pid} on ${owner.hostname} (since ${owner.acquiredAt})`, {
          details: { dir, owner },
          retriable: false,
        });
      }
      logger.warn({ dir, staleOwner: owner }, 'removing stale event log lock');
      await unlink(lockPath).catch((err: unknown) => {
        if (!isErrno(err, 'ENOENT')) throw err;
      });
    }
    throw new EngramError('LOG_UNAVAILABLE', `could not lock event log ${dir}: another process keeps taking the lock`);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const parsed = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string') {
      return { pid: parsed.pid, hostname: parsed.hostname, acquiredAt: String(parsed.acquiredAt) };
    }
  } catch (e) {
    if (isErrno(e, 'ENOENT')) return null;
  }
  // The lock is written in full before it becomes visible, so an unreadable lock is garbage.
  return null;
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return isErrno(e, 'EPERM');
  }
}

async function releaseLock(lockPath: string, me: LockOwner): Promise<void> {
  const owner = await readOwner(lockPath);
  if (owner && owner.pid === me.pid && owner.acquiredAt === me.acquiredAt) await unlink(lockPath);
}
