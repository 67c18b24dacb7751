import type { SqlExecutor } from '@engram/core';

export { READ_MODEL_TABLES, hashReadModelTables as hashTables } from '@engram/testing';

export async function rowCount(db: SqlExecutor, table: string): Promise<number> {
  return Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
}

/** Every index of the public schema with its definition (a replay must leave the same set behind). */
export async function publicIndexes(db: SqlExecutor): Promise<string[]> {
  const r = await db.query<{ indexdef: string }>(
    "SELECT indexdef FROM pg_indexes WHERE schemaname = 'public' ORDER BY tablename, indexname",
  );
  return r.rows.map((x) => x.indexdef);
}
