import {
  assertNever,
  type EngramEvent,
  type ProvenanceSource,
  type SqlExecutor,
  type StoredEvent,
  type Tier,
} from '@engram/core';
import { decideKeyedWrite, isPastValue, type ActiveKeyHolder } from './keyed-write';
import type { Projector } from './projector';
import { isUuid } from './sql-values';

type Envelope = Pick<EngramEvent, 'eventId' | 'tenantId' | 'userId' | 'agentId' | 'occurredAt'>;

interface ArchiveRow {
  memoryId: string;
  reason: string;
  supersededBy: string | null;
  effectiveImportance: number | null;
}

/** Upsert: archiving again after a restore starts a new archived period. */
async function archive(tx: SqlExecutor, e: Envelope, a: ArchiveRow): Promise<void> {
  await tx.query(
    `INSERT INTO archive_entries (memory_id, tenant_id, user_id, reason, superseded_by, effective_importance, archived_at, archived_event_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
     ON CONFLICT (memory_id) DO UPDATE SET reason = EXCLUDED.reason, superseded_by = EXCLUDED.superseded_by,
       effective_importance = EXCLUDED.effective_importance, archived_at = EXCLUDED.archived_at,
       archived_event_id = EXCLUDED.archived_event_id, restored_at = NULL, restored_event_id = NULL
     WHERE archive_entries.tenant_id = EXCLUDED.tenant_id AND archive_entries.user_id = EXCLUDED.user_id`,
    [a.memoryId, e.tenantId, e.userId, a.reason, a.supersededBy, a.effectiveImportance, e.occurredAt, e.eventId],
  );
  await setKeyActive(tx, e, a.memoryId, false);
}

async function setKeyActive(tx: SqlExecutor, e: Envelope, memoryId: string, active: boolean): Promise<void> {
  await tx.query(
    'UPDATE archive_memory_keys SET active = $4 WHERE tenant_id = $1 AND user_id = $2 AND memory_id = $3',
    [e.tenantId, e.userId, memoryId, active],
  );
}

/**
 * Mirrors the semantic projector's key rule (same decision function), so a newer write that
 * supersedes a keyed entry archives the old one here too, without reading the semantic tables.
 */
async function trackKeyedWrite(
  tx: SqlExecutor,
  e: Envelope,
  w: { memoryId: string; key: string | null; tier: Tier; source: ProvenanceSource; validTo: string | null },
): Promise<void> {
  if (w.key === null || !isUuid(w.memoryId)) return;
  const tier = isPastValue({ validTo: w.validTo, occurredAt: e.occurredAt }) ? 'ARCHIVAL' : w.tier;
  const seen = await tx.query('SELECT 1 FROM archive_memory_keys WHERE memory_id = $1', [w.memoryId]);
  if (seen.rows.length > 0) return;
  let version = 1;
  if (tier === 'SEMANTIC') {
    const holders = await tx.query<ActiveKeyHolder>(
      `SELECT memory_id AS id, source, version FROM archive_memory_keys
       WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3 AND key = $4 AND active ORDER BY version FOR UPDATE`,
      [e.tenantId, e.userId, e.agentId, w.key],
    );
    const decision = decideKeyedWrite(holders.rows, w.source, w.key);
    if (decision.action === 'reject') return;
    version = decision.version;
    if (decision.action === 'supersede') {
      for (const old of decision.supersedes) {
        await archive(tx, e, {
          memoryId: old.id,
          reason: 'superseded',
          supersededBy: w.memoryId,
          effectiveImportance: null,
        });
      }
    }
  }
  await tx.query(
    `INSERT INTO archive_memory_keys (memory_id, tenant_id, user_id, agent_id, key, source, version, active)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (memory_id) DO NOTHING`,
    [w.memoryId, e.tenantId, e.userId, e.agentId, w.key, w.source, version, tier === 'SEMANTIC'],
  );
}

async function forget(tx: SqlExecutor, e: Extract<EngramEvent, { type: 'MemoryForgotten' }>): Promise<void> {
  const p = e.payload;
  const scope = [e.tenantId, e.userId];
  if (p.target === 'memory') {
    if (!isUuid(p.memoryId)) return;
    await tx.query('DELETE FROM archive_entries WHERE tenant_id = $1 AND user_id = $2 AND memory_id = $3', [
      ...scope,
      p.memoryId,
    ]);
    await tx.query('DELETE FROM archive_memory_keys WHERE tenant_id = $1 AND user_id = $2 AND memory_id = $3', [
      ...scope,
      p.memoryId,
    ]);
  } else if (p.target === 'key') {
    if (p.key === null) return;
    const ids = (
      await tx.query<{ memory_id: string }>(
        'DELETE FROM archive_memory_keys WHERE tenant_id = $1 AND user_id = $2 AND key = $3 RETURNING memory_id',
        [...scope, p.key],
      )
    ).rows.map((r) => r.memory_id);
    if (ids.length > 0)
      await tx.query(
        'DELETE FROM archive_entries WHERE tenant_id = $1 AND user_id = $2 AND memory_id = ANY($3::uuid[])',
        [...scope, ids],
      );
  } else if (p.target === 'derived') {
    const ids = (p.derived?.memoryIds ?? []).filter(isUuid);
    if (ids.length === 0) return;
    await tx.query(
      'DELETE FROM archive_entries WHERE tenant_id = $1 AND user_id = $2 AND memory_id = ANY($3::uuid[])',
      [...scope, ids],
    );
    await tx.query(
      'DELETE FROM archive_memory_keys WHERE tenant_id = $1 AND user_id = $2 AND memory_id = ANY($3::uuid[])',
      [...scope, ids],
    );
  } else {
    await tx.query('DELETE FROM archive_entries WHERE tenant_id = $1 AND user_id = $2', scope);
    await tx.query('DELETE FROM archive_memory_keys WHERE tenant_id = $1 AND user_id = $2', scope);
  }
}

async function apply(tx: SqlExecutor, stored: StoredEvent): Promise<void> {
  const e = stored.event;
  switch (e.type) {
    case 'MemoryWritten':
      if (e.payload.tier === 'WORKING') return;
      await trackKeyedWrite(tx, e, {
        memoryId: e.payload.memoryId,
        key: e.payload.key,
        tier: e.payload.tier,
        source: e.payload.source,
        validTo: e.payload.validTo ?? null,
      });
      return;
    case 'FactExtracted':
      await trackKeyedWrite(tx, e, {
        memoryId: e.payload.memoryId,
        key: e.payload.key,
        tier: 'SEMANTIC',
        source: e.payload.source,
        validTo: e.payload.validTo ?? null,
      });
      return;
    case 'MemoryArchived':
      if (!isUuid(e.payload.memoryId)) return;
      await archive(tx, e, {
        memoryId: e.payload.memoryId,
        reason: e.payload.reason,
        supersededBy: null,
        effectiveImportance: e.payload.effectiveImportance,
      });
      return;
    case 'MemorySuperseded':
      if (!isUuid(e.payload.memoryId) || !isUuid(e.payload.supersededBy)) return;
      await archive(tx, e, {
        memoryId: e.payload.memoryId,
        reason: 'superseded',
        supersededBy: e.payload.supersededBy,
        effectiveImportance: null,
      });
      return;
    case 'MemoryRestored':
      if (!isUuid(e.payload.memoryId)) return;
      await tx.query(
        'UPDATE archive_entries SET restored_at = $4, restored_event_id = $5 WHERE tenant_id = $1 AND user_id = $2 AND memory_id = $3',
        [e.tenantId, e.userId, e.payload.memoryId, e.occurredAt, e.eventId],
      );
      await setKeyActive(tx, e, e.payload.memoryId, true);
      return;
    case 'MemoryForgotten':
      await forget(tx, e);
      return;
    case 'MessageObserved':
    case 'SessionStarted':
    case 'SessionEnded':
    case 'MemoryAccessed':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'WriteRejected':
    case 'EpisodeCreated':
    case 'ContradictionDetected':
    case 'ContradictionResolved':
    case 'SkillRecorded':
    case 'ContentQuarantined':
    case 'QuarantineResolved':
    case 'ErasureCompleted':
      return;
    default:
      assertNever(e, 'event');
  }
}

/** Archived entries (decayed, superseded, manual) with their reason and restore time. */
export const archivalProjector: Projector = { name: 'archival', apply };
