import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@engram/core';

export const READ_MODEL_TABLES = [
  'sessions', 'working_entries', 'messages', 'episodes', 'memories', 'memory_history', 'contradictions', 'skills', 'write_rejections', 'quarantined_writes',
  'archive_entries', 'archive_memory_keys',
] as const;

/** A digest of every read-model row (and of the checkpoints' offsets), independent of row order. */
export async function hashReadModels(db: SqlExecutor): Promise<string> {
  const h = createHash('sha256');
  for (const table of READ_MODEL_TABLES) {
    const r = await db.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM ${table} t`);
    h.update(`${table}\n${r.rows.map((x) => x.j).sort().join('\n')}\n`);
  }
  const cp = await db.query<{ j: string }>('SELECT projection || \'/\' || partition || \'/\' || next_offset AS j FROM projection_checkpoints');
  h.update(cp.rows.map((x) => x.j).sort().join('\n'));
  return h.digest('hex');
}

export async function count(db: SqlExecutor, sql: string, params: unknown[] = []): Promise<number> {
  const r = await db.query<{ n: number }>(`SELECT count(*)::int AS n FROM (${sql}) q`, params);
  return r.rows[0]!.n;
}
