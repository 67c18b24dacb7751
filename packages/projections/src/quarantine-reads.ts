import type { EventType, QuarantineResolution, SqlExecutor } from '@engram/core';
import { isoOf, isoOrNull } from './sql-values';

export type QuarantineStatus = 'pending' | QuarantineResolution;

export interface QuarantinedWrite {
  quarantineId: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string | null;
  /** The API key that wrote it (null: written without a key). */
  keyId: string | null;
  /** eventId of the ContentQuarantined event. */
  eventId: string;
  attempted: string;
  heldType: EventType;
  heldSchemaVersion: number;
  heldPayload: Record<string, unknown>;
  code: string;
  reason: string;
  intents: string[];
  score: number;
  field: string | null;
  match: string | null;
  scanner: string;
  occurredAt: string;
  quarantinedAt: string;
  status: QuarantineStatus;
  resolvedAt: string | null;
  resolvedBy: string | null;
  releasedEventId: string | null;
  note: string | null;
}

type Row = Record<string, unknown>;
const str = (v: unknown): string | null => (v == null ? null : String(v));

function fromRow(r: Row): QuarantinedWrite {
  return {
    quarantineId: String(r.quarantine_id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    agentId: str(r.agent_id),
    sessionId: str(r.session_id),
    keyId: str(r.key_id),
    eventId: String(r.event_id),
    attempted: String(r.attempted),
    heldType: String(r.held_type) as EventType,
    heldSchemaVersion: Number(r.held_schema_version),
    heldPayload: (r.held_payload as Record<string, unknown>) ?? {},
    code: String(r.code),
    reason: String(r.reason),
    intents: (r.intents as string[]) ?? [],
    score: Number(r.score),
    field: str(r.field),
    match: str(r.match),
    scanner: String(r.scanner),
    occurredAt: isoOf(r.occurred_at),
    quarantinedAt: isoOf(r.quarantined_at),
    status: String(r.status) as QuarantineStatus,
    resolvedAt: isoOrNull(r.resolved_at),
    resolvedBy: str(r.resolved_by),
    releasedEventId: str(r.released_event_id),
    note: str(r.note),
  };
}

export interface ListQuarantinedOptions {
  userId?: string;
  status?: QuarantineStatus;
  limit?: number;
}

/** A tenant's held writes (an operator's view: every user of the tenant unless one is named), oldest first. */
export async function listQuarantined(
  db: SqlExecutor,
  tenantId: string,
  opts: ListQuarantinedOptions = {},
): Promise<QuarantinedWrite[]> {
  const limit = Math.max(1, Math.min(1000, Math.floor(opts.limit ?? 100)));
  const r = await db.query<Row>(
    `SELECT * FROM quarantined_writes WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id = $2) AND ($3::text IS NULL OR status = $3)
     ORDER BY quarantined_at, quarantine_id LIMIT $4`,
    [tenantId, opts.userId ?? null, opts.status ?? null, limit],
  );
  return r.rows.map(fromRow);
}

export async function getQuarantined(
  db: SqlExecutor,
  tenantId: string,
  quarantineId: string,
): Promise<QuarantinedWrite | null> {
  const r = await db.query<Row>('SELECT * FROM quarantined_writes WHERE tenant_id = $1 AND quarantine_id = $2', [
    tenantId,
    quarantineId,
  ]);
  return r.rows[0] ? fromRow(r.rows[0]) : null;
}
