import type { Admin, Consumer, EachBatchPayload, Kafka, KafkaMessage, Producer } from 'kafkajs';
import {
  abortableDelay,
  EngramError,
  isEngramError,
  retry,
  type BatchHandler,
  type EventCodec,
  type Logger,
  type StoredEvent,
} from '@engram/core';
import { sendDeadLetter } from './dead-letters';
import type { DeadLetterReason } from './headers';

export interface SubscriptionContext {
  kafka: Kafka;
  admin: Admin;
  dlqProducer: Producer;
  topic: string;
  dlqTopic: string;
  codec: EventCodec;
  logger: Logger;
  maxHandlerRetries: number;
  retryBackoffMs: number;
  partitionsConsumedConcurrently: number;
}

export interface KafkaSubscriptionOptions {
  name: string;
  fromBeginning: boolean;
  batchSize: number;
}

const MAX_BACKOFF_MS = 30_000;
/** Heartbeat at least this often while waiting between retries (session timeout is 30 s). */
const HEARTBEAT_EVERY_MS = 3_000;
const JOIN_TIMEOUT_MS = 60_000;

/** The consumer group of a subscription name. */
export function groupIdOf(name: string): string {
  return `engram-${name}`;
}

type Outcome = 'done' | 'stopped';
/** Thrown inside a retried step when the subscription stops or loses the partition: never retried. */
class Stopped extends Error {}
interface Pending {
  message: KafkaMessage;
  stored: StoredEvent;
}

/**
 * One consumer group per subscription name. Each batch is delivered in chunks of batchSize in
 * partition order; the group's offset is committed only after the handler resolves (at-least-once).
 * A failing handler is retried with exponential backoff: indefinitely for retriable EngramErrors (an
 * outage must not drain the log into the DLQ), otherwise up to maxHandlerRetries, after which each
 * event of the chunk is retried alone and the ones still failing go to the dead-letter topic.
 */
export class KafkaSubscription {
  private stopping = false;
  private closed: Promise<void> | null = null;
  private readonly stopSignal = new AbortController();
  private readonly consumer: Consumer;
  private readonly groupId: string;

  constructor(
    private readonly ctx: SubscriptionContext,
    private readonly handler: BatchHandler,
    private readonly opts: KafkaSubscriptionOptions,
    private readonly onClosed: () => void,
  ) {
    this.groupId = groupIdOf(opts.name);
    this.consumer = ctx.kafka.consumer({
      groupId: this.groupId,
      allowAutoTopicCreation: false,
      maxWaitTimeInMs: 250,
      // A projector must keep going after a crash of the client (kafkajs restarts only on
      // retriable errors by default); each crash is logged.
      retry: { retries: 10, restartOnFailure: async () => true },
    });
  }

  async start(): Promise<void> {
    const { topic, admin, logger } = this.ctx;
    if (this.opts.fromBeginning) {
      try {
        await admin.resetOffsets({ groupId: this.groupId, topic, earliest: true });
      } catch (e) {
        throw new EngramError(
          'CONFLICT',
          `cannot replay ${this.opts.name} from the beginning while group ${this.groupId} has running members: ${(e as Error).message}`,
          { cause: e },
        );
      }
    }
    const joined = new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => {
        logger.warn({ groupId: this.groupId }, 'consumer group join is taking long; continuing in the background');
        resolve();
      }, JOIN_TIMEOUT_MS);
      const offJoin = this.consumer.on(this.consumer.events.GROUP_JOIN, () => {
        clearTimeout(timer);
        offJoin();
        resolve();
      });
      const offCrash = this.consumer.on(this.consumer.events.CRASH, (ev) => {
        logger.error(
          { groupId: this.groupId, error: String(ev.payload.error), restart: ev.payload.restart },
          'Kafka consumer crashed',
        );
        if (!ev.payload.restart) {
          clearTimeout(timer);
          offCrash();
          reject(
            new EngramError('LOG_UNAVAILABLE', `Kafka consumer ${this.groupId} failed: ${String(ev.payload.error)}`),
          );
        }
      });
    });
    try {
      await this.consumer.connect();
      // No committed offset yet (a new name) means every event from the start: "from the checkpoint".
      await this.consumer.subscribe({ topics: [topic], fromBeginning: true });
      await this.consumer.run({
        autoCommit: false,
        eachBatchAutoResolve: false,
        partitionsConsumedConcurrently: this.ctx.partitionsConsumedConcurrently,
        eachBatch: (payload) => this.onBatch(payload),
      });
      await joined;
    } catch (e) {
      await this.consumer.disconnect().catch(() => undefined);
      throw isEngramError(e)
        ? e
        : new EngramError('LOG_UNAVAILABLE', `cannot subscribe ${this.groupId}: ${(e as Error).message}`, { cause: e });
    }
  }

  close(): Promise<void> {
    if (!this.closed) {
      this.stopping = true;
      this.stopSignal.abort();
      // kafkajs' disconnect waits for the batch in flight; ours returns at its next step.
      this.closed = this.consumer.disconnect().finally(() => this.onClosed());
    }
    return this.closed;
  }

  private shouldStop(p: EachBatchPayload): boolean {
    return this.stopping || !p.isRunning() || p.isStale();
  }

  private async onBatch(p: EachBatchPayload): Promise<void> {
    const { batch } = p;
    let chunk: Pending[] = [];
    for (const message of batch.messages) {
      if (this.shouldStop(p)) return; // not committed: redelivered to whoever gets the partition
      let decoded: StoredEvent | Error;
      try {
        if (!message.value) throw new EngramError('DECODE_FAILED', 'message has no value');
        decoded = {
          event: this.ctx.codec.decode(message.value),
          position: { partition: batch.partition, offset: Number(message.offset) },
        };
      } catch (e) {
        decoded = e instanceof Error ? e : new Error(String(e));
      }
      if (decoded instanceof Error) {
        if ((await this.deliver(p, chunk)) === 'stopped') return;
        chunk = [];
        if ((await this.deadLetter(p, message, 'decode_failed', decoded, 0)) === 'stopped') return;
        continue;
      }
      chunk.push({ message, stored: decoded });
      if (chunk.length >= this.opts.batchSize) {
        if ((await this.deliver(p, chunk)) === 'stopped') return;
        chunk = [];
      }
    }
    await this.deliver(p, chunk);
  }

  private async deliver(p: EachBatchPayload, chunk: Pending[]): Promise<Outcome> {
    if (chunk.length === 0) return 'done';
    const result = await this.callWithRetries(p, chunk);
    if (result.kind === 'stopped') return 'stopped';
    if (result.kind === 'ok') return this.commit(p, chunk[chunk.length - 1]!.message);
    if (chunk.length === 1)
      return this.deadLetter(p, chunk[0]!.message, 'handler_failed', result.error, result.attempts);
    // Which event fails? Retry each alone so only the failing ones are dead-lettered.
    for (const one of chunk) if ((await this.deliver(p, [one])) === 'stopped') return 'stopped';
    return 'done';
  }

  private async callWithRetries(
    p: EachBatchPayload,
    chunk: Pending[],
  ): Promise<{ kind: 'ok' } | { kind: 'stopped' } | { kind: 'exhausted'; error: unknown; attempts: number }> {
    const events = chunk.map((c) => c.stored);
    const first = events[0]!.position;
    let attempts = 0;
    try {
      await retry(
        async () => {
          if (this.shouldStop(p)) throw new Stopped();
          await this.handler(events);
        },
        {
          backoff: { initialMs: this.ctx.retryBackoffMs, maxMs: MAX_BACKOFF_MS },
          retryIf: (e, failures) => {
            attempts = failures;
            const retriable = isEngramError(e) && e.retriable;
            if (e instanceof Stopped) return false;
            this.ctx.logger.warn(
              {
                consumer: this.opts.name,
                partition: first.partition,
                offset: first.offset,
                events: events.length,
                failures,
                retriable,
                error: e instanceof Error ? e.message : String(e),
              },
              'event handler failed; retrying',
            );
            // An outage (retriable) must not drain the log into the DLQ: only other failures are bounded.
            return retriable || failures <= this.ctx.maxHandlerRetries;
          },
          wait: (ms) => this.pause(p, ms),
        },
      );
      return { kind: 'ok' };
    } catch (e) {
      return e instanceof Stopped ? { kind: 'stopped' } : { kind: 'exhausted', error: e, attempts };
    }
  }

  private async deadLetter(
    p: EachBatchPayload,
    message: KafkaMessage,
    reason: DeadLetterReason,
    error: unknown,
    attempts: number,
  ): Promise<Outcome> {
    try {
      await retry(
        async () => {
          if (this.shouldStop(p)) throw new Stopped();
          await sendDeadLetter(
            this.ctx.dlqProducer,
            this.ctx.dlqTopic,
            {
              reason,
              error,
              sourceTopic: this.ctx.topic,
              partition: p.batch.partition,
              message,
              consumer: this.opts.name,
              attempts,
            },
            this.ctx.logger,
          );
          await this.commit(p, message);
        },
        {
          backoff: { initialMs: Math.max(100, this.ctx.retryBackoffMs), maxMs: MAX_BACKOFF_MS },
          // Never commit past an event that is not kept somewhere: wait and try again.
          retryIf: (e) => !(e instanceof Stopped),
          onRetry: ({ error: e, failures }) =>
            this.ctx.logger.error({ error: (e as Error).message, failures }, 'dead-letter write failed; retrying'),
          wait: (ms) => this.pause(p, ms),
        },
      );
    } catch (e) {
      if (e instanceof Stopped) return 'stopped';
      throw e;
    }
    return 'done';
  }

  private async commit(p: EachBatchPayload, last: KafkaMessage): Promise<Outcome> {
    p.resolveOffset(last.offset);
    await this.consumer.commitOffsets([
      { topic: p.batch.topic, partition: p.batch.partition, offset: String(Number(last.offset) + 1) },
    ]);
    await p.heartbeat();
    return 'done';
  }

  /** Sleeps ms, heartbeating so the group keeps the partition, and wakes early on close. */
  private async pause(p: EachBatchPayload, ms: number): Promise<void> {
    const until = Date.now() + ms;
    while (!this.stopping && Date.now() < until) {
      await abortableDelay(Math.min(HEARTBEAT_EVERY_MS, until - Date.now()), this.stopSignal.signal);
      if (!this.stopping) await p.heartbeat().catch(() => undefined);
    }
  }
}
