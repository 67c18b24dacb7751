import type { EngramEvent, MemoryType, ProvenanceSource, SqlExecutor, Tier } from '@engram/core';
import type { ApplyOutcome } from '../event-status';
import { decideKeyedWrite, isPastValue, type ActiveKeyHolder } from '../keyed-write';
import { isoOrNull, isUuid } from '../sql-values';
import { contentHash } from './content-hash';
import { addHistory } from './history';

export interface NewEntry {
  id: string;
  type: MemoryType;
  tier: Tier;
  kind: string;
  key: string | null;
  content: string;
  tags: string[];
  importance: number;
  pinned: boolean;
  source: ProvenanceSource;
  confidence: number;
  scope: string | null;
  metadata: Record<string, unknown>;
  sourceMessageIds: string[];
  episodeId: string | null;
  /** B3 valid time; null: true from when it was stated (the event's occurredAt). */
  validFrom: string | null;
  /** B3: when it stopped being true, if the writer knows; null while it holds. */
  validTo: string | null;
  /** Its content was crypto-shredded (a tombstone in a replay): nothing to compare, so it never deduplicates. */
  erased?: boolean;
}

export type Envelope = Pick<
  EngramEvent,
  'eventId' | 'tenantId' | 'userId' | 'agentId' | 'sessionId' | 'occurredAt' | 'recordedAt'
>;

export const INSERT_COLUMNS = `INSERT INTO memories (id, tenant_id, user_id, agent_id, type, tier, kind, key, content, tags, source_session, created_at, updated_at,
                           importance, episode_id, version, source, pinned, scope, confidence, metadata, source_message_ids, valid_from,
                           last_event_id, content_hash, valid_to, recorded_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24, $25, $26)
     ON CONFLICT (id) DO NOTHING`;

/** When the entry became true: the stated valid time, else when it was said. */
const validFromOf = (e: Envelope, n: NewEntry) => n.validFrom ?? e.occurredAt;

export function rowParams(e: Envelope, n: NewEntry, version: number, hash: string, tier = n.tier): unknown[] {
  return [
    n.id,
    e.tenantId,
    e.userId,
    e.agentId,
    n.type,
    tier,
    n.kind,
    n.key,
    n.content,
    n.tags,
    e.sessionId,
    e.occurredAt,
    n.importance,
    isUuid(n.episodeId) ? n.episodeId : null,
    version,
    n.source,
    n.pinned,
    n.scope,
    n.confidence,
    JSON.stringify(n.metadata ?? {}),
    n.sourceMessageIds,
    validFromOf(e, n),
    e.eventId,
    hash,
    n.validTo,
    e.recordedAt,
  ];
}

async function insertRow(
  tx: SqlExecutor,
  e: Envelope,
  n: NewEntry,
  version: number,
  hash: string,
  tier = n.tier,
): Promise<void> {
  await tx.query(INSERT_COLUMNS, rowParams(e, n, version, hash, tier));
}

/**
 * The row and its 'created' history entry in one statement (one round trip instead of two; both
 * inserts run unconditionally, as the two separate statements did).
 */
async function insertCreated(tx: SqlExecutor, e: Envelope, n: NewEntry, hash: string): Promise<void> {
  await tx.query(
    `WITH row AS (${INSERT_COLUMNS})
     INSERT INTO memory_history (event_id, memory_id, action, tenant_id, user_id, key, version, content, source, related_id, reason, at, recorded_at, valid_from, valid_to)
     VALUES ($23, $1, 'created', $2, $3, $8, 1, $9, $16, NULL, NULL, $12, $26, $22, $25) ON CONFLICT DO NOTHING`,
    rowParams(e, n, 1, hash),
  );
}

async function activeHolders(tx: SqlExecutor, e: Envelope, key: string): Promise<ActiveKeyHolder[]> {
  const r = await tx.query<ActiveKeyHolder>(
    `SELECT id, source, version FROM memories
     WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3 AND key = $4 AND tier = 'SEMANTIC'
     ORDER BY version FOR UPDATE`,
    [e.tenantId, e.userId, e.agentId, key],
  );
  return r.rows;
}

/**
 * Writes a SEMANTIC (or other non-working) entry under the key and dedup rules: same id again is a
 * no-op; a key held by an active entry is superseded only through the provenance guard (P1);
 * an unkeyed entry identical to an active one in the same scope is not stored twice.
 */
export async function writeEntry(tx: SqlExecutor, e: Envelope, n: NewEntry): Promise<ApplyOutcome> {
  if (!isUuid(n.id))
    return { outcome: 'rejected', code: 'VALIDATION_FAILED', reason: `memory id ${n.id} is not a UUID` };
  const hash = contentHash(n.content);
  const unkeyedSemantic = n.tier === 'SEMANTIC' && n.key === null && !n.erased;
  // The common unkeyed write asks "seen?" and "identical active entry?" in one round trip.
  const probe = unkeyedSemantic
    ? (
        await tx.query<{ seen: boolean; id: string | null; version: number | null }>(
          `SELECT EXISTS (SELECT 1 FROM memories WHERE id = $5) AS seen, d.id, d.version
           FROM (SELECT 1) AS one LEFT JOIN LATERAL (
             SELECT id::text AS id, version FROM memories WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3
                AND tier = 'SEMANTIC' AND content_hash = $4 ORDER BY created_at LIMIT 1) AS d ON true`,
          [e.tenantId, e.userId, e.agentId, hash, n.id],
        )
      ).rows[0]!
    : {
        seen: (await tx.query('SELECT 1 FROM memories WHERE id = $1', [n.id])).rows.length > 0,
        id: null,
        version: null,
      };
  if (probe.seen) return { outcome: 'applied', memoryId: n.id };
  const base = {
    eventId: e.eventId,
    tenantId: e.tenantId,
    userId: e.userId,
    at: e.occurredAt,
    recordedAt: e.recordedAt,
  };
  const validFrom = validFromOf(e, n);

  if (n.tier === 'SEMANTIC' && n.key !== null) {
    if (isPastValue({ validTo: n.validTo, occurredAt: e.occurredAt })) {
      await insertRow(tx, e, n, 1, hash, 'ARCHIVAL');
      await addHistory(tx, {
        ...base,
        memoryId: n.id,
        action: 'created',
        key: n.key,
        version: 1,
        content: n.content,
        source: n.source,
        validFrom,
        validTo: n.validTo,
        reason: 'a past value',
      });
      return { outcome: 'applied', memoryId: n.id };
    }
    const decision = decideKeyedWrite(await activeHolders(tx, e, n.key), n.source, n.key);
    if (decision.action === 'reject') {
      await addHistory(tx, {
        ...base,
        memoryId: n.id,
        action: 'rejected',
        key: n.key,
        content: n.content,
        source: n.source,
        relatedId: decision.strongest.id,
        reason: decision.reason,
      });
      return {
        outcome: 'rejected',
        code: 'PROVENANCE_REJECTED',
        reason: decision.reason,
        memoryId: decision.strongest.id,
      };
    }
    await insertRow(tx, e, n, decision.version, hash);
    if (decision.action === 'supersede') {
      for (const old of decision.supersedes) {
        // The old value held until the new one became true (never before it began itself).
        const r = await tx.query<{ valid_to: unknown }>(
          `UPDATE memories SET tier = 'ARCHIVAL', superseded_by = $2, updated_at = $3, last_event_id = $4,
                  valid_to = COALESCE(valid_to, GREATEST(valid_from, $5::timestamptz)) WHERE id = $1 RETURNING valid_to`,
          [old.id, n.id, e.occurredAt, e.eventId, validFrom],
        );
        await addHistory(tx, {
          ...base,
          memoryId: old.id,
          action: 'superseded',
          key: n.key,
          version: old.version,
          source: old.source,
          relatedId: n.id,
          reason: `key "${n.key}" updated by a ${n.source} write`,
          validTo: isoOrNull(r.rows[0]?.valid_to),
        });
      }
    }
    const predecessor =
      decision.action === 'supersede' ? decision.supersedes[decision.supersedes.length - 1]!.id : null;
    await addHistory(tx, {
      ...base,
      memoryId: n.id,
      action: 'created',
      key: n.key,
      version: decision.version,
      content: n.content,
      source: n.source,
      relatedId: predecessor,
      validFrom,
      validTo: n.validTo,
    });
    return { outcome: 'applied', memoryId: n.id };
  }

  if (unkeyedSemantic && probe.id !== null) {
    await addHistory(tx, {
      ...base,
      memoryId: probe.id,
      action: 'deduplicated',
      version: probe.version,
      source: n.source,
      relatedId: n.id,
      reason: 'identical content already active',
    });
    return { outcome: 'applied', memoryId: probe.id };
  }
  await insertCreated(tx, e, n, hash);
  return { outcome: 'applied', memoryId: n.id };
}
