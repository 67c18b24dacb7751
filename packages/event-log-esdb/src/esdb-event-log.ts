import {
  deterministicId,
  isUuid,
  EngramError,
  type AppendOptions,
  type AppendResult,
  type BatchHandler,
  type EngramEvent,
  type EventCodec,
  type EventLog,
  type LogHealth,
  type ReadOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '@engram/core';
import {
  ANY,
  BACKWARDS,
  binaryEvent,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  type AppendExpectedRevision,
} from '@eventstore/db-client';
import { CheckpointStore } from './checkpoints';
import { toStoredEvent } from './decode-recorded';
import { isStreamNotFound, toLogError } from './errors';
import { EsdbSubscription } from './esdb-subscription';
import { offsetOf, readStartFor, type AllPosition } from './positions';
import { assertValidStreamPrefix, DEFAULT_STREAM_PREFIX, eventStreamName } from './stream-names';

export interface EsdbEventLogOptions {
  /** e.g. `esdb://localhost:2113?tls=false` */
  connectionString: string;
  codec: EventCodec;
  /** First part of every stream name (default "engram"). */
  streamPrefix?: string;
  /** Told about retried failures inside subscriptions (handler errors, dropped connections). */
  onError?: (err: unknown, context: string) => void;
}

/** How far back $all is scanned to find the positions of a just-appended batch, if not adjacent. */
const POSITION_SCAN_LIMIT = 10_000;

/** EventStoreDB needs UUID event ids; it also deduplicates on them, so the id is derived, never random. */
export function esdbEventIdOf(eventId: string): string {
  return isUuid(eventId) ? eventId.toLowerCase() : deterministicId('engram-esdb-event', eventId);
}

export function expectedRevisionOf(opts: AppendOptions | undefined): AppendExpectedRevision {
  const v = opts?.expectedStreamVersion;
  if (v === undefined) return ANY;
  if (!Number.isSafeInteger(v) || v < 0)
    throw new EngramError('VALIDATION_FAILED', `expectedStreamVersion must be a non-negative integer, got ${v}`);
  return v === 0 ? NO_STREAM : BigInt(v - 1);
}

function fromOffset(from: ReadOptions['from']): number {
  if (from === undefined) return 0;
  if (from instanceof Map) return from.get(0) ?? 0;
  const p = from as { partition: number; offset: number };
  return p.partition === 0 ? p.offset : 0;
}

/**
 * EventLog on EventStoreDB: one stream per tenant + user (`<prefix>-<tenant>-<user>`), events stored
 * as the codec's binary encoding, optimistic concurrency via expectedRevision, reads and
 * subscriptions over $all filtered on the stream prefix. One partition (0); offsets come from $all
 * commit positions (see positions.ts).
 */
export async function openEsdbEventLog(opts: EsdbEventLogOptions): Promise<EventLog> {
  const prefix = opts.streamPrefix ?? DEFAULT_STREAM_PREFIX;
  try {
    assertValidStreamPrefix(prefix);
  } catch (e) {
    throw new EngramError('CONFIG_INVALID', (e as Error).message);
  }
  let client: EventStoreDBClient;
  try {
    client = EventStoreDBClient.connectionString(opts.connectionString);
  } catch (e) {
    throw new EngramError('CONFIG_INVALID', `invalid EventStoreDB connection string: ${(e as Error).message}`, {
      cause: e,
    });
  }
  const { codec } = opts;
  const onError = opts.onError ?? (() => undefined);
  const checkpoints = new CheckpointStore(client, prefix);
  const subscriptions = new Set<EsdbSubscription>();
  let closed = false;

  const guard = () => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'EventStoreDB event log is closed');
  };

  /**
   * Positions of an appended batch. The append result carries one position; the events of one
   * append are contiguous in $all, so they are found next to it (either side, whichever event of
   * the batch the server reports), with a bounded scan back from the end as a fallback.
   */
  const batchPositions = async (ids: string[], reported: AllPosition): Promise<AllPosition[]> => {
    const wanted = new Set(ids);
    const found = new Map<string, AllPosition>();
    const scan = async (
      direction: typeof FORWARDS | typeof BACKWARDS,
      fromPosition: AllPosition | typeof END,
      maxCount: number,
    ) => {
      for await (const resolved of client.readAll({ direction, fromPosition, maxCount })) {
        const e = resolved.event;
        if (e && wanted.has(e.id)) found.set(e.id, e.position);
        if (found.size === ids.length) return;
      }
    };
    await scan(FORWARDS, reported, ids.length);
    if (found.size < ids.length) await scan(BACKWARDS, reported, ids.length + 1);
    if (found.size < ids.length) await scan(BACKWARDS, END, POSITION_SCAN_LIMIT);
    if (found.size < ids.length) {
      throw new EngramError(
        'LOG_UNAVAILABLE',
        'appended, but could not read back the positions of the batch; retrying the append is safe (same event ids)',
      );
    }
    return ids.map((id) => found.get(id)!);
  };

  const log: EventLog = {
    async append(events: EngramEvent[], appendOpts?: AppendOptions): Promise<AppendResult> {
      guard();
      if (events.length === 0) throw new EngramError('VALIDATION_FAILED', 'append needs at least one event');
      const { tenantId, userId } = events[0]!;
      if (events.some((e) => e.tenantId !== tenantId || e.userId !== userId)) {
        throw new EngramError(
          'VALIDATION_FAILED',
          'all events of one append must belong to one stream (tenant + user)',
        );
      }
      const expectedRevision = expectedRevisionOf(appendOpts);
      const ids = events.map((e) => esdbEventIdOf(e.eventId));
      if (new Set(ids).size !== ids.length)
        throw new EngramError('VALIDATION_FAILED', 'an append must not hold the same eventId twice');
      const data = events.map((e, i) =>
        binaryEvent({
          id: ids[i]!,
          type: e.type,
          data: codec.encode(e),
          metadata: {
            tenantId: e.tenantId,
            userId: e.userId,
            eventId: e.eventId,
            ...(e.correlationId ? { $correlationId: e.correlationId } : {}),
            ...(e.causationId ? { $causationId: e.causationId } : {}),
          },
        }),
      );
      try {
        const result = await client.appendToStream(eventStreamName(prefix, tenantId, userId), data, {
          expectedRevision,
        });
        if (!result.position)
          throw new EngramError('LOG_UNAVAILABLE', 'EventStoreDB did not return the position of the append');
        const positions = events.length === 1 ? [result.position] : await batchPositions(ids, result.position);
        return {
          positions: positions.map((p) => ({ partition: 0, offset: offsetOf(p) })),
          streamVersion: Number(result.nextExpectedRevision) + 1,
        };
      } catch (e) {
        throw toLogError('append', e);
      }
    },

    async *read(readOpts?: ReadOptions): AsyncIterable<StoredEvent> {
      guard();
      const limit = readOpts?.limit ?? Number.POSITIVE_INFINITY;
      if (limit <= 0) return;
      const { start, minOffset } = readStartFor(fromOffset(readOpts?.from));
      let delivered = 0;
      const stream = client.readAll({ direction: FORWARDS, fromPosition: start === 'start' ? START : start });
      try {
        for await (const resolved of stream) {
          const stored = toStoredEvent(resolved, prefix, codec);
          if (!stored || stored.position.offset < minOffset) continue;
          yield stored;
          if (++delivered >= limit) break;
        }
      } catch (e) {
        throw toLogError('read', e);
      } finally {
        await stream.cancel().catch(() => undefined);
      }
    },

    async subscribe(handler: BatchHandler, subOpts: SubscribeOptions): Promise<Subscription> {
      guard();
      if (!subOpts.name) throw new EngramError('VALIDATION_FAILED', 'subscribe needs a consumer name');
      const sub = new EsdbSubscription(
        { client, codec, prefix, checkpoints, onError },
        handler,
        subOpts.name,
        subOpts.fromBeginning ?? false,
        subOpts.batchSize,
      );
      try {
        await sub.start();
      } catch (e) {
        throw toLogError(`subscribe ${subOpts.name}`, e);
      }
      subscriptions.add(sub);
      return {
        close: async () => {
          subscriptions.delete(sub);
          await sub.close();
        },
      };
    },

    async health(): Promise<LogHealth> {
      try {
        await log.head();
        return { appendable: true };
      } catch (e) {
        return { appendable: false, reason: (e as Error).message };
      }
    },
    async head(): Promise<Map<number, number>> {
      guard();
      try {
        for await (const resolved of client.readAll({ direction: BACKWARDS, fromPosition: END, maxCount: 1 })) {
          if (resolved.event) return new Map([[0, offsetOf(resolved.event.position) + 1]]);
        }
        return new Map([[0, 0]]);
      } catch (e) {
        throw toLogError('head', e);
      }
    },

    async streamVersion(tenantId: string, userId: string): Promise<number> {
      guard();
      try {
        for await (const resolved of client.readStream(eventStreamName(prefix, tenantId, userId), {
          direction: BACKWARDS,
          fromRevision: END,
          maxCount: 1,
        })) {
          if (resolved.event) return Number(resolved.event.revision) + 1;
        }
        return 0;
      } catch (e) {
        if (isStreamNotFound(e)) return 0;
        throw toLogError('streamVersion', e);
      }
    },

    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await Promise.all([...subscriptions].map((s) => s.close()));
      subscriptions.clear();
      await client.dispose();
    },
  };
  return log;
}
