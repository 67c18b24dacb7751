import type { SqlExecutor } from '@engram/core';

export { READ_MODEL_TABLES, hashReadModelTables as hashTables } from '@engram/testing';

export async function rowCount(db: SqlExecutor, table: string): Promise<number> {
  return Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
}
