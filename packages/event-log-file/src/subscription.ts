import { retry, type BatchHandler, type Logger, type StoredEvent, type Subscription } from '@engram/core';
import type { CheckpointStore } from './checkpoints';

/** What a subscription needs from the log. */
export interface SubscriptionSource {
  /** The next offset to be written (everything below is durable and readable). */
  nextOffset(): number;
  readBatch(from: number, limit: number): Promise<StoredEvent[]>;
  /** Calls `wake` once, at the next commit or when the log closes. */
  onNextCommit(wake: () => void): void;
}

const RETRY_BACKOFF = { initialMs: 50, maxMs: 5_000 };

/**
 * Delivers batches in offset order from `start`, then follows the tail. A batch is retried (with
 * backoff) until the handler resolves; only then does the checkpoint move past it, so nothing is
 * skipped and delivery is at-least-once.
 */
export class FileSubscription implements Subscription {
  private closed = false;
  private readonly stopping = new AbortController();
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> = Promise.resolve();
  private savedAt = 0;
  private saved = -1;
  private pendingSave: NodeJS.Timeout | null = null;
  /** Saves run one after another, so a file never goes back to an older position. */
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: SubscriptionSource,
    private readonly handler: BatchHandler,
    private readonly name: string,
    private next: number,
    private readonly batchSize: number,
    private readonly checkpoints: CheckpointStore,
    private readonly logger: Logger,
    private readonly onClosed: () => void,
    /**
     * At most one checkpoint file write (with its fsyncs) per this many ms; the last position is
     * saved when the interval ends and on close. Safe because delivery is at-least-once and every
     * consumer skips what it already applied: a crash only redelivers the last interval.
     */
    private readonly checkpointEveryMs = 0,
  ) {}

  start(): void {
    this.loop = this.run().finally(this.onClosed);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.stopping.abort();
    this.wakeUp?.();
    await this.loop;
    if (this.pendingSave) clearTimeout(this.pendingSave);
    this.pendingSave = null;
    if (this.saved !== this.next) await this.saveCheckpoint();
    await this.saving;
  }

  private async run(): Promise<void> {
    while (!this.closed) {
      if (this.next >= this.source.nextOffset()) {
        await this.nextCommit();
        continue;
      }
      let batch: StoredEvent[];
      try {
        batch = await retry(() => this.deliver(this.next), {
          backoff: RETRY_BACKOFF,
          signal: this.stopping.signal,
          onRetry: ({ error, failures, delayMs }) =>
            this.logger.warn(
              {
                consumer: this.name,
                offset: this.next,
                attempt: failures,
                retryInMs: delayMs,
                err: (error as Error).message,
              },
              'event log subscription: batch failed, retrying',
            ),
        });
      } catch {
        return; // retry only gives up when the subscription closes
      }
      this.next = batch[batch.length - 1]!.position.offset + 1;
      await this.checkpointSoon();
    }
  }

  private async deliver(from: number): Promise<StoredEvent[]> {
    const batch = await this.source.readBatch(from, this.batchSize);
    if (batch.length === 0) throw new Error(`no event readable at offset ${from}`);
    await this.handler(batch);
    return batch;
  }

  private async checkpointSoon(): Promise<void> {
    const wait = this.savedAt + this.checkpointEveryMs - Date.now();
    if (wait <= 0) return this.saveCheckpoint();
    this.pendingSave ??= setTimeout(() => {
      this.pendingSave = null;
      if (!this.closed) void this.saveCheckpoint();
    }, wait);
    this.pendingSave.unref();
  }

  private saveCheckpoint(): Promise<void> {
    this.saving = this.saving.then(() => this.saveNow());
    return this.saving;
  }

  private async saveNow(): Promise<void> {
    const next = this.next;
    if (next <= this.saved) return;
    this.savedAt = Date.now();
    try {
      await this.checkpoints.save(this.name, next);
      this.saved = Math.max(this.saved, next);
    } catch (e) {
      // Delivery stays correct: a later save (or a redelivery after restart) covers this batch.
      this.logger.warn(
        { consumer: this.name, offset: this.next, err: (e as Error).message },
        'event log subscription: checkpoint save failed',
      );
    }
  }

  /** Waits for the next commit; close() cuts it short. */
  private nextCommit(): Promise<void> {
    return new Promise<void>((resolve) => {
      const wake = (): void => {
        if (this.wakeUp === wake) this.wakeUp = null;
        resolve();
      };
      this.wakeUp = wake;
      if (this.closed) return wake();
      this.source.onNextCommit(wake);
    });
  }
}
