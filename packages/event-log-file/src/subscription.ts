import type { BatchHandler, StoredEvent, Subscription } from '@engram/core';
import type { CheckpointStore } from './checkpoints';
import type { LogLogger } from './logger';

/** What a subscription needs from the log. */
export interface SubscriptionSource {
  /** The next offset to be written (everything below is durable and readable). */
  nextOffset(): number;
  readBatch(from: number, limit: number): Promise<StoredEvent[]>;
  /** Calls `wake` once, at the next commit or when the log closes. */
  onNextCommit(wake: () => void): void;
}

const FIRST_RETRY_MS = 50;
const MAX_RETRY_MS = 5_000;

/**
 * Delivers batches in offset order from `start`, then follows the tail. A batch is retried (with
 * backoff) until the handler resolves; only then does the checkpoint move past it, so nothing is
 * skipped and delivery is at-least-once.
 */
export class FileSubscription implements Subscription {
  private closed = false;
  private wakeUp: (() => void) | null = null;
  private loop: Promise<void> = Promise.resolve();

  constructor(
    private readonly source: SubscriptionSource,
    private readonly handler: BatchHandler,
    private readonly name: string,
    private next: number,
    private readonly batchSize: number,
    private readonly checkpoints: CheckpointStore,
    private readonly logger: LogLogger,
    private readonly onClosed: () => void,
  ) {}

  start(): void {
    this.loop = this.run().finally(this.onClosed);
  }

  async close(): Promise<void> {
    this.closed = true;
    this.wakeUp?.();
    await this.loop;
  }

  private async run(): Promise<void> {
    let failures = 0;
    while (!this.closed) {
      if (this.next >= this.source.nextOffset()) {
        await this.idle(null);
        continue;
      }
      let batch: StoredEvent[];
      try {
        batch = await this.source.readBatch(this.next, this.batchSize);
        if (batch.length === 0) throw new Error(`no event readable at offset ${this.next}`);
        await this.handler(batch);
      } catch (e) {
        failures++;
        const delayMs = Math.min(MAX_RETRY_MS, FIRST_RETRY_MS * 2 ** Math.min(failures - 1, 16));
        this.logger.warn(
          { consumer: this.name, offset: this.next, attempt: failures, retryInMs: delayMs, err: (e as Error).message },
          'event log subscription: batch failed, retrying',
        );
        await this.idle(delayMs);
        continue;
      }
      failures = 0;
      this.next = batch[batch.length - 1]!.position.offset + 1;
      await this.saveCheckpoint();
    }
  }

  private async saveCheckpoint(): Promise<void> {
    try {
      await this.checkpoints.save(this.name, this.next);
    } catch (e) {
      // Delivery stays correct: a later save (or a redelivery after restart) covers this batch.
      this.logger.warn({ consumer: this.name, offset: this.next, err: (e as Error).message }, 'event log subscription: checkpoint save failed');
    }
  }

  /** Waits for a commit (delayMs null) or a backoff delay; close() cuts either short. */
  private idle(delayMs: number | null): Promise<void> {
    return new Promise<void>((resolve) => {
      let timer: NodeJS.Timeout | undefined;
      const wake = (): void => {
        if (timer) clearTimeout(timer);
        if (this.wakeUp === wake) this.wakeUp = null;
        resolve();
      };
      this.wakeUp = wake;
      if (this.closed) return wake();
      if (delayMs === null) this.source.onNextCommit(wake);
      else timer = setTimeout(wake, delayMs);
    });
  }
}
