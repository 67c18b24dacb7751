/**
 * The read-store port: a Postgres-dialect SQL database. The embedded adapter is PGlite; the real one
 * is a `pg` pool. Projections write their rows and their checkpoint in one transaction through it.
 */
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
  /** 'pglite' | 'postgres', for logs and stats. */
  readonly kind: string;
}
