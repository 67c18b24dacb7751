import { DEFAULT_DECAY, effectiveImportance, type DecayConfig } from '@engram/core';
import type { MemoryHistoryEntry, ContradictionRecord, StoredMemory } from '@engram/projections';
import type { ContradictionView, HistoryItem, MemoryView } from '../types';

export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t).toISOString() : v;
  }
  return String(v);
}

/** SQL predicate for the P3 hard boundary, as in projections' readModels: agentId null reads every agent. */
export function scopeSql(first: number): string {
  return `tenant_id = $${first} AND user_id = $${first + 1} AND ($${first + 2}::text IS NULL OR agent_id = $${first + 2})`;
}

/** The API view of a stored entry: adds the forgetting-curve weight (D1) as of `now`. */
export function toMemoryView(m: StoredMemory, now: Date, decay: DecayConfig = DEFAULT_DECAY): MemoryView {
  return {
    id: m.id,
    tenantId: m.tenantId,
    userId: m.userId,
    agentId: m.agentId,
    type: m.type,
    tier: m.tier,
    kind: m.kind,
    key: m.key,
    content: m.content,
    tags: m.tags,
    sessionId: m.sourceSession,
    createdAt: m.createdAt,
    updatedAt: m.updatedAt,
    importance: m.importance,
    effectiveImportance: effectiveImportance(
      {
        importance: m.importance,
        type: m.type,
        pinned: m.pinned,
        accessCount: m.accessCount,
        lastTouched: m.lastAccessed ?? m.createdAt,
      },
      now,
      decay,
    ),
    accessCount: m.accessCount,
    lastAccessed: m.lastAccessed,
    episodeId: m.episodeId,
    version: m.version,
    supersededBy: m.supersededBy,
    source: m.source,
    pinned: m.pinned,
    scope: m.scope,
    confidence: m.confidence,
    metadata: m.metadata ?? {},
    sourceMessageIds: m.sourceMessageIds,
    validFrom: m.validFrom,
    validTo: m.validTo,
    recordedAt: m.recordedAt,
  };
}

export function toHistoryItem(h: MemoryHistoryEntry): HistoryItem {
  return { ...h, action: String(h.action) };
}

export function toContradictionView(c: ContradictionRecord): ContradictionView {
  return {
    id: c.id,
    entryAId: c.entryAId,
    entryBId: c.entryBId,
    description: c.description,
    confidence: c.confidence,
    candidate: c.candidate,
    resolution: c.resolution,
    resolvedBy: c.resolvedBy,
    detectedAt: c.detectedAt,
    resolvedAt: c.resolvedAt,
  };
}
