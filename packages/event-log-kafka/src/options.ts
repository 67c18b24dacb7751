import { EngramError, type EventCodec, type Logger, silentLogger } from '@engram/core';

export interface KafkaEventLogOptions {
  brokers: string[];
  codec: EventCodec;
  /** The event topic; default `engram.events`. */
  topic?: string;
  /** Partitions when the topic is created here (an existing topic keeps its count); default 12. */
  partitions?: number;
  /** Replication factor when topics are created here; default: the broker's default. */
  replicationFactor?: number;
  /** min.insync.replicas of created topics; default: the broker's default. */
  minInsyncReplicas?: number;
  clientId?: string;
  /** Dead-letter topic; default `<topic>.dlq`. */
  dlqTopic?: string;
  /** Attempts after the first before an event whose handler keeps failing goes to the DLQ; default 5. */
  maxHandlerRetries?: number;
  /** First retry delay, doubled per attempt up to 30 s; default 200 ms. */
  retryBackoffMs?: number;
  /** Create missing topics on open; default true (operators may provision with infra/kafka/provision-topics.ts). */
  ensureTopics?: boolean;
  /** Partitions one subscription handles concurrently (order is kept within each); default 1. */
  partitionsConsumedConcurrently?: number;
  logger?: Logger;
}

export interface ResolvedKafkaOptions {
  brokers: string[];
  codec: EventCodec;
  topic: string;
  dlqTopic: string;
  partitions: number;
  replicationFactor: number | undefined;
  minInsyncReplicas: number | undefined;
  clientId: string;
  maxHandlerRetries: number;
  retryBackoffMs: number;
  ensureTopics: boolean;
  partitionsConsumedConcurrently: number;
  logger: Logger;
}

export const DEFAULT_TOPIC = 'engram.events';
export const DEFAULT_PARTITIONS = 12;

/** Kafka's own rule for topic names. */
const TOPIC_NAME = /^[a-zA-Z0-9._-]{1,249}$/;

function invalid(field: string, message: string): EngramError {
  return new EngramError('CONFIG_INVALID', message, { details: { field } });
}

function positiveInt(value: number | undefined, field: string, fallback: number, min = 1): number {
  if (value === undefined) return fallback;
  if (!Number.isInteger(value) || value < min) throw invalid(field, `${field} must be an integer >= ${min}`);
  return value;
}

export function resolveOptions(opts: KafkaEventLogOptions): ResolvedKafkaOptions {
  if (
    !Array.isArray(opts.brokers) ||
    opts.brokers.length === 0 ||
    opts.brokers.some((b) => typeof b !== 'string' || !/^[^\s:]+:\d+$/.test(b))
  ) {
    throw invalid('brokers', 'brokers must be a non-empty list of host:port');
  }
  if (!opts.codec || typeof opts.codec.encode !== 'function' || typeof opts.codec.decode !== 'function') {
    throw invalid('codec', 'an EventCodec is required');
  }
  const topic = opts.topic ?? DEFAULT_TOPIC;
  const dlqTopic = opts.dlqTopic ?? `${topic}.dlq`;
  for (const [field, name] of [
    ['topic', topic],
    ['dlqTopic', dlqTopic],
  ] as const) {
    if (!TOPIC_NAME.test(name) || name === '.' || name === '..')
      throw invalid(field, `${field} ${JSON.stringify(name)} is not a valid Kafka topic name`);
  }
  if (topic === dlqTopic) throw invalid('dlqTopic', 'the dead-letter topic must differ from the event topic');
  return {
    brokers: [...opts.brokers],
    codec: opts.codec,
    topic,
    dlqTopic,
    partitions: positiveInt(opts.partitions, 'partitions', DEFAULT_PARTITIONS),
    replicationFactor:
      opts.replicationFactor === undefined ? undefined : positiveInt(opts.replicationFactor, 'replicationFactor', 1),
    minInsyncReplicas:
      opts.minInsyncReplicas === undefined ? undefined : positiveInt(opts.minInsyncReplicas, 'minInsyncReplicas', 1),
    clientId: opts.clientId ?? 'engram',
    maxHandlerRetries: positiveInt(opts.maxHandlerRetries, 'maxHandlerRetries', 5, 0),
    retryBackoffMs: positiveInt(opts.retryBackoffMs, 'retryBackoffMs', 200, 0),
    ensureTopics: opts.ensureTopics ?? true,
    partitionsConsumedConcurrently: positiveInt(
      opts.partitionsConsumedConcurrently,
      'partitionsConsumedConcurrently',
      1,
    ),
    logger: opts.logger ?? silentLogger,
  };
}
