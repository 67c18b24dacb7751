/**
 * Retries an admin call on errors Kafka marks retriable. Right after a topic is created, or while a
 * leader moves, metadata calls answer "not the leader" / "unknown partition" for a moment; kafkajs
 * retries these for producers and consumers but not for every admin request.
 */
export async function withMetadataRetry<T>(fn: () => Promise<T>, attempts = 8): Promise<T> {
  for (let i = 1; ; i++) {
    try {
      return await fn();
    } catch (e) {
      if (i >= attempts || (e as { retriable?: unknown })?.retriable !== true) throw e;
      await new Promise((r) => setTimeout(r, Math.min(1_000, 25 * 2 ** i)));
    }
  }
}
