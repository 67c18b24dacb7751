import {
  deadLetterId,
  type DeadLetter,
  type DeadLetterFilter,
  type DeadLetters,
  type NewDeadLetter,
  type SqlExecutor,
} from '@engram/core';
import { isoOf, isoOrNull } from './sql-values';

const MAX_ERROR_CHARS = 2000;
const MAX_FIELD_CHARS = 256;

/** Text from a poison event or its error may itself be unstorable: NUL and lone surrogates become U+FFFD. */
function storable(s: string | null, max: number): string | null {
  if (s === null) return null;
  return s
    .replace(/\u0000|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, '\ufffd')
    .slice(0, max);
}

interface Row {
  id: string;
  projection: string;
  partition: number;
  offset: string | number;
  event_id: string | null;
  event_type: string | null;
  tenant_id: string | null;
  user_id: string | null;
  code: string;
  error: string;
  attempts: number;
  status: DeadLetter['status'];
  first_failed_at: unknown;
  last_failed_at: unknown;
  retry_requested_at: unknown;
}

const COLUMNS =
  'id::text AS id, projection, partition, "offset", event_id, event_type, tenant_id, user_id, code, error, attempts, status, first_failed_at, last_failed_at, retry_requested_at';

function toDeadLetter(r: Row): DeadLetter {
  return {
    id: r.id,
    projection: r.projection,
    position: { partition: Number(r.partition), offset: Number(r.offset) },
    eventId: r.event_id,
    eventType: r.event_type,
    tenantId: r.tenant_id,
    userId: r.user_id,
    code: r.code,
    error: r.error,
    attempts: Number(r.attempts),
    status: r.status,
    firstFailedAt: isoOf(r.first_failed_at),
    lastFailedAt: isoOf(r.last_failed_at),
    retryRequestedAt: isoOrNull(r.retry_requested_at),
  };
}

/** Records (or, for the same projection and position, updates) a dead letter; usable inside a projector's transaction. */
export async function insertDeadLetter(ex: SqlExecutor, dl: NewDeadLetter): Promise<DeadLetter> {
  const r = await ex.query<Row>(
    `INSERT INTO dead_letters (id, projection, partition, "offset", event_id, event_type, tenant_id, user_id, code, error, attempts)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
     ON CONFLICT (id) DO UPDATE SET code = EXCLUDED.code, error = EXCLUDED.error, attempts = dead_letters.attempts + EXCLUDED.attempts,
       status = 'dead', last_failed_at = now(), retry_requested_at = NULL
     RETURNING ${COLUMNS}`,
    [
      deadLetterId(dl.projection, dl.position),
      dl.projection,
      dl.position.partition,
      dl.position.offset,
      storable(dl.eventId, MAX_FIELD_CHARS),
      storable(dl.eventType, MAX_FIELD_CHARS),
      storable(dl.tenantId, MAX_FIELD_CHARS),
      storable(dl.userId, MAX_FIELD_CHARS),
      storable(dl.code, 64) ?? 'INTERNAL',
      storable(dl.error, MAX_ERROR_CHARS) ?? '',
      dl.attempts,
    ],
  );
  return toDeadLetter(r.rows[0]!);
}

function where(f: DeadLetterFilter & { id?: string }, params: unknown[]): string {
  const parts: string[] = [];
  const add = (sql: string, v: unknown) => {
    params.push(v);
    parts.push(sql.replace('?', `$${params.length}`));
  };
  if (f.id !== undefined) add('id = ?::uuid', f.id);
  if (f.projection !== undefined) add('projection = ?', f.projection);
  if (f.eventId !== undefined) add('event_id = ?', f.eventId);
  if (f.tenantId !== undefined) add('tenant_id = ?', f.tenantId);
  if (f.userId !== undefined) add('user_id = ?', f.userId);
  if (f.status !== undefined) add('status = ?', f.status);
  if (f.after !== undefined) add('id > ?::uuid', f.after);
  return parts.length > 0 ? `WHERE ${parts.join(' AND ')}` : '';
}

/** The dead letters in the read store (table dead_letters, migration 004). */
export function sqlDeadLetters(db: SqlExecutor): DeadLetters {
  return {
    record: (dl) => insertDeadLetter(db, dl),
    async list(filter = {}) {
      const params: unknown[] = [];
      const limit = Math.min(1000, Math.max(1, filter.limit ?? 100));
      const r = await db.query<Row>(
        `SELECT ${COLUMNS} FROM dead_letters ${where(filter, params)} ORDER BY id LIMIT ${limit}`,
        params,
      );
      return r.rows.map(toDeadLetter);
    },
    async counts(of = {}) {
      const params: unknown[] = [];
      const r = await db.query<{ projection: string; n: number }>(
        `SELECT projection, count(*)::int AS n FROM dead_letters ${where(of, params)} GROUP BY projection`,
        params,
      );
      return Object.fromEntries(r.rows.map((row) => [row.projection, Number(row.n)]));
    },
    async requestRetry(filter) {
      const params: unknown[] = [];
      const r = await db.query(
        `UPDATE dead_letters SET status = 'retry_requested', retry_requested_at = now() ${where(filter, params)}`,
        params,
      );
      return r.rowCount;
    },
    async retryRequested(projection, limit) {
      const r = await db.query<Row>(
        `SELECT ${COLUMNS} FROM dead_letters WHERE projection = $1 AND status = 'retry_requested' ORDER BY partition, "offset" LIMIT ${Math.max(1, Math.floor(limit))}`,
        [projection],
      );
      return r.rows.map(toDeadLetter);
    },
    async resolve(id) {
      await db.query('DELETE FROM dead_letters WHERE id = $1::uuid', [id]);
    },
    async failedAgain(id, code, error) {
      await db.query(
        `UPDATE dead_letters SET status = 'dead', code = $2, error = $3, attempts = attempts + 1, last_failed_at = now(), retry_requested_at = NULL WHERE id = $1::uuid`,
        [id, storable(code, 64), storable(error, MAX_ERROR_CHARS)],
      );
    },
    async purgeUser(tenantId, userId) {
      return (await db.query('DELETE FROM dead_letters WHERE tenant_id = $1 AND user_id = $2', [tenantId, userId]))
        .rowCount;
    },
  };
}
