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
