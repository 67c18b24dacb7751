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

/** The write status rows without their wall-clock `at` (a replay records them again, so `at` is the replay's). */
export async function eventStatusRows(db: SqlExecutor): Promise<string[]> {
  const r = await db.query<{ j: string }>(
    `SELECT json_build_array(event_id, projection, tenant_id, user_id, partition, "offset", event_type, outcome, memory_id, code, reason)::text AS j
       FROM event_status ORDER BY event_id, projection`,
  );
  return r.rows.map((x) => x.j);
}
