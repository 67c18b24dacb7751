import type { SqlExecutor } from '@engram/core';
import { hashReadModelTables } from '@engram/testing';

export { READ_MODEL_TABLES } from '@engram/testing';

/** One digest of every read-model row (and of the checkpoints' offsets), independent of row order. */
export async function hashReadModels(db: SqlExecutor): Promise<string> {
  return JSON.stringify(await hashReadModelTables(db));
}

export async function count(db: SqlExecutor, sql: string, params: unknown[] = []): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) q`, params);
  return r.rows[0]!.n;
}
