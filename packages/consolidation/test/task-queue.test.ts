import { execFile } from 'node:child_process';
import { appendFile, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { EngramError, systemClock } from '@engram/core';
import type { ConsolidationTask } from '../src/tasks/task';
import { TaskJournal } from '../src/tasks/task-journal';
import { TaskQueue } from '../src/tasks/task-queue';
import { RecordingLogger } from './stack';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-tasks-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

function task(n: number, user = `u${n}`, session = `s${n}`): ConsolidationTask {
  return {
    id: `session:e${n}`,
    kind: 'session',
    dedupKey: `session:t/${user}/${session}`,
    causeEventId: `e${n}`,
    correlationId: null,
    position: { partition: 0, offset: n },
    tenantId: 't',
    userId: user,
    agentId: null,
    sessionId: session,
    memoryId: null,
    causeAt: new Date(0).toISOString(),
    enqueuedAt: new Date(0).toISOString(),
    attempts: 0,
    notBefore: null,
    lastError: null,
  };
}

function queueOf(
  journal: TaskJournal,
  factory: (t: ConsolidationTask) => () => Promise<void>,
  concurrency = 2,
  logger = new RecordingLogger(),
) {
  return new TaskQueue({
    journal,
    taskFactory: factory,
    concurrency,
    maxAttempts: 3,
    baseBackoffMs: 5,
    maxBackoffMs: 20,
    clock: systemClock,
    logger,
  });
}

describe('task journal', () => {
  it('keeps pending tasks and finished causes across reopen, and ignores a torn last line', async () => {
    const j = await TaskJournal.open(dir);
    await j.enqueue(task(1));
    await j.enqueue(task(2));
    await j.complete(task(1));
    await j.attempt({ ...task(2), attempts: 1, lastError: 'boom', notBefore: new Date(0).toISOString() });
    await j.close();
    await appendFile(join(dir, 'tasks.jsonl'), '{"op":"enqueue","task":{"id":"half');
    const again = await TaskJournal.open(dir);
    expect([...again.pending.keys()]).toEqual(['session:e2']);
    expect(again.pending.get('session:e2')!.attempts).toBe(1);
    expect(again.done.has('e1')).toBe(true);
    await again.close();
    // compacted on open: no finished task is stored as pending, the torn line is gone
    const text = await readFile(join(dir, 'tasks.jsonl'), 'utf8');
    expect(text).not.toContain('half');
    expect(text.trim().split('\n')).toHaveLength(2);
  });

  it('refuses a journal corrupted before its last line', async () => {
    const j = await TaskJournal.open(dir);
    await j.enqueue(task(1));
    await j.close();
    await appendFile(join(dir, 'tasks.jsonl'), 'garbage\n{"op":"done","id":"x","causeEventId":"x"}\n\n');
    await expect(TaskJournal.open(dir)).rejects.toThrow(/corrupt at line 2/);
  });
});

describe('task queue', () => {
  it('does not queue a session twice while it is pending, nor a cause already done', async () => {
    const j = await TaskJournal.open(dir);
    const ran: string[] = [];
    let unblock!: () => void;
    const gate = new Promise<void>((r) => (unblock = r));
    const q = queueOf(j, (t) => async () => {
      await gate;
      ran.push(t.id);
    });
    q.start();
    expect(await q.enqueue(task(1))).toBe(true);
    expect(await q.enqueue({ ...task(9, 'u1', 's1'), id: 'session:e9', causeEventId: 'e9' })).toBe(false); // same session, another SessionEnded
    expect(await q.enqueue(task(1))).toBe(false); // redelivery
    unblock();
    await q.whenIdle();
    expect(await q.enqueue(task(1))).toBe(false); // done
    expect(ran).toEqual(['session:e1']);
    await q.stop();
    await j.close();
  });

  it('retries a failing task from its factory with backoff until it succeeds, never dropping it', async () => {
    const j = await TaskJournal.open(dir);
    const logger = new RecordingLogger();
    let factoryCalls = 0;
    const q = queueOf(
      j,
      (t) => {
        factoryCalls++;
        const attempt = t.attempts;
        return async () => {
          if (attempt < 4) throw new EngramError('STORE_UNAVAILABLE', `down (attempt ${attempt})`);
        };
      },
      1,
      logger,
    );
    q.start();
    await q.enqueue(task(1));
    await q.whenIdle();
    expect(factoryCalls).toBe(5);
    expect(logger.entries.filter((e) => e.level === 'warn')).toHaveLength(2);
    expect(logger.entries.filter((e) => e.level === 'error').map((e) => e.obj.attempts)).toEqual([3, 4]);
    expect(j.pending.size).toBe(0);
    await q.stop();
    await j.close();
  });

  it('runs one task per user at a time and bounds concurrency, queuing the rest', async () => {
    const j = await TaskJournal.open(dir);
    let running = 0;
    let peak = 0;
    const perUser = new Map<string, number>();
    let userOverlap = false;
    // Tasks hold until every task is enqueued, so the peak does not depend on how fast the journal writes.
    let release!: () => void;
    const allEnqueued = new Promise<void>((r) => (release = r));
    const q = queueOf(
      j,
      (t) => async () => {
        running++;
        peak = Math.max(peak, running);
        perUser.set(t.userId, (perUser.get(t.userId) ?? 0) + 1);
        if (perUser.get(t.userId)! > 1) userOverlap = true;
        await allEnqueued;
        await new Promise((r) => setTimeout(r, 5));
        perUser.set(t.userId, perUser.get(t.userId)! - 1);
        running--;
      },
      3,
    );
    q.start();
    for (let i = 0; i < 30; i++) await q.enqueue(task(i, `u${i % 4}`, `s${i}`));
    release();
    await q.whenIdle();
    expect(peak).toBe(3);
    expect(userOverlap).toBe(false);
    expect(j.done.size).toBe(30);
    await q.stop();
    await j.close();
  });

  it('leaves a task pending when it stops for shutdown', async () => {
    const j = await TaskJournal.open(dir);
    const q = queueOf(j, () => async () => {
      throw new EngramError('SHUTTING_DOWN', 'closing');
    });
    q.start();
    await q.enqueue(task(1));
    await q.stop();
    expect(j.pending.get('session:e1')!.attempts).toBe(0);
    await j.close();
    const again = await TaskJournal.open(dir);
    expect([...again.pending.keys()]).toEqual(['session:e1']);
    await again.close();
  });

  it('keeps an offline process alive for a retry that is due while someone awaits whenIdle', async () => {
    // Before: the retry timer was unref'd, so Node exited (code 13, unsettled await) before the retry ran.
    const fixture = fileURLToPath(new URL('./fixtures/retry-then-idle.ts', import.meta.url));
    const { code, stdout } = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
      const child = execFile(process.execPath, ['--import', 'tsx', fixture], (err, out) =>
        resolve({ code: err ? ((err as { code?: number }).code ?? 1) : 0, stdout: out }),
      );
      child.stdin?.end();
    });
    expect(stdout.trim()).toBe('idle after 2 attempts');
    expect(code).toBe(0);
  }, 60_000);
});
