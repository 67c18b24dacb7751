import type { ErasureCompleted, MemoryForgotten, SqlExecutor } from '@engram/core';
import { isUuid } from '../sql-values';

/** B2: a requested erasure (memory, key, user) is pending until its ErasureCompleted arrives. */
export async function projectErasureRequest(tx: SqlExecutor, e: MemoryForgotten): Promise<void> {
  const p = e.payload;
  if (p.erasureId === null || p.target === 'derived' || !isUuid(p.erasureId)) return;
  await tx.query(
    `INSERT INTO erasures (id, tenant_id, user_id, target, memory_id, request_event_id, requested_by, requested_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (id) DO NOTHING`,
    [
      p.erasureId,
      e.tenantId,
      e.userId,
      p.target,
      isUuid(p.memoryId) ? p.memoryId : null,
      e.eventId,
      p.requestedBy,
      e.occurredAt,
    ],
  );
}

export async function projectErasureCompleted(tx: SqlExecutor, e: ErasureCompleted): Promise<void> {
  const p = e.payload;
  if (!isUuid(p.erasureId)) return;
  await tx.query(
    `INSERT INTO erasures (id, tenant_id, user_id, target, memory_id, request_event_id, requested_by, requested_at, status, completed_at, removed, error)
     VALUES ($1, $2, $3, $4, $5, $6, 'unknown', $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO UPDATE SET status = EXCLUDED.status, completed_at = EXCLUDED.completed_at, removed = EXCLUDED.removed, error = EXCLUDED.error`,
    [
      p.erasureId,
      e.tenantId,
      e.userId,
      p.target,
      isUuid(p.memoryId) ? p.memoryId : null,
      p.requestEventId,
      p.requestedAt,
      p.status,
      e.occurredAt,
      JSON.stringify(p.removed),
      p.error,
    ],
  );
}
