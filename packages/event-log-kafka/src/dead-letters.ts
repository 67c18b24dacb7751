import type { IHeaders, KafkaMessage, Producer } from 'kafkajs';
import { EngramError, type Logger } from '@engram/core';
import { HEADER, type DeadLetterReason } from './headers';

export interface DeadLetter {
  reason: DeadLetterReason;
  error: unknown;
  sourceTopic: string;
  partition: number;
  message: KafkaMessage;
  consumer: string;
  attempts: number;
}

const MAX_ERROR_CHARS = 2000;

/**
 * Moves an event a consumer cannot process to the dead-letter topic: the original key, bytes and
 * headers, plus headers saying why and where it came from. Resolves only once the dead letter is
 * durable, so the consumer commits past the event only when it is kept elsewhere.
 */
export async function sendDeadLetter(
  producer: Producer,
  dlqTopic: string,
  dl: DeadLetter,
  logger: Logger,
): Promise<void> {
  const errorText = (dl.error instanceof Error ? `${dl.error.name}: ${dl.error.message}` : String(dl.error)).slice(
    0,
    MAX_ERROR_CHARS,
  );
  const headers: IHeaders = {
    ...(dl.message.headers ?? {}),
    [HEADER.dlqReason]: dl.reason,
    [HEADER.dlqError]: errorText,
    [HEADER.dlqSourceTopic]: dl.sourceTopic,
    [HEADER.dlqSourcePartition]: String(dl.partition),
    [HEADER.dlqSourceOffset]: dl.message.offset,
    [HEADER.dlqConsumer]: dl.consumer,
    [HEADER.dlqAttempts]: String(dl.attempts),
    [HEADER.dlqFailedAt]: new Date().toISOString(),
  };
  try {
    await producer.send({
      topic: dlqTopic,
      acks: -1,
      messages: [{ key: dl.message.key, value: dl.message.value, headers }],
    });
  } catch (e) {
    throw new EngramError(
      'LOG_UNAVAILABLE',
      `cannot write the dead letter for ${dl.sourceTopic}/${dl.partition}@${dl.message.offset}: ${(e as Error).message}`,
      { cause: e },
    );
  }
  logger.error(
    {
      dlqTopic,
      reason: dl.reason,
      error: errorText,
      topic: dl.sourceTopic,
      partition: dl.partition,
      offset: dl.message.offset,
      consumer: dl.consumer,
      attempts: dl.attempts,
    },
    `event moved to the dead-letter topic (${dl.reason})`,
  );
}
