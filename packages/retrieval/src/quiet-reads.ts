import type { Scope, SqlWriteClock } from '@engram/core';

/** One user's documents as read since the last write: a document, or null for an id with no row. */
interface ScopeReads<C> {
  docs: Map<string, C | null>;
  /** The `alsoSelect` columns, when a read took them. */
  also: Record<string, unknown> | null;
}

const scopeKey = (scope: Scope) => `${scope.tenantId}\u0000${scope.userId}`;

/**
 * What hydrate statements read while nothing was written through the database handle (its write
 * clock unchanged): while the clock stays, the same statement would return the same rows, so a
 * search takes them from here without a statement (on PGlite, a hop to its thread and back). The
 * first write, anywhere, drops everything. Only for a database this process alone writes.
 */
export class QuietReads<C> {
  private at = -1;
  private readonly scopes = new Map<string, ScopeReads<C>>();
  private entries = 0;

  constructor(
    readonly clock: SqlWriteClock,
    private readonly max: number,
  ) {}

  /** This user's reads, valid now (empty after any write). */
  reads(scope: Scope): ScopeReads<C> | undefined {
    this.sync();
    return this.scopes.get(scopeKey(scope));
  }

  /**
   * Keeps what one statement read, sent when the clock was `sentAt`: only when no write began or
   * ended since (else the rows may already be old).
   */
  keep(
    scope: Scope,
    sentAt: number,
    wanted: readonly string[],
    rows: ReadonlyMap<string, C>,
    also: Record<string, unknown> | null,
  ): void {
    this.sync();
    if (sentAt !== this.at) return;
    if (this.entries + wanted.length > this.max) {
      this.scopes.clear();
      this.entries = 0;
    }
    const key = scopeKey(scope);
    let reads = this.scopes.get(key);
    if (!reads) {
      reads = { docs: new Map(), also: null };
      this.scopes.set(key, reads);
    }
    for (const id of wanted) {
      if (!reads.docs.has(id)) this.entries++;
      reads.docs.set(id, rows.get(id) ?? null);
    }
    if (also) reads.also = also;
  }

  private sync(): void {
    if (this.clock.writes === this.at) return;
    this.at = this.clock.writes;
    this.scopes.clear();
    this.entries = 0;
  }
}
