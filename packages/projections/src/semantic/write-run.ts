import type { SqlExecutor } from '@engram/core';
import type { ApplyOutcome } from '../event-status';
import { isUuid } from '../sql-values';
import { contentHash } from './content-hash';
import { addHistories, type HistoryRow } from './history';
import { rowParams, type Envelope, type NewEntry } from './write-entry';

/** A write writeRun takes: an unkeyed SEMANTIC entry with content to compare (the common write). */
export function isRunnable(n: NewEntry): boolean {
  return n.tier === 'SEMANTIC' && n.key === null && n.erased !== true && isUuid(n.id);
}

/** Rows per statement (one JSON parameter). */
const ROWS_PER_STATEMENT = 1000;

/** The columns of a new row as jsonb_to_recordset reads them (the order of rowParams). */
const ROW_COLUMNS: ReadonlyArray<readonly [string, string]> = [
  ['id', 'uuid'],
  ['tenant_id', 'text'],
  ['user_id', 'text'],
  ['agent_id', 'text'],
  ['type', 'text'],
  ['tier', 'text'],
  ['kind', 'text'],
  ['key', 'text'],
  ['content', 'text'],
  ['tags', 'text[]'],
  ['source_session', 'text'],
  ['created_at', 'timestamptz'],
  ['importance', 'double precision'],
  ['episode_id', 'uuid'],
  ['version', 'integer'],
  ['source', 'text'],
  ['pinned', 'boolean'],
  ['scope', 'text'],
  ['confidence', 'double precision'],
  ['metadata', 'jsonb'],
  ['source_message_ids', 'text[]'],
  ['valid_from', 'timestamptz'],
  ['last_event_id', 'uuid'],
  ['content_hash', 'text'],
  ['valid_to', 'timestamptz'],
  ['recorded_at', 'timestamptz'],
];
const NAMES = ROW_COLUMNS.map(([c]) => c).join(', ');
const RECORD = ROW_COLUMNS.map(([c, t]) => `${c} ${t}`).join(', ');

/** One JSON object per row, keyed by column: the same values writeEntry binds (metadata as an object). */
function rowObject(e: Envelope, n: NewEntry, hash: string): Record<string, unknown> {
  const values = rowParams(e, n, 1, hash);
  const row: Record<string, unknown> = {};
  ROW_COLUMNS.forEach(([c], i) => (row[c] = values[i]));
  row.metadata = n.metadata ?? {};
  return row;
}

/** The rows with their 'created' history rows: one statement per 1,000, the rows passed as one JSON array. */
async function insertCreatedRows(
  tx: SqlExecutor,
  rows: ReadonlyArray<{ e: Envelope; n: NewEntry; hash: string }>,
): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT);
    await tx.query(
      `WITH r AS MATERIALIZED (SELECT * FROM jsonb_to_recordset($1::jsonb) AS r(${RECORD})),
       row AS (INSERT INTO memories (${NAMES}, updated_at) SELECT ${NAMES}, created_at FROM r ON CONFLICT (id) DO NOTHING)
       INSERT INTO memory_history (event_id, memory_id, action, tenant_id, user_id, key, version, content, source, related_id, reason, at, recorded_at, valid_from, valid_to)
       SELECT last_event_id, id, 'created', tenant_id, user_id, key, 1, content, source, NULL, NULL, created_at, recorded_at, valid_from, valid_to
         FROM r ON CONFLICT DO NOTHING`,
      [JSON.stringify(chunk.map((x) => rowObject(x.e, x.n, x.hash)))],
    );
  }
}

interface Active {
  id: string;
  version: number;
  createdAt: number;
}

/**
 * writeEntry for a run of unkeyed SEMANTIC writes (isRunnable), in a fixed number of statements:
 * one probe for the ids already stored and the active entries with the same content, one multi-row
 * insert of the new rows with their history, one for the dedup history rows. Same outcomes, rows
 * and history as writeEntry on each in turn: an entry identical to an active one (or to one earlier
 * in the run) is deduplicated into the earliest created.
 */
export async function writeRun(
  tx: SqlExecutor,
  run: ReadonlyArray<{ e: Envelope; n: NewEntry }>,
): Promise<ApplyOutcome[]> {
  const hashes = run.map(({ n }) => contentHash(n.content));
  const probe = await tx.query<{
    seen: boolean;
    id: string;
    version: number;
    tenant_id: string;
    user_id: string;
    agent_id: string | null;
    content_hash: string;
    created_at: unknown;
  }>(
    `SELECT true AS seen, id::text AS id, 0 AS version, '' AS tenant_id, '' AS user_id, NULL AS agent_id, '' AS content_hash, NULL::timestamptz AS created_at
       FROM memories WHERE id = ANY($1::uuid[])
     UNION ALL
     SELECT false, m.id::text, m.version, m.tenant_id, m.user_id, m.agent_id, m.content_hash, m.created_at
       FROM memories m JOIN (SELECT DISTINCT * FROM unnest($2::text[], $3::text[], $4::text[])) AS w(tenant_id, user_id, content_hash)
         ON m.tenant_id = w.tenant_id AND m.user_id = w.user_id AND m.content_hash = w.content_hash
      WHERE m.tier = 'SEMANTIC'`,
    [run.map(({ n }) => n.id), run.map(({ e }) => e.tenantId), run.map(({ e }) => e.userId), hashes],
  );
  const seen = new Set<string>();
  const earliest = new Map<string, Active>();
  const scopeKey = (t: string, u: string, a: string | null, h: string) => JSON.stringify([t, u, a, h]);
  const offer = (k: string, a: Active) => {
    const cur = earliest.get(k);
    if (!cur || a.createdAt < cur.createdAt) earliest.set(k, a);
  };
  for (const r of probe.rows) {
    if (r.seen) seen.add(r.id);
    else
      offer(scopeKey(r.tenant_id, r.user_id, r.agent_id, r.content_hash), {
        id: r.id,
        version: Number(r.version),
        createdAt: new Date(r.created_at as string).getTime(),
      });
  }

  const inserts: Array<{ e: Envelope; n: NewEntry; hash: string }> = [];
  const history: HistoryRow[] = [];
  const outcomes = run.map(({ e, n }, i): ApplyOutcome => {
    if (seen.has(n.id)) return { outcome: 'applied', memoryId: n.id };
    seen.add(n.id);
    const hash = hashes[i]!;
    const k = scopeKey(e.tenantId, e.userId, e.agentId, hash);
    const dup = earliest.get(k);
    if (dup) {
      history.push({
        eventId: e.eventId,
        tenantId: e.tenantId,
        userId: e.userId,
        at: e.occurredAt,
        recordedAt: e.recordedAt,
        memoryId: dup.id,
        action: 'deduplicated',
        version: dup.version,
        source: n.source,
        relatedId: n.id,
        reason: 'identical content already active',
      });
      return { outcome: 'applied', memoryId: dup.id };
    }
    inserts.push({ e, n, hash });
    offer(k, { id: n.id, version: 1, createdAt: new Date(e.occurredAt).getTime() });
    return { outcome: 'applied', memoryId: n.id };
  });
  if (inserts.length > 0) await insertCreatedRows(tx, inserts);
  if (history.length > 0) await addHistories(tx, history);
  return outcomes;
}
