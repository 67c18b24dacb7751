import { randomUUID } from 'node:crypto';
import { Kafka, logLevel, type KafkaMessage } from 'kafkajs';
import type { EventCodec } from '@engram/core';
import { openKafkaEventLog, type KafkaEventLog, type KafkaEventLogOptions } from '../src';

/** A topic name of its own per test, so tests (and reruns against one broker) never share data. */
export function uniqueTopic(label: string): string {
  return `engram-test-${label}-${randomUUID().slice(0, 8)}`;
}

export function rawKafka(brokers: string[]): Kafka {
  return new Kafka({ clientId: 'engram-test-raw', brokers, logLevel: logLevel.NOTHING });
}

export interface OpenedTestLog {
  log: KafkaEventLog;
  topic: string;
  /** Opens another client on the same topics (as another process would). */
  openAgain(extra?: Partial<KafkaEventLogOptions>): Promise<KafkaEventLog>;
  /** Closes every log opened here and deletes the topics. */
  cleanup(): Promise<void>;
}

export async function openTestLog(
  brokers: string[],
  codec: EventCodec,
  label: string,
  extra: Partial<KafkaEventLogOptions> = {},
): Promise<OpenedTestLog> {
  const topic = uniqueTopic(label);
  const opts: KafkaEventLogOptions = { brokers, codec, topic, partitions: 3, retryBackoffMs: 20, ...extra };
  const opened: KafkaEventLog[] = [];
  const open = async (more: Partial<KafkaEventLogOptions> = {}) => {
    const l = await openKafkaEventLog({ ...opts, ...more });
    opened.push(l);
    return l;
  };
  const log = await open();
  return {
    log,
    topic,
    openAgain: open,
    async cleanup() {
      await Promise.all(opened.map((l) => l.close()));
      const admin = rawKafka(brokers).admin();
      await admin.connect();
      try {
        await admin.deleteTopics({ topics: [topic, log.dlqTopic] }).catch(() => undefined);
      } finally {
        await admin.disconnect();
      }
    },
  };
}

/** Reads the first `count` messages of a topic (all partitions) with a throw-away consumer group. */
export async function readRaw(
  brokers: string[],
  topic: string,
  count: number,
  timeoutMs = 20_000,
): Promise<Array<{ partition: number; message: KafkaMessage }>> {
  const consumer = rawKafka(brokers).consumer({ groupId: `engram-test-raw-${randomUUID()}`, maxWaitTimeInMs: 100 });
  const got: Array<{ partition: number; message: KafkaMessage }> = [];
  await consumer.connect();
  try {
    await consumer.subscribe({ topics: [topic], fromBeginning: true });
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`only ${got.length} of ${count} messages arrived on ${topic}`)),
        timeoutMs,
      );
      void consumer.run({
        eachMessage: async ({ partition, message }) => {
          got.push({ partition, message });
          if (got.length >= count) {
            clearTimeout(timer);
            resolve();
          }
        },
      });
    });
  } finally {
    await consumer.disconnect();
  }
  return got;
}
