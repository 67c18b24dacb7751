import type { SqlExecutor, StoredEvent } from '@engram/core';
import { isUuid, valuesList } from './sql-values';

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
  await recordOutcomes(tx, projection, [[stored, o]]);
}

const STATUS_COLUMNS = 11;
/** Rows per statement (bind parameters stay far below the protocol's 65,535). */
const STATUS_ROWS_PER_STATEMENT = 1000;

/** The write status of several events, one statement per 1,000. */
export async function recordOutcomes(
  tx: SqlExecutor,
  projection: string,
  outcomes: ReadonlyArray<readonly [StoredEvent, ApplyOutcome | void]>,
): Promise<void> {
  // As one upsert per event in turn: the first row of an event id stays, the last outcome wins.
  const latest = new Map<string, [StoredEvent, ApplyOutcome]>();
  for (const [stored, o] of outcomes) {
    if (!o || !isUuid(stored.event.eventId)) continue;
    latest.set(stored.event.eventId, [latest.get(stored.event.eventId)?.[0] ?? stored, o]);
  }
  const rows = [...latest.values()];
  for (let from = 0; from < rows.length; from += STATUS_ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + STATUS_ROWS_PER_STATEMENT);
    const params: unknown[] = [];
    for (const [stored, o] of chunk) {
      const e = stored.event;
      params.push(
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
      );
    }
    await tx.query(
      `INSERT INTO event_status (event_id, projection, tenant_id, user_id, partition, "offset", event_type, outcome, memory_id, code, reason)
       VALUES ${valuesList(chunk.length, STATUS_COLUMNS)}
       ON CONFLICT (event_id, projection) DO UPDATE SET outcome = EXCLUDED.outcome, memory_id = EXCLUDED.memory_id, code = EXCLUDED.code, reason = EXCLUDED.reason, at = now()`,
      params,
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
