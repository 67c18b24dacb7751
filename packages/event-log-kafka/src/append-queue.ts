import type { Message, Producer } from 'kafkajs';
import { EngramError, type LogPosition } from '@engram/core';

interface PendingAppend {
  partition: number;
  messages: Message[];
  bytes: number;
  resolve(positions: LogPosition[]): void;
  reject(e: unknown): void;
}

/**
 * The broker's default max.message.bytes is ~1 MB per record batch, and kafkajs sends one batch per
 * partition per request: appends to one partition are grouped up to this size.
 */
const MAX_PARTITION_BATCH_BYTES = 900 * 1024;

/**
 * Group commit over one idempotent producer: a single send is in flight at a time (so the
 * idempotent sequence numbers can never go out of order), and every append queued meanwhile goes
 * into the next send. Each append's messages are contiguous in its partition, because one
 * partition's messages of one send form one record batch, which the broker stores atomically at
 * consecutive offsets: that is how the positions are known without reading back.
 */
export class AppendQueue {
  private readonly queue: PendingAppend[] = [];
  private running = false;
  private idleWaiters: Array<() => void> = [];

  constructor(
    private readonly producer: Producer,
    private readonly topic: string,
  ) {}

  enqueue(partition: number, messages: Message[]): Promise<LogPosition[]> {
    const bytes = messages.reduce(
      (n, m) => n + (m.value ? (m.value as Buffer).length : 0) + (m.key ? Buffer.byteLength(m.key as string) : 0),
      0,
    );
    return new Promise((resolve, reject) => {
      this.queue.push({ partition, messages, bytes, resolve, reject });
      if (!this.running) void this.drain();
    });
  }

  /** Resolves once nothing is queued or in flight. */
  whenIdle(): Promise<void> {
    if (!this.running && this.queue.length === 0) return Promise.resolve();
    return new Promise((r) => this.idleWaiters.push(r));
  }

  private takeBatch(): PendingAppend[] {
    const taken: PendingAppend[] = [];
    const bytesPerPartition = new Map<number, number>();
    while (this.queue.length > 0) {
      const next = this.queue[0]!;
      const used = bytesPerPartition.get(next.partition) ?? 0;
      if (taken.length > 0 && used + next.bytes > MAX_PARTITION_BATCH_BYTES) break;
      bytesPerPartition.set(next.partition, used + next.bytes);
      taken.push(this.queue.shift()!);
    }
    return taken;
  }

  private async drain(): Promise<void> {
    this.running = true;
    try {
      while (this.queue.length > 0) {
        const batch = this.takeBatch();
        try {
          const metadata = await this.producer.send({
            topic: this.topic,
            acks: -1,
            messages: batch.flatMap((p) => p.messages.map((m) => ({ ...m, partition: p.partition }))),
          });
          const base = new Map(metadata.map((r) => [r.partition, Number(r.baseOffset)]));
          const next = new Map<number, number>();
          for (const p of batch) {
            const start = base.get(p.partition);
            if (start === undefined || !Number.isSafeInteger(start) || start < 0) {
              p.reject(
                new EngramError('LOG_UNAVAILABLE', `Kafka did not report an offset for partition ${p.partition}`),
              );
              continue;
            }
            const cursor = next.get(p.partition) ?? start;
            p.resolve(p.messages.map((_, i) => ({ partition: p.partition, offset: cursor + i })));
            next.set(p.partition, cursor + p.messages.length);
          }
        } catch (e) {
          const error = sendError(e);
          for (const p of batch) p.reject(error);
        }
      }
    } finally {
      this.running = false;
      const waiters = this.idleWaiters.splice(0);
      for (const w of waiters) w();
    }
  }
}

function sendError(e: unknown): EngramError {
  const type =
    (e as { type?: string; cause?: { type?: string } } | undefined)?.type ??
    (e as { cause?: { type?: string } } | undefined)?.cause?.type;
  if (type === 'MESSAGE_TOO_LARGE' || type === 'RECORD_LIST_TOO_LARGE') {
    return new EngramError(
      'CONTENT_TOO_LARGE',
      'the events are larger than the Kafka broker accepts in one batch (max.message.bytes)',
      { cause: e },
    );
  }
  // Retriable, but the outcome is unknown: the broker may have stored the batch before failing.
  return new EngramError('LOG_UNAVAILABLE', `Kafka append failed: ${(e as Error)?.message ?? String(e)}`, { cause: e });
}
