import { projectErasureCompleted, projectErasureRequest } from './erasures';
import { assertNever, type EngramEvent, type SqlExecutor, type StoredEvent } from '@engram/core';
import type { ApplyOutcome } from '../event-status';
import type { Projector } from '../projector';
import { isoOrNull, isUuid } from '../sql-values';
import { forgetInSemantic } from './forget';
import { addHistory, type HistoryAction } from './history';
import { forgetQuarantined, projectQuarantineResolved, projectQuarantined } from './quarantine';
import { writeEntry, type NewEntry } from './write-entry';
import { isRunnable, writeRun } from './write-run';

type Envelope = Pick<EngramEvent, 'eventId' | 'tenantId' | 'userId' | 'occurredAt' | 'recordedAt'>;

/** Updates one entry of the user and records the history row when the entry exists; says which it was. */
async function mutate(
  tx: SqlExecutor,
  e: Envelope,
  memoryId: string,
  set: string,
  params: unknown[],
  action: HistoryAction,
  extra: { relatedId?: string | null; reason?: string | null } = {},
): Promise<ApplyOutcome> {
  const missing: ApplyOutcome = {
    outcome: 'rejected',
    code: 'NOT_FOUND',
    reason: `memory ${memoryId} does not exist (anymore) in this user's scope`,
    memoryId: isUuid(memoryId) ? memoryId : null,
  };
  if (!isUuid(memoryId)) return missing;
  const r = await tx.query<{
    key: string | null;
    version: number;
    source: string;
    valid_from: unknown;
    valid_to: unknown;
  }>(
    `UPDATE memories SET ${set}, updated_at = $4, last_event_id = $5 WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING key, version, source, valid_from, valid_to`,
    [e.tenantId, e.userId, memoryId, e.occurredAt, e.eventId, ...params],
  );
  const row = r.rows[0];
  if (!row) return missing;
  await addHistory(tx, {
    eventId: e.eventId,
    memoryId,
    action,
    tenantId: e.tenantId,
    userId: e.userId,
    at: e.occurredAt,
    recordedAt: e.recordedAt,
    key: row.key,
    version: row.version,
    source: row.source,
    validFrom: isoOrNull(row.valid_from),
    validTo: isoOrNull(row.valid_to),
    ...extra,
  });
  return { outcome: 'applied', memoryId };
}

/** The entry a write event asks for (null: not one the semantic read model stores). */
function entryOf(stored: StoredEvent): NewEntry | null {
  const e = stored.event;
  if (e.type === 'MemoryWritten') {
    const p = e.payload;
    if (p.tier === 'WORKING') return null;
    return {
      id: p.memoryId,
      type: p.type,
      tier: p.tier,
      kind: 'memory',
      key: p.key,
      content: p.content,
      tags: p.tags,
      importance: p.importance,
      pinned: p.pinned,
      source: p.source,
      confidence: p.confidence,
      scope: p.scope,
      metadata: p.metadata,
      sourceMessageIds: p.sourceMessageIds,
      episodeId: p.episodeId,
      validFrom: p.validFrom,
      validTo: p.validTo ?? null,
      erased: stored.erased === true,
    };
  }
  if (e.type === 'FactExtracted') {
    const p = e.payload;
    const lineage = {
      extractor: p.extractor,
      subject: p.subject,
      predicate: p.predicate,
      object: p.object,
      timeHint: p.timeHint,
    };
    return {
      id: p.memoryId,
      type: p.type,
      tier: 'SEMANTIC',
      kind: p.kind,
      key: p.key,
      content: p.content,
      tags: p.tags,
      importance: p.importance,
      pinned: false,
      source: p.source,
      confidence: p.confidence,
      scope: null,
      metadata: lineage,
      sourceMessageIds: p.sourceMessageIds,
      episodeId: p.episodeId,
      validFrom: p.validFrom,
      validTo: p.validTo ?? null,
      erased: stored.erased === true,
    };
  }
  return null;
}

async function apply(tx: SqlExecutor, stored: StoredEvent): Promise<ApplyOutcome | void> {
  const e = stored.event;
  switch (e.type) {
    case 'MemoryWritten':
    case 'FactExtracted': {
      const n = entryOf(stored);
      return n ? writeEntry(tx, e, n) : undefined;
    }
    case 'MemoryAccessed': {
      // One batch per flush: each id with how often it was returned (v1 events: once).
      const counts = e.payload.counts ?? [];
      const byId = new Map<string, number>();
      e.payload.memoryIds.forEach((id, i) => {
        const n = counts.length === e.payload.memoryIds.length ? counts[i]! : 1;
        if (isUuid(id) && Number.isInteger(n) && n > 0) byId.set(id, (byId.get(id) ?? 0) + n);
      });
      if (byId.size === 0) return;
      await tx.query(
        `UPDATE memories m SET access_count = m.access_count + a.n, last_accessed = GREATEST(COALESCE(m.last_accessed, $5), $5)
           FROM unnest($3::uuid[], $4::int[]) AS a(id, n)
          WHERE m.tenant_id = $1 AND m.user_id = $2 AND m.id = a.id`,
        [e.tenantId, e.userId, [...byId.keys()], [...byId.values()], e.occurredAt],
      );
      return;
    }
    case 'MemoryPinned':
      return mutate(tx, e, e.payload.memoryId, 'pinned = true', [], 'pinned');
    case 'MemoryUnpinned':
      return mutate(tx, e, e.payload.memoryId, 'pinned = false', [], 'unpinned');
    case 'MemoryArchived':
      return mutate(tx, e, e.payload.memoryId, "tier = 'ARCHIVAL'", [], 'archived', { reason: e.payload.reason });
    case 'MemoryRestored':
      // superseded_by stays while another active entry holds the key: that one is still the newer truth.
      return mutate(
        tx,
        e,
        e.payload.memoryId,
        `tier = 'SEMANTIC', superseded_by = CASE WHEN key IS NOT NULL AND EXISTS (
           SELECT 1 FROM memories o WHERE o.tenant_id = memories.tenant_id AND o.user_id = memories.user_id
             AND o.agent_id IS NOT DISTINCT FROM memories.agent_id AND o.key = memories.key AND o.tier = 'SEMANTIC' AND o.id <> memories.id)
         THEN superseded_by ELSE NULL END,
         valid_to = CASE WHEN key IS NOT NULL AND EXISTS (
           SELECT 1 FROM memories o WHERE o.tenant_id = memories.tenant_id AND o.user_id = memories.user_id
             AND o.agent_id IS NOT DISTINCT FROM memories.agent_id AND o.key = memories.key AND o.tier = 'SEMANTIC' AND o.id <> memories.id)
         THEN valid_to ELSE NULL END`,
        [],
        'restored',
      );
    case 'MemorySuperseded': {
      const p = e.payload;
      if (!isUuid(p.supersededBy) || !isUuid(p.memoryId)) return;
      // The newer fact's own write may already have superseded this entry (same key): that was
      // the change, and its history row stands; one change gets one row.
      const already = await tx.query(
        "SELECT 1 FROM memories WHERE tenant_id = $1 AND user_id = $2 AND id = $3 AND superseded_by = $4 AND tier = 'ARCHIVAL'",
        [e.tenantId, e.userId, p.memoryId, p.supersededBy],
      );
      if (already.rows.length > 0) return;
      return mutate(
        tx,
        e,
        p.memoryId,
        `tier = 'ARCHIVAL', superseded_by = $6,
         valid_to = COALESCE(valid_to, GREATEST(valid_from, COALESCE((SELECT s.valid_from FROM memories s WHERE s.id = $6), $4::timestamptz)))`,
        [p.supersededBy],
        'superseded',
        { relatedId: p.supersededBy, reason: p.reason },
      );
    }
    case 'MemoryForgotten':
      await forgetInSemantic(tx, e);
      await forgetQuarantined(tx, e);
      await projectErasureRequest(tx, e);
      return { outcome: 'applied', memoryId: e.payload.memoryId };
    case 'ErasureCompleted':
      await projectErasureCompleted(tx, e);
      return;
    case 'ContentQuarantined':
      await projectQuarantined(tx, e);
      return;
    case 'QuarantineResolved':
      await projectQuarantineResolved(tx, e);
      return;
    case 'WriteRejected': {
      const p = e.payload;
      await tx.query(
        `INSERT INTO write_rejections (event_id, tenant_id, user_id, agent_id, session_id, attempted, code, reason, field, content_sha256, match, at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12) ON CONFLICT (event_id) DO NOTHING`,
        [
          e.eventId,
          e.tenantId,
          e.userId,
          e.agentId,
          e.sessionId,
          p.attempted,
          p.code,
          p.reason,
          p.field,
          p.contentSha256,
          p.match,
          e.occurredAt,
        ],
      );
      return;
    }
    case 'ContradictionDetected': {
      const p = e.payload;
      if (!isUuid(p.contradictionId) || !isUuid(p.entryAId) || !isUuid(p.entryBId)) return;
      await tx.query(
        `INSERT INTO contradictions (id, tenant_id, user_id, entry_a_id, entry_b_id, description, confidence, candidate, detected_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9) ON CONFLICT (id) DO NOTHING`,
        [
          p.contradictionId,
          e.tenantId,
          e.userId,
          p.entryAId,
          p.entryBId,
          p.description,
          p.confidence,
          p.candidate === null ? null : JSON.stringify(p.candidate),
          e.occurredAt,
        ],
      );
      return;
    }
    case 'ContradictionResolved':
      if (!isUuid(e.payload.contradictionId)) return;
      await tx.query(
        'UPDATE contradictions SET resolution = $4, resolved_by = $5, resolved_at = $6 WHERE tenant_id = $1 AND user_id = $2 AND id = $3',
        [e.tenantId, e.userId, e.payload.contradictionId, e.payload.resolution, e.payload.resolvedBy, e.occurredAt],
      );
      return { outcome: 'applied' };
    case 'SkillRecorded': {
      const p = e.payload;
      if (!isUuid(p.skillId)) return;
      await tx.query(
        `INSERT INTO skills (id, tenant_id, user_id, agent_id, name, when_to_use, steps, last_used, success_count, failure_count)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (tenant_id, user_id, name) DO UPDATE SET
           when_to_use = EXCLUDED.when_to_use, steps = EXCLUDED.steps,
           last_used = GREATEST(skills.last_used, EXCLUDED.last_used),
           success_count = skills.success_count + EXCLUDED.success_count,
           failure_count = skills.failure_count + EXCLUDED.failure_count`,
        [
          p.skillId,
          e.tenantId,
          e.userId,
          e.agentId,
          p.name,
          p.whenToUse,
          JSON.stringify(p.steps),
          e.occurredAt,
          p.success ? 1 : 0,
          p.success ? 0 : 1,
        ],
      );
      return;
    }
    case 'MessageObserved':
    case 'SessionStarted':
    case 'SessionEnded':
    case 'EpisodeCreated':
      return;
    default:
      assertNever(e, 'event');
  }
}

/** Runs of consecutive unkeyed SEMANTIC writes go through writeRun; every other event through apply, in order. */
async function applyAll(tx: SqlExecutor, events: readonly StoredEvent[]): Promise<Array<ApplyOutcome | void>> {
  const out: Array<ApplyOutcome | void> = [];
  let run: Array<{ e: StoredEvent['event']; n: NewEntry }> = [];
  const flush = async () => {
    if (run.length > 0) out.push(...(await writeRun(tx, run)));
    run = [];
  };
  for (const stored of events) {
    const n = entryOf(stored);
    if (n && isRunnable(n)) {
      run.push({ e: stored.event, n });
      continue;
    }
    await flush();
    out.push(await apply(tx, stored));
  }
  await flush();
  return out;
}

/** Durable knowledge: memories with their history, contradictions, skills, refused and quarantined writes. */
export const semanticProjector: Projector = { name: 'semantic', apply, applyAll };
