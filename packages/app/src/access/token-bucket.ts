/**
 * Per-key token buckets (P5 rate limits): each key may spend `burst` requests at once and earns
 * `perSecond` back. The state is per process: with several query services, each enforces the limit.
 */
export interface RateLimit {
  perSecond: number;
  burst: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

const MAX_BUCKETS = 10_000;

export class TokenBuckets {
  private readonly buckets = new Map<string, Bucket>();

  constructor(
    private readonly limit: RateLimit,
    private readonly now: () => number = Date.now,
  ) {
    if (!(limit.perSecond > 0) || !(limit.burst >= 1))
      throw new RangeError('a rate limit needs perSecond > 0 and burst ≥ 1');
  }

  /** Takes one token; when there is none, the seconds until there will be one. */
  take(key: string): { ok: true } | { ok: false; retryAfterSeconds: number } {
    const t = this.now();
    const b = this.refill(key, t);
    if (b.tokens >= 1) {
      b.tokens -= 1;
      return { ok: true };
    }
    return { ok: false, retryAfterSeconds: Math.max(1, Math.ceil((1 - b.tokens) / this.limit.perSecond)) };
  }

  private refill(key: string, t: number): Bucket {
    let b = this.buckets.get(key);
    if (!b) {
      if (this.buckets.size >= MAX_BUCKETS) this.prune(t);
      b = { tokens: this.limit.burst, at: t };
      this.buckets.set(key, b);
      return b;
    }
    b.tokens = Math.min(this.limit.burst, b.tokens + ((t - b.at) / 1000) * this.limit.perSecond);
    b.at = t;
    return b;
  }

  /** Drops buckets that have refilled completely: forgetting them changes nothing. */
  private prune(t: number): void {
    for (const [key, b] of this.buckets) {
      if (b.tokens + ((t - b.at) / 1000) * this.limit.perSecond >= this.limit.burst) this.buckets.delete(key);
    }
  }
}
