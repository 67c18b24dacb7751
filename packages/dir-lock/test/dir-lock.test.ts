import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { waitFor } from '@engram/testing';
import { acquireDirLock, ownerState, processStartTime } from '../src';

const holder = fileURLToPath(new URL('./fixtures/hold-lock.ts', import.meta.url));
const opts = { file: 'LOCK', what: 'test dir', code: 'LOG_UNAVAILABLE' as const };

/** Resolves with the pid that printed "locked <pid>" (the holder, possibly a grandchild of `child`). */
function lockedBy(child: ChildProcess): Promise<number> {
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout! });
    lines.on('line', (l) => {
      const m = /^locked (\d+)$/.exec(l);
      if (m) resolve(Number(m[1]));
    });
    child.once('exit', (code) => reject(new Error(`holder exited with ${code}`)));
  });
}

describe('data-directory lock', () => {
  let dir: string;
  const children: ChildProcess[] = [];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-lock-'));
  });
  afterEach(async () => {
    for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
    await rm(dir, { recursive: true, force: true });
  });

  it('refuses while a live process holds it, naming the owner', async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', holder, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
    children.push(child);
    const pid = await lockedBy(child);
    await expect(acquireDirLock(dir, { ...opts, dyingWaitMs: 200 })).rejects.toMatchObject({
      code: 'LOG_UNAVAILABLE',
      message: expect.stringContaining(`pid ${pid}`),
    });
  });

  it('takes the lock right after its owner was SIGKILLed, waiting for the dying process instead of failing', async () => {
    for (let round = 0; round < 3; round++) {
      const child = spawn(process.execPath, ['--import', 'tsx', holder, dir], { stdio: ['ignore', 'pipe', 'inherit'] });
      children.push(child);
      await lockedBy(child);
      child.kill('SIGKILL');
      // No wait for the exit event: the owner may still be tearing down (or be an unreaped zombie).
      const lock = await acquireDirLock(dir, opts);
      await lock.release();
    }
  });

  it('treats a zombie owner (exited, never reaped) as gone', async () => {
    // `sleep` becomes the holder's parent and never reaps it, so the killed holder stays a zombie.
    const child = spawn('sh', ['-c', `"${process.execPath}" --import tsx "${holder}" "${dir}" & exec sleep 30`], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    children.push(child);
    const pid = await lockedBy(child);
    process.kill(pid, 'SIGKILL');
    await waitFor(`killed holder ${pid} to be a zombie`, () => ownerState(pid, null) === 'gone', 60_000);
    expect(await readFile(`/proc/${pid}/stat`, 'utf8')).toMatch(/\) Z /);
    expect(ownerState(pid, null)).toBe('gone');
    const lock = await acquireDirLock(dir, { ...opts, dyingWaitMs: 0 });
    await lock.release();
  });

  it('treats a lock whose pid now belongs to another process (start time differs) as stale', async () => {
    const other = process.ppid;
    expect(ownerState(other, processStartTime(other))).toBe('alive');
    await writeFile(
      join(dir, 'LOCK'),
      JSON.stringify({ pid: other, hostname: hostname(), acquiredAt: '2026-01-01T00:00:00Z', startTime: '1' }),
    );
    const lock = await acquireDirLock(dir, { ...opts, dyingWaitMs: 0 });
    await lock.release();
  });

  it('is exclusive within one process and free again after release', async () => {
    const lock = await acquireDirLock(dir, opts);
    await expect(acquireDirLock(dir, opts)).rejects.toMatchObject({
      code: 'LOG_UNAVAILABLE',
      message: expect.stringContaining('already open in this process'),
    });
    await lock.release();
    await (await acquireDirLock(dir, opts)).release();
  });
});
