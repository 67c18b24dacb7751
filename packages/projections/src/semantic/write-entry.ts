import type { EngramEvent, MemoryType, ProvenanceSource, SqlExecutor, Tier } from '@engram/core';
import { decideKeyedWrite, type ActiveKeyHolder } from '../keyed-write';
import { isUuid } from '../sql-values';
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
  validFrom: string | null;
}

type Envelope = Pick<EngramEvent, 'eventId' | 'tenantId' | 'userId' | 'agentId' | 'sessionId' | 'occurredAt'>;

async function insertRow(tx: SqlExecutor, e: Envelope, n: NewEntry, version: number, hash: string): Promise<void> {
  await tx.query(
    `INSERT INTO memories (id, tenant_id, user_id, agent_id, type, tier, kind, key, content, tags, source_session, created_at, updated_at,
                           importance, episode_id, version, source, pinned, scope, confidence, metadata, source_message_ids, valid_from,
                           last_event_id, content_hash)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $12, $13, $14, $15, $16, $17, $18, $19, $20, $21, $22, $23, $24)
     ON CONFLICT (id) DO NOTHING`,
    [
      n.id, e.tenantId, e.userId, e.agentId, n.type, n.tier, n.kind, n.key, n.content, n.tags, e.sessionId, e.occurredAt,
      n.importance, isUuid(n.episodeId) ? n.episodeId : null, version, n.source, n.pinned, n.scope, n.confidence,
      JSON.stringify(n.metadata ?? {}), n.sourceMessageIds, n.validFrom, e.eventId, hash,
    ],
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
export async function writeEntry(tx: SqlExecutor, e: Envelope, n: NewEntry): Promise<void> {
  if (!isUuid(n.id)) return;
  const seen = await tx.query('SELECT 1 FROM memories WHERE id = $1', [n.id]);
  if (seen.rows.length > 0) return;
  const base = { eventId: e.eventId, tenantId: e.tenantId, userId: e.userId, at: e.occurredAt };
  const hash = contentHash(n.content);

  if (n.tier === 'SEMANTIC' && n.key !== null) {
    const decision = decideKeyedWrite(await activeHolders(tx, e, n.key), n.source, n.key);
    if (decision.action === 'reject') {
      await addHistory(tx, { ...base, memoryId: n.id, action: 'rejected', key: n.key, content: n.content, source: n.source, relatedId: decision.strongest.id, reason: decision.reason });
      return;
    }
    await insertRow(tx, e, n, decision.version, hash);
    if (decision.action === 'supersede') {
      for (const old of decision.supersedes) {
        await tx.query(
          `UPDATE memories SET tier = 'ARCHIVAL', superseded_by = $2, updated_at = $3, last_event_id = $4 WHERE id = $1`,
          [old.id, n.id, e.occurredAt, e.eventId],
        );
        await addHistory(tx, { ...base, memoryId: old.id, action: 'superseded', key: n.key, version: old.version, source: old.source, relatedId: n.id, reason: `key "${n.key}" updated by a ${n.source} write` });
      }
    }
    const predecessor = decision.action === 'supersede' ? decision.supersedes[decision.supersedes.length - 1]!.id : null;
    await addHistory(tx, { ...base, memoryId: n.id, action: 'created', key: n.key, version: decision.version, content: n.content, source: n.source, relatedId: predecessor });
    return;
  }

  if (n.tier === 'SEMANTIC') {
    const dup = await tx.query<{ id: string; version: number }>(
      `SELECT id, version FROM memories WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3
         AND tier = 'SEMANTIC' AND content_hash = $4 ORDER BY created_at LIMIT 1`,
      [e.tenantId, e.userId, e.agentId, hash],
    );
    const existing = dup.rows[0];
    if (existing) {
      await addHistory(tx, { ...base, memoryId: existing.id, action: 'deduplicated', version: existing.version, source: n.source, relatedId: n.id, reason: 'identical content already active' });
      return;
    }
  }
  await insertRow(tx, e, n, 1, hash);
  await addHistory(tx, { ...base, memoryId: n.id, action: 'created', key: n.key, version: 1, content: n.content, source: n.source });
}
