/**
 * The read-store port: a Postgres-dialect SQL database. The embedded adapter is PGlite; the real one
 * is a `pg` pool. Projections write their rows and their checkpoint in one transaction through it.
 */
/**
 * SQLSTATEs that say the server, not the statement, is in trouble: serialization failure and
 * deadlock (retry), insufficient resources (disk full, out of memory), operator intervention and
 * system errors (I/O). Adapters report them as retriable STORE_UNAVAILABLE, so a projector retries
 * them instead of dead-lettering the event it was applying.
 */
export function isTransientSqlState(code: unknown): boolean {
  return typeof code === 'string' && (code === '40001' || code === '40P01' || /^(53|57|58)/.test(code));
}

export interface SqlResult<R> {
  rows: R[];
  rowCount: number;
}

export interface SqlExecutor {
  query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<R>>;
}

export interface SqlDatabase extends SqlExecutor {
  /** Runs fn in one transaction (BEGIN … COMMIT, ROLLBACK on throw). */
  transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  close(): Promise<void>;
  /**
   * P4: leaves no bytes of deleted rows on disk: rewrites the tables (VACUUM FULL: new files, the old
   * ones unlinked) and retires the WAL that recorded them (segment switch + checkpoint, segments removed
   * rather than recycled). `walRetired` is false when the server refused the WAL step (no privilege).
   */
  reclaim(tables: readonly string[]): Promise<{ walRetired: boolean }>;
  /** 'pglite' | 'postgres', for logs and stats. */
  readonly kind: string;
}
