import type { SqlExecutor } from '@engram/core';

export type ErasureReportStatus = 'pending' | 'completed' | 'failed';

/** B2: the erasure report. Ids, times and counts per place; never erased content. */
export interface ErasureReport {
  erasureId: string;
  status: ErasureReportStatus;
  subject: { tenantId: string; userId: string; target: string; memoryId: string | null };
  requestEventId: string;
  requestedBy: string;
  requestedAt: string;
  completedAt: string | null;
  removed: Record<string, number>;
  error: string | null;
}

type Row = Record<string, unknown>;
const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

function reportOf(r: Row): ErasureReport {
  return {
    erasureId: String(r.id),
    status: String(r.status) as ErasureReportStatus,
    subject: {
      tenantId: String(r.tenant_id),
      userId: String(r.user_id),
      target: String(r.target),
      memoryId: r.memory_id == null ? null : String(r.memory_id),
    },
    requestEventId: String(r.request_event_id),
    requestedBy: String(r.requested_by),
    requestedAt: iso(r.requested_at),
    completedAt: r.completed_at == null ? null : iso(r.completed_at),
    removed: (typeof r.removed === 'string' ? JSON.parse(r.removed) : (r.removed ?? {})) as Record<string, number>,
    error: r.error == null ? null : String(r.error),
  };
}

export async function getErasure(db: SqlExecutor, tenantId: string, erasureId: string): Promise<ErasureReport | null> {
  const r = await db.query<Row>('SELECT * FROM erasures WHERE tenant_id = $1 AND id = $2', [tenantId, erasureId]);
  return r.rows[0] ? reportOf(r.rows[0]) : null;
}

/** A tenant's erasure reports (one user's when given), newest request first; keyset on (requested_at, id). */
export async function listErasures(
  db: SqlExecutor,
  tenantId: string,
  opts: { userId: string | null; after: { atUs: string; id: string } | null; limit: number },
): Promise<Array<ErasureReport & { cursorUs: string }>> {
  const r = await db.query<Row>(
    `SELECT *, (extract(epoch FROM requested_at) * 1000000)::bigint::text AS cursor_us FROM erasures
      WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id = $2)
        AND ($3::bigint IS NULL OR (requested_at, id) < ('epoch'::timestamptz + $3::bigint * interval '1 microsecond', $4::uuid))
      ORDER BY requested_at DESC, id DESC LIMIT $5`,
    [tenantId, opts.userId, opts.after?.atUs ?? null, opts.after?.id ?? null, opts.limit],
  );
  return r.rows.map((row) => ({ ...reportOf(row), cursorUs: String(row.cursor_us) }));
}
