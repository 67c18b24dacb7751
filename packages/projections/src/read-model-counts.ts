import type { SqlExecutor } from '@engram/core';

/** The read-model tables counted by `engram stats` and GET /v1/admin/stats (each has tenant_id and user_id). */
export const COUNTED_TABLES = [
  'sessions',
  'working_entries',
  'messages',
  'episodes',
  'memories',
  'contradictions',
  'skills',
  'write_rejections',
  'quarantined_writes',
  'archive_entries',
] as const;

export interface ReadModelCounts {
  /** Entries per tier: WORKING = working entries, EPISODIC = messages + episodes, SEMANTIC and ARCHIVAL memories. */
  tiers: Record<string, number>;
  tables: Record<string, number>;
}

/** Row counts of the read models, of every tenant (no filter), of one tenant or of one user of a tenant. */
export async function readModelCounts(
  db: SqlExecutor,
  filter: { tenantId?: string | null; userId?: string | null } = {},
): Promise<ReadModelCounts> {
  const where = '($1::text IS NULL OR tenant_id = $1) AND ($2::text IS NULL OR user_id = $2)';
  const params = [filter.tenantId ?? null, filter.userId ?? null];
  const count = async (sql: string) => Number((await db.query<{ n: number }>(sql, params)).rows[0]!.n);
  const tables: Record<string, number> = {};
  for (const t of COUNTED_TABLES) tables[t] = await count(`SELECT count(*)::int AS n FROM ${t} WHERE ${where}`);
  const tiers: Record<string, number> = {
    WORKING: tables.working_entries!,
    EPISODIC: tables.messages! + tables.episodes!,
    SEMANTIC: 0,
    ARCHIVAL: 0,
  };
  const r = await db.query<{ tier: string; n: number }>(
    `SELECT tier, count(*)::int AS n FROM memories WHERE ${where} GROUP BY tier ORDER BY tier`,
    params,
  );
  // Working entries and episodic messages/episodes live in their own tables, not in memories.
  for (const row of r.rows) tiers[row.tier] = (tiers[row.tier] ?? 0) + Number(row.n);
  return { tiers, tables };
}
