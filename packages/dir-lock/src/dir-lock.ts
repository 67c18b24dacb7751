import { randomBytes } from 'node:crypto';
import { link, readFile, realpath, unlink, writeFile } from 'node:fs/promises';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { abortableDelay, EngramError, silentLogger, type ErrorCode, type Logger } from '@engram/core';
import { ownerState, processStartTime } from './process-state';

interface LockOwner {
  pid: number;
  hostname: string;
  acquiredAt: string;
  /** Kernel start time of the owner, to tell a reused pid from the owner. */
  startTime: string | null;
}

export interface DirLock {
  release(): Promise<void>;
}

export interface DirLockOptions {
  /** File name of the lock inside the directory. */
  file: string;
  /** What is locked, for messages ("event log", "PGlite data dir"). */
  what: string;
  /** Code of the error when the directory is owned by a live process. */
  code: ErrorCode;
  logger?: Logger;
  /** Longest wait for an owner that is being killed or is exiting (default 15 s). */
  dyingWaitMs?: number;
}

/** Directories locked by this process: a lock naming our pid that we do not hold is a leftover of an earlier process with our pid. */
const heldByThisProcess = new Set<string>();

async function readOwner(lockPath: string): Promise<LockOwner | null> {
  try {
    const parsed = JSON.parse(await readFile(lockPath, 'utf8')) as Partial<LockOwner>;
    if (typeof parsed.pid === 'number' && typeof parsed.hostname === 'string') {
      return {
        pid: parsed.pid,
        hostname: parsed.hostname,
        acquiredAt: String(parsed.acquiredAt),
        startTime: typeof parsed.startTime === 'string' ? parsed.startTime : null,
      };
    }
  } catch {
    // Missing, or garbage: the lock is written in full before it becomes visible.
  }
  return null;
}

/**
 * Exclusive ownership of a directory by one process. The lock file is created atomically with its
 * content (a private file hard-linked to the lock name, which fails if it exists). An owner that is
 * gone (no such process, a zombie, a reused pid) leaves a stale lock that is removed; an owner that
 * is dying (SIGKILL pending, exiting) is waited for, bounded; a live owner wins.
 */
export async function acquireDirLock(dir: string, opts: DirLockOptions): Promise<DirLock> {
  const key = await realpath(dir);
  if (heldByThisProcess.has(key)) {
    throw new EngramError(opts.code, `${opts.what} ${dir} is already open in this process`, {
      details: { dir },
      retriable: false,
    });
  }
  // Claimed synchronously after the check, so concurrent opens in this process cannot both pass.
  heldByThisProcess.add(key);
  try {
    return await lockFile(dir, key, opts);
  } catch (e) {
    heldByThisProcess.delete(key);
    throw e;
  }
}

async function lockFile(dir: string, key: string, opts: DirLockOptions): Promise<DirLock> {
  const logger = opts.logger ?? silentLogger;
  const lockPath = join(dir, opts.file);
  const me: LockOwner = {
    pid: process.pid,
    hostname: hostname(),
    acquiredAt: new Date().toISOString(),
    startTime: processStartTime(process.pid),
  };
  const tmp = join(dir, `${opts.file}.${process.pid}.${randomBytes(4).toString('hex')}`);
  await writeFile(tmp, JSON.stringify(me), { flush: true });
  const deadline = Date.now() + (opts.dyingWaitMs ?? 15_000);
  try {
    for (let takeovers = 0; takeovers < 5;) {
      try {
        await link(tmp, lockPath);
        return {
          release: async () => {
            try {
              const owner = await readOwner(lockPath);
              if (owner && owner.pid === me.pid && owner.acquiredAt === me.acquiredAt) await unlink(lockPath);
            } finally {
              heldByThisProcess.delete(key);
            }
          },
        };
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      }
      const owner = await readOwner(lockPath);
      const earlierSelf = owner !== null && owner.hostname === me.hostname && owner.pid === process.pid;
      const state =
        owner === null || earlierSelf
          ? 'gone'
          : owner.hostname !== me.hostname
            ? 'alive'
            : ownerState(owner.pid, owner.startTime);
      if (state === 'alive' || (state === 'dying' && Date.now() >= deadline)) {
        throw new EngramError(
          opts.code,
          `${opts.what} ${dir} is locked by pid ${owner!.pid} on ${owner!.hostname} (since ${owner!.acquiredAt}${state === 'dying' ? ', still exiting' : ''})`,
          {
            details: { dir, owner, state },
            retriable: false,
          },
        );
      }
      if (state === 'dying') {
        await abortableDelay(50);
        continue;
      }
      logger.warn({ dir, staleOwner: owner }, `removing the stale lock of ${opts.what}`);
      await unlink(lockPath).catch((err: unknown) => {
        if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
      });
      takeovers++;
    }
    throw new EngramError(opts.code, `could not lock ${opts.what} ${dir}: another process keeps taking the lock`);
  } finally {
    await unlink(tmp).catch(() => undefined);
  }
}
