import { retry, type EventLog, type Logger, type StoredEvent, type Subscription } from '@engram/core';

/** A listener of the live tail: push must return at once (it runs inside the log's delivery). */
export interface TailListener {
  push(batch: readonly StoredEvent[]): void;
}

/** The log consumer the live tail of every event stream of this process reads through. */
export const EVENT_STREAM_CONSUMER = 'event-stream';

/**
 * One subscription to the log's live tail shared by every open event stream of the process (a
 * stream per connection would be a log consumer per connection). It starts with the first stream
 * and only hands batches on, so it never holds the log back: each listener buffers (bounded) on its own.
 */
export class TailHub {
  private readonly listeners = new Set<TailListener>();
  private started: Promise<Subscription | null> | null = null;
  private readonly stopping = new AbortController();

  constructor(
    private readonly log: EventLog,
    private readonly logger: Logger,
  ) {}

  /** Adds a listener; the returned function removes it. */
  join(listener: TailListener): () => void {
    this.listeners.add(listener);
    this.started ??= this.start();
    return () => void this.listeners.delete(listener);
  }

  private start(): Promise<Subscription | null> {
    return retry(
      () =>
        this.log.subscribe(
          async (batch) => {
            for (const l of this.listeners) l.push(batch);
          },
          { name: EVENT_STREAM_CONSUMER, batchSize: 500 },
        ),
      {
        backoff: { initialMs: 250, maxMs: 5000 },
        signal: this.stopping.signal,
        onRetry: ({ error, failures, delayMs }) =>
          this.logger.error(
            { err: error, attempt: failures, retryInMs: delayMs },
            'event stream: cannot follow the log; retrying',
          ),
      },
    ).catch(() => null);
  }

  async close(): Promise<void> {
    this.stopping.abort(new Error('the event stream is closing'));
    this.listeners.clear();
    const sub = await this.started;
    await sub?.close();
  }
}
