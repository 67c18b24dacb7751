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

const ROW_PARAMS = 26;
/** Rows per statement: 26 parameters each stays far below the protocol's 65,535. */
const ROWS_PER_STATEMENT = 1000;

/** Row i of the multi-row insert: the same VALUES as writeEntry's (created_at twice), and its 'created' history row. */
function memoryValues(i: number): string {
  const p = (k: number) => `$${i * ROW_PARAMS + k}`;
  const cols = Array.from({ length: ROW_PARAMS }, (_, k) => p(k + 1));
  cols.splice(12, 0, p(12)); // updated_at = created_at
  return `(${cols.join(', ')})`;
}

function createdHistoryValues(i: number): string {
  const p = (k: number) => `$${i * ROW_PARAMS + k}`;
  return `(${p(23)}, ${p(1)}, 'created', ${p(2)}, ${p(3)}, ${p(8)}, 1, ${p(9)}, ${p(16)}, NULL, NULL, ${p(12)}, ${p(26)}::timestamptz, ${p(22)}::timestamptz, ${p(25)}::timestamptz)`;
}

async function insertCreatedRows(
  tx: SqlExecutor,
  rows: ReadonlyArray<{ e: Envelope; n: NewEntry; hash: string }>,
): Promise<void> {
  for (let from = 0; from < rows.length; from += ROWS_PER_STATEMENT) {
    const chunk = rows.slice(from, from + ROWS_PER_STATEMENT);
    await tx.query(
      `WITH row AS (INSERT INTO memories (id, tenant_id, user_id, agent_id, type, tier, kind, key, content, tags, source_session, created_at, updated_at,
                           importance, episode_id, version, source, pinned, scope, confidence, metadata, source_message_ids, valid_from,
                           last_event_id, content_hash, valid_to, recorded_at)
         VALUES ${chunk.map((_, i) => memoryValues(i)).join(', ')} ON CONFLICT (id) DO NOTHING)
       INSERT INTO memory_history (event_id, memory_id, action, tenant_id, user_id, key, version, content, source, related_id, reason, at, recorded_at, valid_from, valid_to)
       VALUES ${chunk.map((_, i) => createdHistoryValues(i)).join(', ')} ON CONFLICT DO NOTHING`,
      chunk.flatMap((r) => rowParams(r.e, r.n, 1, r.hash)),
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
