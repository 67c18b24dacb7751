import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@engram/core';

export const READ_MODEL_TABLES = [
  'sessions', 'working_entries', 'messages', 'episodes', 'memories', 'memory_history', 'contradictions', 'skills', 'write_rejections', 'quarantined_writes',
  'archive_entries', 'archive_memory_keys',
] as const;

/** Digest per read-model table (rows in any order) plus the checkpoints' offsets (not when they were written). */
export async function hashTables(db: SqlExecutor): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of READ_MODEL_TABLES) {
    const r = await db.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM ${table} t`);
    out[table] = createHash('sha256').update(r.rows.map((x) => x.j).sort().join('\n')).digest('hex');
  }
  const cp = await db.query<{ j: string }>("SELECT projection || '/' || partition || '/' || next_offset AS j FROM projection_checkpoints");
  out.projection_checkpoints = createHash('sha256').update(cp.rows.map((x) => x.j).sort().join('\n')).digest('hex');
  return out;
}

export async function rowCount(db: SqlExecutor, table: string): Promise<number> {
  return Number((await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM ${table}`)).rows[0]!.n);
}
