import { EngramError, type Scope, type SqlExecutor } from '@engram/core';

/** How long a user's stored count is trusted before it is read again (accepted writes add to it meanwhile). */
const COUNT_TTL_MS = 5000;
const MAX_TRACKED = 10_000;

/**
 * The optional per-user memory quota (P5): memories (any tier) plus observed messages. The count
 * comes from the read models, so it trails the log by the projection lag; it bounds what one user
 * can pile up, it is not an exact ledger.
 */
export class UserQuota {
  private readonly counts = new Map<string, { n: number; at: number }>();

  constructor(
    private readonly max: number,
    private readonly db: SqlExecutor,
    private readonly now: () => number = Date.now,
  ) {}

  async admit(scope: Scope): Promise<void> {
    const key = `${scope.tenantId}\u0000${scope.userId}`;
    const t = this.now();
    let c = this.counts.get(key);
    if (!c || t - c.at > COUNT_TTL_MS) {
      const r = await this.db.query<{ n: number | string }>(
        `SELECT (SELECT count(*) FROM memories WHERE tenant_id = $1 AND user_id = $2) + (SELECT count(*) FROM messages WHERE tenant_id = $1 AND user_id = $2) AS n`,
        [scope.tenantId, scope.userId],
      );
      c = { n: Number(r.rows[0]?.n ?? 0), at: t };
      if (this.counts.size >= MAX_TRACKED)
        for (const [k, v] of this.counts) if (t - v.at > COUNT_TTL_MS) this.counts.delete(k);
      this.counts.set(key, c);
    }
    if (c.n >= this.max) {
      throw new EngramError(
        'QUOTA_EXCEEDED',
        `user ${scope.userId} holds ${c.n} memories and messages, the quota is ${this.max}: forget some first`,
        {
          details: { reason: 'USER_QUOTA', limit: this.max, used: c.n, userId: scope.userId },
        },
      );
    }
    c.n++;
  }
}
