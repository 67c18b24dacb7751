import { EngramError } from '@engram/core';

/**
 * Bounded concurrent queries per key (P5): a key with `max` searches in flight gets RATE_LIMITED for
 * the next one instead of queueing work that would slow every other key down.
 */
export class QueryGate {
  private readonly inFlight = new Map<string, number>();

  constructor(private readonly max: number) {
    if (!(Number.isInteger(max) && max >= 1)) throw new RangeError('maxConcurrentQueries must be an integer ≥ 1');
  }

  async run<T>(keyId: string | null, fn: () => Promise<T>): Promise<T> {
    if (keyId === null) return fn();
    const n = this.inFlight.get(keyId) ?? 0;
    if (n >= this.max) {
      throw new EngramError('RATE_LIMITED', `this key already has ${n} queries in flight (at most ${this.max})`, {
        details: { reason: 'CONCURRENT_QUERIES', limit: this.max, retryAfterSeconds: 1 },
      });
    }
    this.inFlight.set(keyId, n + 1);
    try {
      return await fn();
    } finally {
      const left = (this.inFlight.get(keyId) ?? 1) - 1;
      if (left <= 0) this.inFlight.delete(keyId);
      else this.inFlight.set(keyId, left);
    }
  }
}
