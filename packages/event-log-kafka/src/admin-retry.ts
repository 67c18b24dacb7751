import { retry } from '@engram/core';

/**
 * Retries an admin call on errors Kafka marks retriable. Right after a topic is created, or while a
 * leader moves, metadata calls answer "not the leader" / "unknown partition" for a moment; kafkajs
 * retries these for producers and consumers but not for every admin request.
 */
export function withMetadataRetry<T>(fn: () => Promise<T>, attempts = 8): Promise<T> {
  return retry(fn, {
    backoff: { initialMs: 50, maxMs: 1_000 },
    maxAttempts: attempts,
    retryIf: (e) => (e as { retriable?: unknown })?.retriable === true,
  });
}
