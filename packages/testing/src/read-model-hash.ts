import { createHash } from 'node:crypto';
import type { SqlExecutor } from '@engram/core';

/** Every table a SQL projection writes (the header of each migration says which projection owns it). */
export const READ_MODEL_TABLES = [
  'sessions',
  'working_entries',
  'messages',
  'episodes',
  'memories',
  'memory_history',
  'contradictions',
  'skills',
  'write_rejections',
  'quarantined_writes',
  'archive_entries',
  'archive_memory_keys',
] as const;

/**
 * A digest per read-model table (rows in any order) plus one of the checkpoints' offsets (not of when
 * they were written): two read models built from the same log compare equal table by table.
 */
export async function hashReadModelTables(db: SqlExecutor): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const table of READ_MODEL_TABLES) {
    const r = await db.query<{ j: string }>(`SELECT row_to_json(t)::text AS j FROM ${table} t`);
    out[table] = createHash('sha256')
      .update(
        r.rows
          .map((x) => x.j)
          .sort()
          .join('\n'),
      )
      .digest('hex');
  }
  const cp = await db.query<{ j: string }>(
    "SELECT projection || '/' || partition || '/' || next_offset AS j FROM projection_checkpoints",
  );
  out.projection_checkpoints = createHash('sha256')
    .update(
      cp.rows
        .map((x) => x.j)
        .sort()
        .join('\n'),
    )
    .digest('hex');
  return out;
}

/** The tables whose digests differ between two hashReadModelTables results. */
export function differingTables(a: Record<string, string>, b: Record<string, string>): string[] {
  return [...new Set([...Object.keys(a), ...Object.keys(b)])].filter((t) => a[t] !== b[t]);
}
