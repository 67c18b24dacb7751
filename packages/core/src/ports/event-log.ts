import type { EngramEvent, LogPosition, StoredEvent } from '../events/types';

export interface AppendOptions {
  /**
   * Optimistic concurrency on the stream (tenant + user) of the batch: the number of events the
   * stream must hold before this append. Fails with WRONG_EXPECTED_VERSION otherwise.
   */
  expectedStreamVersion?: number;
  /**
   * For a log that `cutsUnacknowledged` only: it may write the events before this settles but
   * acknowledges them (and keeps them across a restart) only once it resolves; rejected, the append
   * fails with its error and nothing of it stays.
   */
  commitAfter?: Promise<void>;
}

export interface AppendResult {
  /** One position per appended event, in order. */
  positions: LogPosition[];
  /** Events in the stream after this append. */
  streamVersion: number;
}

export interface ReadOptions {
  /** Inclusive start per partition; absent partitions start at 0. */
  from?: ReadonlyMap<number, number> | LogPosition;
  limit?: number;
}

export interface SubscribeOptions {
  /** Consumer name: its checkpoint is kept by the log under this name (at-least-once delivery). */
  name: string;
  /** Start from the beginning instead of the stored checkpoint (used by replay). */
  fromBeginning?: boolean;
  /** Max events per handler call. */
  batchSize?: number;
}

/** Whether the log takes appends now (for /readyz): a full disk or an unreachable broker says no, and why. */
export interface LogHealth {
  appendable: boolean;
  reason?: string;
  /** When it stopped taking appends (ISO). */
  since?: string;
}

export type BatchHandler = (batch: StoredEvent[]) => Promise<void>;

export interface Subscription {
  /** Stop delivering; resolves when the in-flight batch (if any) has finished. */
  close(): Promise<void>;
}

/**
 * The log of record. Appends are acknowledged only once durable. All events of one append must
 * belong to one stream (tenant + user); order within a stream is total and preserved on delivery.
 */
export interface EventLog {
  /** Whatever it wrote but did not acknowledge is cut at the next start (AppendOptions.commitAfter is honoured). */
  readonly cutsUnacknowledged?: boolean;
  append(events: EngramEvent[], opts?: AppendOptions): Promise<AppendResult>;
  /** Reads stored events in position order (per partition). */
  read(opts?: ReadOptions): AsyncIterable<StoredEvent>;
  /**
   * Delivers every event (from the consumer's checkpoint) to the handler, then follows the live
   * tail. The checkpoint advances after the handler resolves; a failing handler is retried.
   */
  subscribe(handler: BatchHandler, opts: SubscribeOptions): Promise<Subscription>;
  /** The next offset to be written, per partition (the "head"). */
  head(): Promise<Map<number, number>>;
  /** Can it take appends right now? Never throws. */
  health(): Promise<LogHealth>;
  /** Number of events in a stream (tenant + user). */
  streamVersion(tenantId: string, userId: string): Promise<number>;
  close(): Promise<void>;
}

/** Serializes events for storage and the wire (Avro in production). */
export interface EventCodec {
  encode(event: EngramEvent): Uint8Array;
  decode(bytes: Uint8Array): EngramEvent;
}
