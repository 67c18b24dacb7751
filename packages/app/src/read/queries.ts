import type { Scope, SqlExecutor } from '@engram/core';
import { MEMORY_COLUMNS, scopeSql, toContradictionView, toHistoryItem } from './rows';
import type { MemoryRow } from './rows';
import type { ContradictionView, HistoryItem } from '../types';

const scopeParams = (s: Scope): unknown[] => [s.tenantId, s.userId, s.agentId];

/** One memory row inside the caller's scope, or null (another user's memory is indistinguishable from none). */
export async function selectMemory(db: SqlExecutor, scope: Scope, id: string): Promise<MemoryRow | null> {
  const r = await db.query(`SELECT ${MEMORY_COLUMNS} FROM memories WHERE id = $4::uuid AND ${scopeSql('', 1)}`, [...scopeParams(scope), id]);
  return r.rows[0] ?? null;
}

/** The active (not superseded, not archived) entry holding a key for the caller, if any. */
export async function selectActiveByKey(db: SqlExecutor, scope: Scope, key: string): Promise<MemoryRow | null> {
  const r = await db.query(
    `SELECT ${MEMORY_COLUMNS} FROM memories
      WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3 AND key = $4
        AND superseded_by IS NULL AND tier = 'SEMANTIC'
      ORDER BY updated_at DESC LIMIT 1`,
    [...scopeParams(scope), key],
  );
  return r.rows[0] ?? null;
}

export async function selectMemoryHistory(db: SqlExecutor, scope: Scope, id: string): Promise<HistoryItem[]> {
  const r = await db.query(
    `SELECT event_id::text AS event_id, memory_id::text AS memory_id, action, key, version, content, source,
            related_id::text AS related_id, reason, at
       FROM memory_history WHERE memory_id = $3::uuid AND tenant_id = $1 AND user_id = $2
      ORDER BY at, version NULLS LAST, event_id`,
    [scope.tenantId, scope.userId, id],
  );
  return r.rows.map(toHistoryItem);
}

export async function selectKeyHistory(db: SqlExecutor, scope: Scope, key: string): Promise<HistoryItem[]> {
  const r = await db.query(
    `SELECT event_id::text AS event_id, memory_id::text AS memory_id, action, key, version, content, source,
            related_id::text AS related_id, reason, at
       FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND key = $3
      ORDER BY at, version NULLS LAST, event_id`,
    [scope.tenantId, scope.userId, key],
  );
  return r.rows.map(toHistoryItem);
}

export async function selectContradictions(db: SqlExecutor, scope: Scope, status: 'open' | 'all'): Promise<ContradictionView[]> {
  const r = await db.query(
    `SELECT id::text AS id, entry_a_id::text AS entry_a_id, entry_b_id::text AS entry_b_id, description, confidence,
            candidate, resolution, resolved_by, detected_at, resolved_at
       FROM contradictions WHERE tenant_id = $1 AND user_id = $2 ${status === 'open' ? 'AND resolution IS NULL' : ''}
      ORDER BY detected_at DESC LIMIT 500`,
    [scope.tenantId, scope.userId],
  );
  return r.rows.map(toContradictionView);
}

export async function selectContradiction(db: SqlExecutor, scope: Scope, id: string): Promise<ContradictionView | null> {
  const r = await db.query(
    `SELECT id::text AS id, entry_a_id::text AS entry_a_id, entry_b_id::text AS entry_b_id, description, confidence,
            candidate, resolution, resolved_by, detected_at, resolved_at
       FROM contradictions WHERE tenant_id = $1 AND user_id = $2 AND id = $3::uuid`,
    [scope.tenantId, scope.userId, id],
  );
  const row = r.rows[0];
  return row ? toContradictionView(row) : null;
}

export async function selectOpenSessions(db: SqlExecutor, scope: Scope): Promise<string[]> {
  const r = await db.query<{ session_id: string }>(
    `SELECT session_id FROM sessions WHERE ${scopeSql('', 1)} AND ended_at IS NULL ORDER BY started_at`,
    scopeParams(scope),
  );
  return r.rows.map((x) => x.session_id);
}

export interface WorkingEntryRow {
  kind: string;
  role: string | null;
  content: string;
  importance: number;
  seq: number;
}

/** The session's ring buffer (M5: at most `limit` newest entries), oldest first. */
export async function selectWorkingEntries(db: SqlExecutor, scope: Scope, sessionId: string, limit: number): Promise<WorkingEntryRow[]> {
  const r = await db.query<Record<string, unknown>>(
    `SELECT kind, role, content, importance, seq FROM working_entries
      WHERE ${scopeSql('', 1)} AND session_id = $4 ORDER BY seq DESC LIMIT $5`,
    [...scopeParams(scope), sessionId, limit],
  );
  return r.rows
    .map((x) => ({ kind: String(x.kind), role: (x.role as string | null) ?? null, content: String(x.content), importance: Number(x.importance), seq: Number(x.seq) }))
    .reverse();
}
