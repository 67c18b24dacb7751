import type { IHeaders } from 'kafkajs';

/** Header names on event messages and on dead letters. */
export const HEADER = {
  eventType: 'engram-event-type',
  schemaFingerprint: 'engram-schema-fingerprint',
  eventId: 'engram-event-id',
  dlqReason: 'engram-dlq-reason',
  dlqError: 'engram-dlq-error',
  dlqSourceTopic: 'engram-dlq-source-topic',
  dlqSourcePartition: 'engram-dlq-source-partition',
  dlqSourceOffset: 'engram-dlq-source-offset',
  dlqConsumer: 'engram-dlq-consumer',
  dlqAttempts: 'engram-dlq-attempts',
  dlqFailedAt: 'engram-dlq-failed-at',
} as const;

export type DeadLetterReason = 'decode_failed' | 'handler_failed';

/** A header value as a string (kafkajs hands them over as Buffers). */
export function headerString(headers: IHeaders | undefined, name: string): string | undefined {
  const v = headers?.[name];
  const first = Array.isArray(v) ? v[0] : v;
  if (first === undefined) return undefined;
  return Buffer.isBuffer(first) ? first.toString('utf8') : String(first);
}
