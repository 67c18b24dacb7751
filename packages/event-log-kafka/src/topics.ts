import type { Admin, ITopicConfig } from 'kafkajs';
import { EngramError, type Logger } from '@engram/core';
import { withMetadataRetry } from './admin-retry';

export interface EventTopicsSpec {
  topic: string;
  partitions: number;
  dlqTopic: string;
  /** Dead letters usually need far fewer partitions: they are rare and read by people. Default 1. */
  dlqPartitions?: number;
  /** Undefined = the broker's default.replication.factor. */
  replicationFactor?: number;
  minInsyncReplicas?: number;
  /** Retention of the event topic; default -1 (forever: the log is the record and replays start at 0). */
  retentionMs?: number;
  /** Retention of dead letters; default 30 days. */
  dlqRetentionMs?: number;
}

export interface ProvisionResult {
  created: string[];
  /** Partitions of the event topic as it exists now (an existing topic keeps its own count). */
  partitions: number;
}

const THIRTY_DAYS_MS = 30 * 24 * 3600 * 1000;

function topicConfig(name: string, partitions: number, retentionMs: number, spec: EventTopicsSpec): ITopicConfig {
  const configEntries = [
    { name: 'cleanup.policy', value: 'delete' },
    { name: 'retention.ms', value: String(retentionMs) },
    { name: 'retention.bytes', value: '-1' },
  ];
  if (spec.minInsyncReplicas !== undefined)
    configEntries.push({ name: 'min.insync.replicas', value: String(spec.minInsyncReplicas) });
  return { topic: name, numPartitions: partitions, replicationFactor: spec.replicationFactor ?? -1, configEntries };
}

/**
 * Creates the event topic and its dead-letter topic when missing (idempotent). An existing event
 * topic is never repartitioned: a different count would move users to other partitions and break
 * per-user order, so a mismatch is only reported.
 */
export async function provisionEventTopics(
  admin: Admin,
  spec: EventTopicsSpec,
  logger?: Logger,
): Promise<ProvisionResult> {
  const existing = new Set(await admin.listTopics());
  const wanted = [
    topicConfig(spec.topic, spec.partitions, spec.retentionMs ?? -1, spec),
    topicConfig(spec.dlqTopic, spec.dlqPartitions ?? 1, spec.dlqRetentionMs ?? THIRTY_DAYS_MS, spec),
  ].filter((t) => !existing.has(t.topic));
  const created: string[] = [];
  if (wanted.length > 0) {
    try {
      await admin.createTopics({ topics: wanted, waitForLeaders: true });
    } catch (e) {
      // Another process may have created them in the meantime: that is fine. So is a new topic the
      // broker that answered kafkajs's wait for leaders does not know yet (KRaft spreads metadata
      // asynchronously): partitionCount below waits for it. Anything else is not.
      if (!isTopicExists(e) && !isNotVisibleYet(e))
        throw new EngramError(
          'LOG_UNAVAILABLE',
          `cannot create Kafka topics ${wanted.map((t) => t.topic).join(', ')}: ${(e as Error).message}`,
          { cause: e },
        );
    }
    created.push(...wanted.map((t) => t.topic));
  }
  const partitions = await partitionCount(admin, spec.topic);
  if (partitions !== spec.partitions) {
    logger?.warn(
      { topic: spec.topic, partitions, configured: spec.partitions },
      'event topic exists with a different partition count; keeping it (repartitioning would break per-user order)',
    );
  }
  return { created, partitions };
}

function isTopicExists(e: unknown): boolean {
  const err = e as { type?: string; errors?: Array<{ type?: string }> } | undefined;
  return (
    err?.type === 'TOPIC_ALREADY_EXISTS' ||
    (Array.isArray(err?.errors) && err.errors.every((x) => x.type === 'TOPIC_ALREADY_EXISTS'))
  );
}

/** UNKNOWN_TOPIC_OR_PARTITION / LEADER_NOT_AVAILABLE anywhere in kafkajs's error chain. */
export function isNotVisibleYet(e: unknown): boolean {
  for (
    let err = e as { type?: string; cause?: unknown; originalError?: unknown } | undefined, depth = 0;
    err && depth < 5;
    depth++
  ) {
    if (err.type === 'UNKNOWN_TOPIC_OR_PARTITION' || err.type === 'LEADER_NOT_AVAILABLE') return true;
    err = (err.originalError ?? err.cause) as typeof err;
  }
  return false;
}

/** Number of partitions of a topic; LOG_UNAVAILABLE when it does not exist. */
export async function partitionCount(admin: Admin, topic: string): Promise<number> {
  try {
    const meta = await withMetadataRetry(() => admin.fetchTopicMetadata({ topics: [topic] }));
    const n = meta.topics.find((t) => t.name === topic)?.partitions.length ?? 0;
    if (n > 0) return n;
  } catch (e) {
    throw new EngramError('LOG_UNAVAILABLE', `Kafka topic ${topic} is not available: ${(e as Error).message}`, {
      cause: e,
    });
  }
  throw new EngramError('LOG_UNAVAILABLE', `Kafka topic ${topic} has no partitions`);
}
