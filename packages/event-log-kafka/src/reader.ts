import { randomUUID } from 'node:crypto';
import type { Admin, Kafka } from 'kafkajs';
import {
  EngramError,
  isEngramError,
  type EventCodec,
  type Logger,
  type LogPosition,
  type ReadOptions,
  type StoredEvent,
} from '@engram/core';
import { withMetadataRetry } from './admin-retry';

export interface ReaderContext {
  kafka: Kafka;
  admin: Admin;
  topic: string;
  codec: EventCodec;
  logger: Logger;
}

/** Events buffered ahead of the reader before fetching pauses. */
const HIGH_WATER = 2_000;

interface Range {
  next: number;
  end: number;
}

/**
 * A Map gives a start per partition (absent partitions from 0). A single LogPosition reads only its
 * own partition: "the events from this position on" (e.g. the consolidator reading one event back
 * by its position) must not interleave other partitions read from their beginning.
 */
function startOffsets(from: ReadOptions['from']): { starts: Map<number, number>; onlyPartition: number | undefined } {
  const starts = new Map<number, number>();
  if (from === undefined) return { starts, onlyPartition: undefined };
  const single = !(from instanceof Map);
  const entries: Array<[number, number]> =
    from instanceof Map ? [...from.entries()] : [[(from as LogPosition).partition, (from as LogPosition).offset]];
  for (const [partition, offset] of entries) {
    if (!Number.isSafeInteger(partition) || partition < 0 || !Number.isSafeInteger(offset) || offset < 0) {
      throw new EngramError('VALIDATION_FAILED', 'read start positions must be non-negative integers', {
        details: { field: 'from' },
      });
    }
    starts.set(partition, offset);
  }
  return { starts, onlyPartition: single ? entries[0]![0] : undefined };
}

export function validateReadOptions(opts: ReadOptions): {
  starts: Map<number, number>;
  onlyPartition: number | undefined;
  limit: number;
} {
  const limit = opts.limit ?? Number.POSITIVE_INFINITY;
  if (opts.limit !== undefined && (!Number.isSafeInteger(opts.limit) || opts.limit < 0)) {
    throw new EngramError('VALIDATION_FAILED', 'limit must be a non-negative integer', { details: { field: 'limit' } });
  }
  return { ...startOffsets(opts.from), limit };
}

/**
 * Reads what the log holds when the read starts (up to each partition's head at that moment), in
 * offset order per partition; partitions interleave. kafkajs only consumes through a group, so the
 * read uses a throw-away group that commits nothing and is deleted afterwards.
 */
export async function* readEvents(ctx: ReaderContext, opts: ReadOptions): AsyncGenerator<StoredEvent> {
  const { starts, onlyPartition, limit } = validateReadOptions(opts);
  if (limit === 0) return;
  const offsets = await withMetadataRetry(() => ctx.admin.fetchTopicOffsets(ctx.topic)).catch((e: unknown) => {
    throw new EngramError('LOG_UNAVAILABLE', `cannot read the offsets of ${ctx.topic}: ${(e as Error).message}`, {
      cause: e,
    });
  });
  const known = new Set(offsets.map((o) => o.partition));
  for (const p of starts.keys()) {
    if (!known.has(p))
      throw new EngramError('VALIDATION_FAILED', `topic ${ctx.topic} has no partition ${p}`, {
        details: { field: 'from' },
      });
  }
  const ranges = new Map<number, Range>();
  for (const o of offsets) {
    if (onlyPartition !== undefined && o.partition !== onlyPartition) continue;
    const next = Math.max(starts.get(o.partition) ?? 0, Number(o.low));
    const end = Number(o.high);
    if (next < end) ranges.set(o.partition, { next, end });
  }
  if (ranges.size === 0) return;

  const buffer: StoredEvent[] = [];
  let failure: unknown = null;
  let finished = false;
  const wake: { reader: (() => void) | null; fetcher: (() => void) | null } = { reader: null, fetcher: null };
  const notifyReader = () => {
    wake.reader?.();
    wake.reader = null;
  };
  const notifyFetcher = () => {
    wake.fetcher?.();
    wake.fetcher = null;
  };

  const groupId = `engram-read-${randomUUID()}`;
  const consumer = ctx.kafka.consumer({ groupId, allowAutoTopicCreation: false, maxWaitTimeInMs: 100 });
  try {
    await consumer.connect();
    await consumer.subscribe({ topics: [ctx.topic], fromBeginning: true });
    await consumer.run({
      autoCommit: false,
      eachBatch: async ({ batch, isRunning }) => {
        const range = ranges.get(batch.partition);
        for (const message of batch.messages) {
          if (finished || !range || !isRunning()) return;
          const offset = Number(message.offset);
          if (offset < range.next || offset >= range.end) continue;
          try {
            if (!message.value) throw new EngramError('DECODE_FAILED', 'message has no value');
            buffer.push({ event: ctx.codec.decode(message.value), position: { partition: batch.partition, offset } });
          } catch (e) {
            failure = withPosition(e, batch.partition, offset);
            finished = true;
            notifyReader();
            return;
          }
          range.next = offset + 1;
          if (range.next >= range.end) ranges.delete(batch.partition);
          if (ranges.size === 0) finished = true;
          notifyReader();
          while (buffer.length >= HIGH_WATER && !finished && isRunning())
            await new Promise<void>((r) => (wake.fetcher = r));
        }
      },
    });
    for (const [partition, range] of ranges) consumer.seek({ topic: ctx.topic, partition, offset: String(range.next) });

    let yielded = 0;
    for (;;) {
      while (buffer.length > 0) {
        const next = buffer.shift()!;
        if (buffer.length < HIGH_WATER / 2) notifyFetcher();
        yield next;
        if (++yielded >= limit) return;
      }
      if (failure) throw failure;
      if (finished) return;
      await new Promise<void>((r) => (wake.reader = r));
    }
  } finally {
    finished = true;
    notifyFetcher();
    await consumer.disconnect().catch(() => undefined);
    await ctx.admin
      .deleteGroups([groupId])
      .catch((e: unknown) =>
        ctx.logger.debug?.({ groupId, error: (e as Error).message }, 'could not delete the read group'),
      );
  }
}

function withPosition(e: unknown, partition: number, offset: number): EngramError {
  const details = { partition, offset };
  if (isEngramError(e))
    return new EngramError(e.code, `${e.message} (at ${partition}:${offset})`, {
      cause: e,
      details: { ...e.details, ...details },
    });
  return new EngramError(
    'DECODE_FAILED',
    `cannot decode the event at ${partition}:${offset}: ${(e as Error)?.message ?? String(e)}`,
    { cause: e, details },
  );
}
