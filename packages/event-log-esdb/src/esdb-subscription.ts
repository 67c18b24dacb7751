import {
  abortableDelay,
  backoffDelay,
  retry,
  type BatchHandler,
  type EventCodec,
  type StoredEvent,
  type Subscription,
} from '@engram/core';
import {
  START,
  streamNameFilter,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
} from '@eventstore/db-client';
import type { CheckpointStore } from './checkpoints';
import { toStoredEvent } from './decode-recorded';
import type { AllPosition } from './positions';
import { eventStreamPrefix } from './stream-names';

export interface EsdbSubscriptionDeps {
  client: EventStoreDBClient;
  codec: EventCodec;
  prefix: string;
  checkpoints: CheckpointStore;
  onError: (err: unknown, context: string) => void;
}

const DEFAULT_BATCH = 100;
const BACKOFF = { initialMs: 50, maxMs: 5_000 };

const CLOSED = Symbol('closed');

/**
 * A catch-up subscription to $all, filtered on the event stream prefix, from the consumer's
 * checkpoint. Batches are read from the stream as they are available (at most batchSize); the
 * checkpoint is saved after the handler resolves; a failing handler is retried with backoff and
 * nothing is skipped. A dropped server subscription is reopened from the last processed position.
 */
export class EsdbSubscription implements Subscription {
  private closing = false;
  private readonly stopping = new AbortController();
  private current: AllStreamSubscription | null = null;
  private inFlight: Promise<void> = Promise.resolve();
  private runLoop: Promise<void> = Promise.resolve();
  /** Callbacks that end a consume loop when the subscription closes. */
  private readonly wakers = new Set<() => void>();
  private lastProcessed: AllPosition | null = null;
  private readonly batchSize: number;

  constructor(
    private readonly deps: EsdbSubscriptionDeps,
    private readonly handler: BatchHandler,
    private readonly name: string,
    private readonly fromBeginning: boolean,
    batchSize: number | undefined,
  ) {
    this.batchSize = batchSize && batchSize > 0 ? Math.floor(batchSize) : DEFAULT_BATCH;
  }

  async start(): Promise<void> {
    this.lastProcessed = this.fromBeginning ? null : await this.deps.checkpoints.load(this.name);
    this.runLoop = this.run();
  }

  async close(): Promise<void> {
    if (this.closing) return this.runLoop;
    this.closing = true;
    this.stopping.abort();
    for (const wake of [...this.wakers]) wake();
    await this.inFlight;
    await this.current?.unsubscribe().catch(() => undefined);
    await this.runLoop;
  }

  private async run(): Promise<void> {
    while (!this.closing) {
      // A failed stream is reopened with backoff; one the server ended cleanly, after the first step.
      await retry(() => this.openAndConsume(), {
        backoff: BACKOFF,
        signal: this.stopping.signal,
        onRetry: ({ error }) =>
          this.deps.onError(error, `subscription ${this.name} dropped; reopening from its last processed position`),
      }).catch(() => undefined);
      if (!this.closing) await abortableDelay(backoffDelay(BACKOFF, 1), this.stopping.signal);
    }
  }

  private async openAndConsume(): Promise<void> {
    const sub = this.deps.client.subscribeToAll({
      fromPosition: this.lastProcessed ?? START,
      filter: streamNameFilter({ prefixes: [eventStreamPrefix(this.deps.prefix)] }),
    });
    this.current = sub;
    try {
      await this.consume(sub);
    } finally {
      await sub.unsubscribe().catch(() => undefined);
      this.current = null;
      // A batch taken before the stream failed finishes first: a reopened stream must not run
      // the handler concurrently with it.
      await this.inFlight;
    }
  }

  /** Resolves when the server stream ends (or we close), rejects when it fails. */
  private consume(sub: AllStreamSubscription): Promise<void> {
    return new Promise<void>((resolve, reject) => {
      let pumping = false;
      let failed = false;
      const fail = (e: unknown) => {
        if (failed) return;
        failed = true;
        reject(e);
      };
      const pump = async () => {
        if (pumping || failed) return;
        pumping = true;
        try {
          while (!this.closing && !failed) {
            const batch: AllStreamResolvedEvent[] = [];
            let item: AllStreamResolvedEvent | null;
            while (batch.length < this.batchSize && (item = sub.read() as AllStreamResolvedEvent | null) !== null)
              batch.push(item);
            if (batch.length === 0) break;
            this.inFlight = this.deliver(batch);
            await this.inFlight;
          }
          if (this.closing) resolve();
        } catch (e) {
          fail(e);
        } finally {
          pumping = false;
        }
      };
      const done = () => {
        this.wakers.delete(done);
        resolve();
      };
      this.wakers.add(done);
      sub.on('readable', () => void pump());
      sub.on('error', (e) => {
        this.wakers.delete(done);
        fail(e);
      });
      sub.on('end', done);
      sub.on('close', done);
    });
  }

  private async deliver(raw: AllStreamResolvedEvent[]): Promise<void> {
    const batch: StoredEvent[] = [];
    for (const resolved of raw) {
      // Decoding is retried like the handler: an event this build cannot read (e.g. a newer
      // schema) stops the consumer until a deploy can, instead of being skipped.
      const stored = await this.retry(`decode event ${resolved.event?.id ?? '?'}`, async () =>
        toStoredEvent(resolved, this.deps.prefix, this.deps.codec),
      );
      if (stored === CLOSED) return;
      if (stored) batch.push(stored);
    }
    if (batch.length > 0 && (await this.retry('handler', () => this.handler(batch))) === CLOSED) return;
    const last = raw[raw.length - 1]!.event?.position;
    if (!last) return;
    this.lastProcessed = last;
    if (batch.length > 0) await this.retry('save checkpoint', () => this.deps.checkpoints.save(this.name, last));
  }

  /** Runs fn until it succeeds, or gives CLOSED (without running it again) once the subscription closes. */
  private retry<T>(what: string, fn: () => Promise<T>): Promise<T | typeof CLOSED> {
    return retry(fn, {
      backoff: BACKOFF,
      signal: this.stopping.signal,
      onRetry: ({ error, failures }) =>
        this.deps.onError(error, `subscription ${this.name}: ${what} failed (attempt ${failures}); retrying`),
    }).catch((e: unknown) => {
      if (this.closing) return CLOSED;
      throw e;
    });
  }
}
