import { backoffDelay, EngramError, isTransient, toEngramError, type Clock, type Logger } from '@engram/core';
import type { ConsolidationTask } from './task';
import type { TaskJournal } from './task-journal';

export interface TaskQueueOptions {
  journal: TaskJournal;
  /** Re-entrant: called afresh for every attempt, so a retry re-reads everything it needs. */
  taskFactory: (task: ConsolidationTask) => () => Promise<void>;
  concurrency: number;
  /** After this many failed attempts the backoff stays at its cap and the task is reported as stuck (never dropped). */
  maxAttempts: number;
  baseBackoffMs: number;
  maxBackoffMs: number;
  clock: Clock;
  logger: Logger;
  /**
   * L8: a task that failed maxAttempts times for a reason of its own (not an outage) is handed here to
   * be dead-lettered; it then leaves the queue (the dead letter keeps it, retryable). Without it the
   * task stays queued forever.
   */
  deadLetter?: (task: ConsolidationTask, failure: EngramError) => Promise<void>;
}

/**
 * K3: asynchronous worker over the durable journal. Bounded concurrency; tasks of one user run one
 * at a time (their contradiction checks read what the previous task wrote); failures are retried
 * with exponential backoff; a saturated queue only grows (nothing is refused or dropped).
 */
export class TaskQueue {
  private running = new Map<string, Promise<void>>();
  private busyUsers = new Set<string>();
  private timer: NodeJS.Timeout | null = null;
  private stopped = true;
  private idleWaiters: Array<() => void> = [];

  constructor(private readonly opts: TaskQueueOptions) {}

  /** Durably queues a task unless one with the same dedup key is pending or (unless `again`) its cause is done. */
  async enqueue(task: ConsolidationTask, again = false): Promise<boolean> {
    const j = this.opts.journal;
    if ((!again && j.done.has(task.causeEventId)) || j.pending.has(task.id)) return false;
    for (const t of j.pending.values()) if (t.dedupKey === task.dedupKey) return false;
    await j.enqueue(task);
    this.pump();
    return true;
  }

  start(): void {
    this.stopped = false;
    this.pump();
  }

  /** Stops starting new tasks at once; running ones continue (see stop()). */
  halt(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  /** Stops starting tasks and waits for the running ones (they abandon before appending). */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await Promise.allSettled([...this.running.values()]);
  }

  get size(): number {
    return this.opts.journal.pending.size;
  }

  /** Resolves when nothing is pending or running (tests, graceful drain). */
  whenIdle(): Promise<void> {
    if (this.size === 0 && this.running.size === 0) return Promise.resolve();
    return new Promise((resolve) => {
      this.idleWaiters.push(resolve);
      this.holdOpenWhileAwaited();
    });
  }

  /**
   * A retry timer holds the process open only while someone awaits whenIdle(): an offline run (CLI,
   * bench) must not exit with a retry still due, and a service's idle queue must not keep it from exiting.
   */
  private holdOpenWhileAwaited(): void {
    if (!this.timer) return;
    if (this.idleWaiters.length > 0) this.timer.ref?.();
    else this.timer.unref?.();
  }

  private userOf(t: ConsolidationTask): string {
    return `${t.tenantId}/${t.userId}`;
  }

  private pump(): void {
    if (this.stopped) return;
    const now = this.opts.clock.now().getTime();
    let nextWake = Infinity;
    const ready = [...this.opts.journal.pending.values()].sort(
      (a, b) => a.enqueuedAt.localeCompare(b.enqueuedAt) || a.position.offset - b.position.offset,
    );
    for (const task of ready) {
      if (this.running.size >= this.opts.concurrency) break;
      if (this.running.has(task.id) || this.busyUsers.has(this.userOf(task))) continue;
      const due = task.notBefore ? Date.parse(task.notBefore) : 0;
      if (due > now) {
        nextWake = Math.min(nextWake, due);
        continue;
      }
      this.launch(task);
    }
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (Number.isFinite(nextWake)) {
      this.timer = setTimeout(() => this.pump(), Math.max(10, nextWake - now));
    }
    if (this.size === 0 && this.running.size === 0) this.idleWaiters.splice(0).forEach((w) => w());
    this.holdOpenWhileAwaited();
  }

  private launch(task: ConsolidationTask): void {
    const user = this.userOf(task);
    this.busyUsers.add(user);
    const run = (async () => {
      try {
        await this.opts.taskFactory(task)();
        await this.opts.journal.complete(task);
      } catch (e) {
        const err = toEngramError(e);
        if (err.code === 'SHUTTING_DOWN' || this.stopped) {
          // The owner is closing: launch nothing more (relaunching would spin until stop() is awaited).
          this.stopped = true;
          this.opts.logger.info({ task: task.id }, 'consolidation task left pending for the next start');
          return;
        }
        const attempts = task.attempts + 1;
        if (attempts >= this.opts.maxAttempts && !isTransient(err) && this.opts.deadLetter) {
          try {
            await this.opts.deadLetter(task, err);
            await this.opts.journal.complete(task);
            return;
          } catch (de) {
            this.opts.logger.error(
              { task: task.id, err: toEngramError(de).message },
              'cannot dead-letter the consolidation task; it stays queued',
            );
          }
        }
        const backoff = backoffDelay({ initialMs: this.opts.baseBackoffMs, maxMs: this.opts.maxBackoffMs }, attempts);
        const next: ConsolidationTask = {
          ...task,
          attempts,
          notBefore: new Date(this.opts.clock.now().getTime() + backoff).toISOString(),
          lastError: `${err.code}: ${err.message}`,
        };
        const log =
          attempts >= this.opts.maxAttempts
            ? this.opts.logger.error.bind(this.opts.logger)
            : this.opts.logger.warn.bind(this.opts.logger);
        log(
          { task: task.id, attempts, retryInMs: backoff, code: err.code, err: err.message },
          attempts >= this.opts.maxAttempts
            ? 'consolidation task keeps failing; still queued'
            : 'consolidation task failed; will retry',
        );
        await this.opts.journal
          .attempt(next)
          .catch((je: unknown) =>
            this.opts.logger.error({ task: task.id, err: String(je) }, 'cannot record the failed attempt'),
          );
      }
    })().finally(() => {
      this.running.delete(task.id);
      this.busyUsers.delete(user);
      this.pump();
    });
    this.running.set(task.id, run);
  }
}

export function shuttingDown(): EngramError {
  return new EngramError('SHUTTING_DOWN', 'the consolidator is closing');
}
