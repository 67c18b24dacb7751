import {
  Kafka,
  Partitioners,
  logLevel,
  type Admin,
  type IHeaders,
  type Message,
  type PartitionMetadata,
  type Producer,
} from 'kafkajs';
import {
  EngramError,
  streamKeyOf,
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
import { withMetadataRetry } from './admin-retry';
import { AppendQueue } from './append-queue';
import { HEADER } from './headers';
import { kafkajsLogCreator } from './kafkajs-logging';
import { resolveOptions, type KafkaEventLogOptions, type ResolvedKafkaOptions } from './options';
import { readEvents } from './reader';
import { KafkaSubscription } from './subscription';
import { partitionCount, provisionEventTopics, type ProvisionResult } from './topics';

const DEFAULT_BATCH_SIZE = 100;
const MAX_BATCH_SIZE = 10_000;

/** kafkajs' default (Java-compatible murmur2) partitioner, so other Kafka clients agree on the partition of a key. */
const keyPartitioner = Partitioners.DefaultPartitioner();

/** What the codec can say about the writer schema of encoded bytes (the Avro codec can). */
interface FingerprintingCodec {
  writerOf?(bytes: Uint8Array): { fingerprintHex: string };
  fingerprintOf?(type: string): string;
}

/**
 * EventLog on one partitioned Kafka topic. The message key is `<tenantId>/<userId>`, so a user's
 * stream lives in one partition and keeps its order. Appends go through an idempotent producer
 * with acks=all; a position is {partition, offset}.
 */
export class KafkaEventLog implements EventLog {
  readonly topic: string;
  readonly dlqTopic: string;
  private state: 'open' | 'closed' = 'open';
  private partitionMetadata: PartitionMetadata[] = [];
  private readonly subscriptions = new Set<KafkaSubscription>();
  private readonly appends: AppendQueue;

  private constructor(
    private readonly opts: ResolvedKafkaOptions,
    private readonly kafka: Kafka,
    private readonly admin: Admin,
    private readonly producer: Producer,
    private readonly dlqProducer: Producer,
  ) {
    this.topic = opts.topic;
    this.dlqTopic = opts.dlqTopic;
    this.appends = new AppendQueue(producer, opts.topic);
  }

  static async open(options: KafkaEventLogOptions): Promise<KafkaEventLog> {
    const opts = resolveOptions(options);
    const kafka = new Kafka({
      clientId: opts.clientId,
      brokers: opts.brokers,
      connectionTimeout: 5_000,
      logLevel: options.logger ? logLevel.WARN : logLevel.NOTHING,
      logCreator: kafkajsLogCreator(opts.logger),
    });
    const admin = kafka.admin();
    const producer = kafka.producer({ idempotent: true, maxInFlightRequests: 1, allowAutoTopicCreation: false });
    const dlqProducer = kafka.producer({ allowAutoTopicCreation: false });
    try {
      await Promise.all([admin.connect(), producer.connect(), dlqProducer.connect()]);
      const log = new KafkaEventLog(opts, kafka, admin, producer, dlqProducer);
      if (opts.ensureTopics) await log.ensureTopics();
      else await log.refreshPartitions();
      return log;
    } catch (e) {
      await Promise.allSettled([admin.disconnect(), producer.disconnect(), dlqProducer.disconnect()]);
      if (e instanceof EngramError) throw e;
      throw new EngramError(
        'LOG_UNAVAILABLE',
        `cannot connect to Kafka at ${opts.brokers.join(',')}: ${(e as Error).message}`,
        { cause: e },
      );
    }
  }

  /** Creates the event and dead-letter topics if missing (idempotent). */
  async ensureTopics(): Promise<ProvisionResult> {
    const result = await provisionEventTopics(
      this.admin,
      {
        topic: this.opts.topic,
        partitions: this.opts.partitions,
        dlqTopic: this.opts.dlqTopic,
        ...(this.opts.replicationFactor !== undefined ? { replicationFactor: this.opts.replicationFactor } : {}),
        ...(this.opts.minInsyncReplicas !== undefined ? { minInsyncReplicas: this.opts.minInsyncReplicas } : {}),
      },
      this.opts.logger,
    );
    this.setPartitions(result.partitions);
    return result;
  }

  /** Partitions of the event topic (fixed for the life of the log: see README). */
  get partitions(): number {
    return this.partitionMetadata.length;
  }

  private async refreshPartitions(): Promise<void> {
    this.setPartitions(await partitionCount(this.admin, this.opts.topic));
  }

  private setPartitions(n: number): void {
    this.partitionMetadata = Array.from({ length: n }, (_, partitionId) => ({
      partitionErrorCode: 0,
      partitionId,
      leader: 0,
      replicas: [0],
      isr: [0],
    }));
  }

  /** The partition of a stream key (`<tenantId>/<userId>`). */
  partitionOf(key: string): number {
    return keyPartitioner({
      topic: this.opts.topic,
      partitionMetadata: this.partitionMetadata,
      message: { key, value: null },
    });
  }

  private ensureOpen(): void {
    if (this.state !== 'open') throw new EngramError('SHUTTING_DOWN', 'the Kafka event log is closed');
  }

  async append(events: EngramEvent[], opts: AppendOptions = {}): Promise<AppendResult> {
    this.ensureOpen();
    if (opts.expectedStreamVersion !== undefined) {
      throw new EngramError(
        'UNSUPPORTED',
        'the Kafka event log cannot check expectedStreamVersion (Kafka has no per-key conditional append); use the file or EventStoreDB log for optimistic concurrency',
      );
    }
    if (!Array.isArray(events) || events.length === 0) {
      throw new EngramError('VALIDATION_FAILED', 'append needs at least one event', { details: { field: 'events' } });
    }
    const first = events[0]!;
    if (!first.tenantId || !first.userId) {
      throw new EngramError('VALIDATION_FAILED', 'every event needs a non-empty tenantId and userId', {
        details: { field: 'tenantId' },
      });
    }
    const key = streamKeyOf(first);
    if (events.some((e) => e.tenantId !== first.tenantId || e.userId !== first.userId)) {
      throw new EngramError('VALIDATION_FAILED', 'all events of one append must belong to one stream (tenant + user)', {
        details: { field: 'events' },
      });
    }
    const messages: Message[] = events.map((event) => {
      let value: Buffer;
      try {
        value = Buffer.from(this.opts.codec.encode(event));
      } catch (e) {
        if (e instanceof EngramError) throw e;
        throw new EngramError('VALIDATION_FAILED', `cannot encode ${event.type} event: ${(e as Error).message}`, {
          cause: e,
        });
      }
      return { key, value, headers: this.headersOf(event, value) };
    });
    const positions = await this.appends.enqueue(this.partitionOf(key), messages);
    // Kafka does not count events per key: see README ("streamVersion").
    return { positions, streamVersion: -1 };
  }

  private headersOf(event: EngramEvent, value: Buffer): IHeaders {
    const headers: IHeaders = { [HEADER.eventType]: event.type, [HEADER.eventId]: event.eventId };
    const codec = this.opts.codec as EventCodec & FingerprintingCodec;
    try {
      const fingerprint = codec.writerOf ? codec.writerOf(value).fingerprintHex : codec.fingerprintOf?.(event.type);
      if (fingerprint) headers[HEADER.schemaFingerprint] = fingerprint;
    } catch {
      // The header is informational; the bytes carry their own schema id.
    }
    return headers;
  }

  read(opts: ReadOptions = {}): AsyncIterable<StoredEvent> {
    this.ensureOpen();
    return readEvents(
      {
        kafka: this.kafka,
        admin: this.admin,
        topic: this.opts.topic,
        codec: this.opts.codec,
        logger: this.opts.logger,
      },
      opts,
    );
  }

  async subscribe(handler: BatchHandler, opts: SubscribeOptions): Promise<Subscription> {
    this.ensureOpen();
    if (typeof handler !== 'function') throw new EngramError('VALIDATION_FAILED', 'handler must be a function');
    // '+' joins the projections of one group subscription (projector-working+episodic+…).
    if (typeof opts?.name !== 'string' || !/^[A-Za-z0-9._+-]{1,200}$/.test(opts.name)) {
      throw new EngramError('VALIDATION_FAILED', 'subscription name must be 1-200 characters of A-Z a-z 0-9 . _ + -', {
        details: { field: 'name' },
      });
    }
    const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
      throw new EngramError('VALIDATION_FAILED', `batchSize must be an integer in 1..${MAX_BATCH_SIZE}`, {
        details: { field: 'batchSize' },
      });
    }
    const sub: KafkaSubscription = new KafkaSubscription(
      {
        kafka: this.kafka,
        admin: this.admin,
        dlqProducer: this.dlqProducer,
        topic: this.opts.topic,
        dlqTopic: this.opts.dlqTopic,
        codec: this.opts.codec,
        logger: this.opts.logger,
        maxHandlerRetries: this.opts.maxHandlerRetries,
        retryBackoffMs: this.opts.retryBackoffMs,
        partitionsConsumedConcurrently: this.opts.partitionsConsumedConcurrently,
      },
      handler,
      { name: opts.name, fromBeginning: opts.fromBeginning ?? false, batchSize },
      () => this.subscriptions.delete(sub),
    );
    this.subscriptions.add(sub);
    try {
      await sub.start();
    } catch (e) {
      this.subscriptions.delete(sub);
      throw e;
    }
    return { close: () => sub.close() };
  }

  /** Appendable while the brokers answer for the topic (the producer reconnects by itself). */
  async health(): Promise<LogHealth> {
    if (this.state !== 'open') return { appendable: false, reason: 'the Kafka event log is closed' };
    try {
      await this.head();
      return { appendable: true };
    } catch (e) {
      return { appendable: false, reason: (e as Error).message };
    }
  }

  async head(): Promise<Map<number, number>> {
    this.ensureOpen();
    try {
      const offsets = await withMetadataRetry(() => this.admin.fetchTopicOffsets(this.opts.topic));
      return new Map(offsets.map((o) => [o.partition, Number(o.high)]));
    } catch (e) {
      throw new EngramError('LOG_UNAVAILABLE', `cannot read the head of ${this.opts.topic}: ${(e as Error).message}`, {
        cause: e,
      });
    }
  }

  async streamVersion(_tenantId: string, _userId: string): Promise<number> {
    throw new EngramError(
      'UNSUPPORTED',
      'the Kafka event log does not count events per stream (it would need a full scan of the partition)',
    );
  }

  async close(): Promise<void> {
    if (this.state === 'closed') return;
    this.state = 'closed';
    await Promise.allSettled([...this.subscriptions].map((s) => s.close()));
    await this.appends.whenIdle();
    await Promise.allSettled([this.producer.disconnect(), this.dlqProducer.disconnect(), this.admin.disconnect()]);
  }
}

/** Connects, provisions the topics unless `ensureTopics: false`, and returns the log. */
export function openKafkaEventLog(opts: KafkaEventLogOptions): Promise<KafkaEventLog> {
  return KafkaEventLog.open(opts);
}
