import { EngramError, type SqlDatabase, type SqlExecutor } from '@engram/core';

// VACUUM cannot run in a transaction, and a replay copy is never erased in place: it replays the erasure.
const noReclaim = async (): Promise<never> => {
  throw new EngramError('UNSUPPORTED', 'reclaim runs on the live database, not on a replay copy');
};

/**
 * The same database with every statement resolved in `schema` first: each transaction starts with
 * SET LOCAL search_path, so it holds on a pool (any connection) as on PGlite (one connection) and
 * never leaks into other work. The unqualified SQL of migrations and projectors then builds a
 * second copy of the read models side by side with the live one.
 */
export function inSchema(db: SqlDatabase, schema: string): SqlDatabase {
  const setPath = `SET LOCAL search_path TO ${quoteIdent(schema)}`;
  const transaction = <T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> =>
    db.transaction(async (tx) => {
      await tx.query(setPath);
      return fn(tx);
    });
  return {
    kind: db.kind,
    transaction,
    query: (sql, params) => transaction((tx) => tx.query(sql, params)),
    close: async () => undefined,
    reclaim: noReclaim,
  };
}

/** A transaction seen as a database: "nested" transactions run inside it (the swap's final catch-up). */
export function txAsDatabase(tx: SqlExecutor, kind: string): SqlDatabase {
  return {
    kind,
    query: (sql, params) => tx.query(sql, params),
    transaction: (fn) => fn(tx),
    close: async () => undefined,
    reclaim: noReclaim,
  };
}

export function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`unsafe SQL identifier ${JSON.stringify(name)}`);
  return `"${name}"`;
}
