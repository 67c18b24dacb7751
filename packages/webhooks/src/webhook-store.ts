import type { SqlExecutor } from '@engram/core';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint, WebhookEventType } from './types';

type Row = Record<string, unknown>;
const iso = (v: unknown): string => (v instanceof Date ? v : new Date(String(v))).toISOString();
const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));
const strOrNull = (v: unknown): string | null => (v == null ? null : String(v));

const ENDPOINT_COLUMNS = 'id, tenant_id, url, events, description, created_at, created_by';
const DELIVERY_COLUMNS =
  'id, endpoint_id, event_id, event_type, position, status, attempts, last_status, last_error, created_at, next_attempt_at, delivered_at';

function endpointOf(r: Row): WebhookEndpoint {
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    url: String(r.url),
    events: ((r.events as string[] | null) ?? []) as WebhookEventType[],
    description: strOrNull(r.description),
    createdAt: iso(r.created_at),
    createdBy: strOrNull(r.created_by),
  };
}

function deliveryOf(r: Row): WebhookDelivery {
  const status = String(r.status) as DeliveryStatus;
  return {
    id: String(r.id),
    webhookId: String(r.endpoint_id),
    eventId: String(r.event_id),
    type: String(r.event_type) as WebhookEventType,
    position: String(r.position),
    status,
    attempts: Number(r.attempts),
    lastStatus: r.last_status == null ? null : Number(r.last_status),
    lastError: strOrNull(r.last_error),
    createdAt: iso(r.created_at),
    nextAttemptAt: status === 'pending' ? isoOrNull(r.next_attempt_at) : null,
    deliveredAt: isoOrNull(r.delivered_at),
  };
}

/** An endpoint with what sending needs (never leaves this package but to the sender). */
export interface ActiveEndpoint extends WebhookEndpoint {
  secret: string;
}

export interface NewDelivery {
  id: string;
  endpointId: string;
  tenantId: string;
  eventId: string;
  type: WebhookEventType;
  position: string;
  payload: string;
  at: string;
}

/** A claimed delivery: its row and where and how to send it. */
export interface DueDelivery {
  id: string;
  attempts: number;
  payload: string;
  url: string;
  secret: string;
}

/** The webhook tables (migrations in ./migrations) over the SQL read store. */
export const webhookStore = {
  async insertEndpoint(db: SqlExecutor, e: ActiveEndpoint): Promise<void> {
    await db.query(
      `INSERT INTO webhook_endpoints (id, tenant_id, url, secret, events, description, created_at, created_by)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)`,
      [e.id, e.tenantId, e.url, e.secret, e.events, e.description, e.createdAt, e.createdBy],
    );
  },

  async listEndpoints(db: SqlExecutor, tenantId: string): Promise<WebhookEndpoint[]> {
    const r = await db.query<Row>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE tenant_id = $1 AND deleted_at IS NULL ORDER BY created_at DESC, id`,
      [tenantId],
    );
    return r.rows.map(endpointOf);
  },

  async getEndpoint(db: SqlExecutor, tenantId: string, id: string): Promise<WebhookEndpoint | null> {
    const r = await db.query<Row>(
      `SELECT ${ENDPOINT_COLUMNS} FROM webhook_endpoints WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL`,
      [tenantId, id],
    );
    return r.rows[0] ? endpointOf(r.rows[0]) : null;
  },

  /** Soft-deletes the endpoint; its pending deliveries fail (nothing is sent to it any more). */
  async deleteEndpoint(db: SqlExecutor, tenantId: string, id: string, at: string): Promise<boolean> {
    const r = await db.query(
      'UPDATE webhook_endpoints SET deleted_at = $3 WHERE tenant_id = $1 AND id = $2 AND deleted_at IS NULL',
      [tenantId, id, at],
    );
    if (r.rowCount === 0) return false;
    await db.query(
      `UPDATE webhook_deliveries SET status = 'failed', last_error = 'the webhook was deleted' WHERE endpoint_id = $1 AND status = 'pending'`,
      [id],
    );
    return true;
  },

  /** Every endpoint in service, by tenant (the dispatcher's routing table). */
  async activeEndpoints(db: SqlExecutor): Promise<Map<string, ActiveEndpoint[]>> {
    const r = await db.query<Row>(
      `SELECT ${ENDPOINT_COLUMNS}, secret FROM webhook_endpoints WHERE deleted_at IS NULL ORDER BY created_at, id`,
    );
    const out = new Map<string, ActiveEndpoint[]>();
    for (const row of r.rows) {
      const e = { ...endpointOf(row), secret: String(row.secret) };
      const list = out.get(e.tenantId) ?? [];
      list.push(e);
      out.set(e.tenantId, list);
    }
    return out;
  },

  async insertDeliveries(db: SqlExecutor, rows: readonly NewDelivery[]): Promise<void> {
    for (const d of rows) {
      await db.query(
        `INSERT INTO webhook_deliveries (id, endpoint_id, tenant_id, event_id, event_type, position, payload, status, created_at, next_attempt_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, 'pending', $8, $8) ON CONFLICT (id) DO NOTHING`,
        [d.id, d.endpointId, d.tenantId, d.eventId, d.type, d.position, d.payload, d.at],
      );
    }
  },

  /** Claims up to `limit` due deliveries for leaseMs (another sender skips them meanwhile). */
  async claimDue(db: SqlExecutor, now: string, limit: number, leaseMs: number): Promise<DueDelivery[]> {
    if (limit <= 0) return [];
    const r = await db.query<Row>(
      `WITH due AS (
         SELECT d.id FROM webhook_deliveries d
          WHERE d.status = 'pending' AND d.next_attempt_at <= $1::timestamptz
            AND (d.claimed_until IS NULL OR d.claimed_until < $1::timestamptz)
          ORDER BY d.next_attempt_at, d.id LIMIT $2 FOR UPDATE SKIP LOCKED
       ), claimed AS (
         UPDATE webhook_deliveries w SET claimed_until = $1::timestamptz + ($3 || ' milliseconds')::interval
           FROM due WHERE w.id = due.id RETURNING w.id, w.attempts, w.payload, w.endpoint_id
       )
       SELECT c.id, c.attempts, c.payload, e.url, e.secret FROM claimed c JOIN webhook_endpoints e ON e.id = c.endpoint_id`,
      [now, limit, String(leaseMs)],
    );
    return r.rows.map((row) => ({
      id: String(row.id),
      attempts: Number(row.attempts),
      payload: String(row.payload),
      url: String(row.url),
      secret: String(row.secret),
    }));
  },

  async recordDelivered(db: SqlExecutor, id: string, attempts: number, status: number, at: string): Promise<void> {
    await db.query(
      `UPDATE webhook_deliveries SET status = 'delivered', attempts = $2, last_status = $3, last_error = NULL,
              delivered_at = $4, claimed_until = NULL WHERE id = $1`,
      [id, attempts, status, at],
    );
  },

  /** A failed attempt: retried at nextAttemptAt, or given up (failed) when that is null. */
  async recordFailure(
    db: SqlExecutor,
    id: string,
    f: { attempts: number; status: number | null; error: string; nextAttemptAt: string | null },
  ): Promise<void> {
    await db.query(
      `UPDATE webhook_deliveries SET attempts = $2, last_status = $3, last_error = $4, claimed_until = NULL,
              status = CASE WHEN $5::timestamptz IS NULL THEN 'failed' ELSE status END,
              next_attempt_at = COALESCE($5::timestamptz, next_attempt_at)
        WHERE id = $1 AND status = 'pending'`,
      [id, f.attempts, f.status, f.error.slice(0, 500), f.nextAttemptAt],
    );
  },

  async listDeliveries(
    db: SqlExecutor,
    endpointId: string,
    q: { status?: DeliveryStatus; limit: number },
  ): Promise<WebhookDelivery[]> {
    const r = await db.query<Row>(
      `SELECT ${DELIVERY_COLUMNS} FROM webhook_deliveries WHERE endpoint_id = $1 AND ($2::text IS NULL OR status = $2)
        ORDER BY created_at DESC, id LIMIT $3`,
      [endpointId, q.status ?? null, q.limit],
    );
    return r.rows.map(deliveryOf);
  },
};
