import { hostname } from 'node:os';
import { join } from 'node:path';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { randomBytes } from 'node:crypto';
import { EngramError } from '@engram/core';
import { isErrno } from './fs-util';
import type { LogLogger } from './logger';

interface LockOwner {
  pid: number;
  hostname: string;
  acquiredAt: string;
}

export interface DirLock {
  release(): Promise<void>;
}

/**
 * Exclusive ownership of a log directory by one process. The lock file is created atomically with
 * its content (write a private file, then hard-link it to LOCK, which fails if LOCK exists). A lock
 * left by a dead process on this host is removed; a live owner (including this process) wins.
 */
export async function acquireDirLock(dir: string, logger: LogLogger): Promise<DirLock> {
  const lockPath = join(dir, 'LOCK');
  const me: LockOwner = { pid: process.pid, hostname: hostname(), acquiredAt: new Date().toISOString() };
  const tmp = join(dir, `LOCK.${process.pid}.${randomBytes(4).toString('hex')}`);
  await writeFile(tmp, JSON.stringify(me), { flush: true });
  try {
    for (let attempt = 0; attempt < 2; attempt++) {
      try {
        await link(tmp, lockPath);
        return { release: () => releaseLock(lockPath, me) };
      } catch (e) {
        if (!isErrno(e, 'EEXIST')) throw e;
      }
      const owner = await readOwner(lockPath);
      if (owner && (owner.hostname !== me.hostname || isAlive(owner.pid))) {
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
