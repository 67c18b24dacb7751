import type { SqlExecutor, StoredEvent } from '@engram/core';
import { isUuid } from './sql-values';

/** What a projector made of one event, reported by its apply() for the write status (GET /v1/events/{id}). */
export type ApplyOutcome =
  | { outcome: 'applied'; memoryId?: string | null }
  | { outcome: 'rejected'; code: string; reason: string; memoryId?: string | null };

export async function recordOutcome(
  tx: SqlExecutor,
  projection: string,
  stored: StoredEvent,
  o: ApplyOutcome,
): Promise<void> {
  const e = stored.event;
  if (!isUuid(e.eventId)) return;
  await tx.query(
    `INSERT INTO event_status (event_id, projection, tenant_id, user_id, partition, "offset", event_type, outcome, memory_id, code, reason)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (event_id, projection) DO UPDATE SET outcome = EXCLUDED.outcome, memory_id = EXCLUDED.memory_id, code = EXCLUDED.code, reason = EXCLUDED.reason, at = now()`,
    [
      e.eventId,
      projection,
      e.tenantId,
      e.userId,
      stored.position.partition,
      stored.position.offset,
      e.type,
      o.outcome,
      isUuid(o.memoryId) ? o.memoryId : null,
      o.outcome === 'rejected' ? o.code : null,
      o.outcome === 'rejected' ? o.reason.slice(0, 2000) : null,
    ],
  );
}

export interface EventStatusRow {
  projection: string;
  partition: number;
  offset: number;
  eventType: string;
  outcome: 'applied' | 'rejected';
  memoryId: string | null;
  code: string | null;
  reason: string | null;
}

/** Every projection's outcome for one event of the caller's stream. */
export async function eventStatusRows(
  db: SqlExecutor,
  tenantId: string,
  userId: string,
  eventId: string,
): Promise<EventStatusRow[]> {
  if (!isUuid(eventId)) return [];
  const r = await db.query<{
    projection: string;
    partition: number;
    offset: string;
    event_type: string;
    outcome: 'applied' | 'rejected';
    memory_id: string | null;
    code: string | null;
    reason: string | null;
  }>(
    `SELECT projection, partition, "offset", event_type, outcome, memory_id::text AS memory_id, code, reason FROM event_status
     WHERE event_id = $1 AND tenant_id = $2 AND user_id = $3 ORDER BY projection`,
    [eventId, tenantId, userId],
  );
  return r.rows.map((row) => ({
    projection: row.projection,
    partition: Number(row.partition),
    offset: Number(row.offset),
    eventType: row.event_type,
    outcome: row.outcome,
    memoryId: row.memory_id,
    code: row.code,
    reason: row.reason,
  }));
}

/** Erasure (P4): a user's write-status rows. */
export async function purgeEventStatus(db: SqlExecutor, tenantId: string, userId: string): Promise<number> {
  return (await db.query('DELETE FROM event_status WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]))
    .rowCount;
}
