/**
 * Creates Engram's Kafka topics for operators (idempotent; existing topics are left as they are):
 *
 *   npx tsx infra/kafka/provision-topics.ts --brokers kafka-1:9092,kafka-2:9092 \
 *     [--topic engram.events] [--partitions 12] [--replication-factor 3] [--min-insync-replicas 2] \
 *     [--dlq-topic engram.events.dlq] [--dlq-partitions 1] [--retention-ms -1] [--dlq-retention-ms 2592000000]
 *
 * The event topic keeps events forever by default (retention -1): it is the log of record and
 * projections are rebuilt by replaying it from offset 0. Choose the partition count once: the
 * partition of a user is hash(key) mod partitions, so changing it later breaks per-user order.
 * ENGRAM_KAFKA_BROKERS may replace --brokers.
 */
import { parseArgs } from 'node:util';
import { Kafka, logLevel } from 'kafkajs';
import { DEFAULT_PARTITIONS, DEFAULT_TOPIC, provisionEventTopics, type EventTopicsSpec } from '@engram/event-log-kafka';
import { silentLogger } from '@engram/core';

function intOption(values: Record<string, unknown>, name: string, min: number): number | undefined {
  const raw = values[name];
  if (raw === undefined) return undefined;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < min) throw new Error(`--${name} must be an integer >= ${min}, got ${String(raw)}`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      brokers: { type: 'string' },
      topic: { type: 'string' },
      partitions: { type: 'string' },
      'replication-factor': { type: 'string' },
      'min-insync-replicas': { type: 'string' },
      'dlq-topic': { type: 'string' },
      'dlq-partitions': { type: 'string' },
      'retention-ms': { type: 'string' },
      'dlq-retention-ms': { type: 'string' },
      help: { type: 'boolean' },
    },
  });
  if (values.help) {
    console.log(
      'usage: tsx infra/kafka/provision-topics.ts --brokers host:port[,host:port] [--topic T] [--partitions N] [--replication-factor N] [--min-insync-replicas N] [--dlq-topic T] [--dlq-partitions N] [--retention-ms MS] [--dlq-retention-ms MS]',
    );
    return;
  }
  const brokers = (values.brokers ?? process.env.ENGRAM_KAFKA_BROKERS ?? '')
    .split(',')
    .map((b) => b.trim())
    .filter(Boolean);
  if (brokers.length === 0) throw new Error('--brokers (or ENGRAM_KAFKA_BROKERS) is required');
  const topic = values.topic ?? DEFAULT_TOPIC;
  const spec: EventTopicsSpec = {
    topic,
    partitions: intOption(values, 'partitions', 1) ?? DEFAULT_PARTITIONS,
    dlqTopic: values['dlq-topic'] ?? `${topic}.dlq`,
  };
  const rf = intOption(values, 'replication-factor', 1);
  const minIsr = intOption(values, 'min-insync-replicas', 1);
  const dlqPartitions = intOption(values, 'dlq-partitions', 1);
  const retention = intOption(values, 'retention-ms', -1);
  const dlqRetention = intOption(values, 'dlq-retention-ms', -1);
  if (rf !== undefined) spec.replicationFactor = rf;
  if (minIsr !== undefined) spec.minInsyncReplicas = minIsr;
  if (dlqPartitions !== undefined) spec.dlqPartitions = dlqPartitions;
  if (retention !== undefined) spec.retentionMs = retention;
  if (dlqRetention !== undefined) spec.dlqRetentionMs = dlqRetention;

  const admin = new Kafka({ clientId: 'engram-provision', brokers, logLevel: logLevel.WARN }).admin();
  await admin.connect();
  try {
    const logger = {
      ...silentLogger,
      warn: (o: object, m?: string) => console.warn(`warning: ${m ?? ''} ${JSON.stringify(o)}`),
    };
    const result = await provisionEventTopics(admin, spec, logger);
    console.log(JSON.stringify({ ...spec, created: result.created, eventTopicPartitions: result.partitions }, null, 2));
  } finally {
    await admin.disconnect();
  }
}

main().catch((e: unknown) => {
  console.error(`provision-topics: ${e instanceof Error ? e.message : String(e)}`);
  process.exit(1);
});
