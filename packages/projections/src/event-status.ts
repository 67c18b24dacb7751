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
  await recordOutcomes(tx, [{ projection, stored, outcome: o }]);
}

export interface OutcomeRow {
  projection: string;
  stored: StoredEvent;
  outcome: ApplyOutcome | void;
}

/** Rows per statement (one JSON parameter; keeps each statement's text and memory bounded). */
const STATUS_ROWS_PER_STATEMENT = 1000;

/**
 * The write status of several events, of one or several projections: one statement per 1,000 rows,
 * passed as one JSON array (jsonb_to_recordset) instead of eleven parameters a row.
 */
export async function recordOutcomes(tx: SqlExecutor, outcomes: readonly OutcomeRow[]): Promise<void> {
  // As one upsert per event in turn: the first row of an (event, projection) stays, the last outcome wins.
  const latest = new Map<string, [StoredEvent, string, ApplyOutcome]>();
  for (const { projection, stored, outcome: o } of outcomes) {
    if (!o || !isUuid(stored.event.eventId)) continue;
    const k = `${projection}\u0000${stored.event.eventId}`;
    latest.set(k, [latest.get(k)?.[0] ?? stored, projection, o]);
  }
  const rows = [...latest.values()].map(([stored, projection, o]) => {
    const e = stored.event;
    return {
      event_id: e.eventId,
      projection,
      tenant_id: e.tenantId,
      user_id: e.userId,
      partition: stored.position.partition,
      offset: stored.position.offset,
      event_type: e.type,
      outcome: o.outcome,
      memory_id: isUuid(o.memoryId) ? o.memoryId : null,
      code: o.outcome === 'rejected' ? o.code : null,
      reason: o.outcome === 'rejected' ? o.reason.slice(0, 2000) : null,
    };
  });
  for (let from = 0; from < rows.length; from += STATUS_ROWS_PER_STATEMENT) {
    await tx.query(
      `INSERT INTO event_status (event_id, projection, tenant_id, user_id, partition, "offset", event_type, outcome, memory_id, code, reason)
       SELECT event_id, projection, tenant_id, user_id, partition, "offset", event_type, outcome, memory_id, code, reason
         FROM jsonb_to_recordset($1::jsonb) AS r(event_id uuid, projection text, tenant_id text, user_id text, partition integer,
                                                 "offset" bigint, event_type text, outcome text, memory_id uuid, code text, reason text)
       ON CONFLICT (event_id, projection) DO UPDATE SET outcome = EXCLUDED.outcome, memory_id = EXCLUDED.memory_id, code = EXCLUDED.code, reason = EXCLUDED.reason, at = now()`,
      [JSON.stringify(rows.slice(from, from + STATUS_ROWS_PER_STATEMENT))],
    );
  }
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
