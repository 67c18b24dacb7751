import { DEFAULT_DECAY, effectiveImportance } from '@engram/core';
import type { MemoryType, ProvenanceSource, Tier } from '@engram/core';
import type { ContradictionView, HistoryItem, MemoryView } from '../types';

export function toIso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t).toISOString() : v;
  }
  return String(v);
}

export function toIsoOrNull(v: unknown): string | null {
  return v == null ? null : toIso(v);
}

export function toJsonObject(v: unknown): Record<string, unknown> {
  if (v == null) return {};
  if (typeof v === 'string') {
    try {
      const parsed: unknown = JSON.parse(v);
      return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
    } catch {
      return {};
    }
  }
  return typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

export function toStringArray(v: unknown): string[] {
  return Array.isArray(v) ? v.map(String) : [];
}

/** SQL predicate for the P3 hard boundary; agentId null reads every agent of the user. */
export function scopeSql(alias: string, first: number): string {
  const a = alias ? `${alias}.` : '';
  return `${a}tenant_id = $${first} AND ${a}user_id = $${first + 1} AND ($${first + 2}::text IS NULL OR ${a}agent_id IS NULL OR ${a}agent_id = $${first + 2})`;
}

export const MEMORY_COLUMNS = `id::text AS id, tenant_id, user_id, agent_id, type, tier, kind, key, content, tags, source_session,
  created_at, updated_at, importance, access_count, last_accessed, episode_id::text AS episode_id, version,
  superseded_by::text AS superseded_by, source, pinned, scope, confidence, metadata, source_message_ids, valid_from,
  last_event_id::text AS last_event_id`;

export type MemoryRow = Record<string, unknown>;

export function toMemoryView(r: MemoryRow, now: Date): MemoryView {
  const createdAt = toIso(r.created_at);
  const lastAccessed = toIsoOrNull(r.last_accessed);
  const importance = Number(r.importance);
  const type = String(r.type) as MemoryType;
  const pinned = Boolean(r.pinned);
  const accessCount = Number(r.access_count ?? 0);
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    agentId: (r.agent_id as string | null) ?? null,
    type,
    tier: String(r.tier) as Tier,
    kind: String(r.kind ?? 'memory'),
    key: (r.key as string | null) ?? null,
    content: String(r.content),
    tags: toStringArray(r.tags),
    sessionId: (r.source_session as string | null) ?? null,
    createdAt,
    updatedAt: toIso(r.updated_at),
    importance,
    effectiveImportance: effectiveImportance(
      { importance, type, pinned, accessCount, lastTouched: lastAccessed ?? createdAt },
      now,
      DEFAULT_DECAY,
    ),
    accessCount,
    lastAccessed,
    episodeId: (r.episode_id as string | null) ?? null,
    version: Number(r.version ?? 1),
    supersededBy: (r.superseded_by as string | null) ?? null,
    source: String(r.source) as ProvenanceSource,
    pinned,
    scope: (r.scope as string | null) ?? null,
    confidence: Number(r.confidence ?? 1),
    metadata: toJsonObject(r.metadata),
    sourceMessageIds: toStringArray(r.source_message_ids),
    validFrom: toIsoOrNull(r.valid_from),
  };
}

export function toHistoryItem(r: Record<string, unknown>): HistoryItem {
  return {
    eventId: String(r.event_id),
    memoryId: String(r.memory_id),
    action: String(r.action),
    key: (r.key as string | null) ?? null,
    version: r.version == null ? null : Number(r.version),
    content: (r.content as string | null) ?? null,
    source: (r.source as string | null) ?? null,
    relatedId: (r.related_id as string | null) ?? null,
    reason: (r.reason as string | null) ?? null,
    at: toIso(r.at),
  };
}

export function toContradictionView(r: Record<string, unknown>): ContradictionView {
  const candidate = r.candidate == null ? null : toJsonObject(r.candidate);
  return {
    id: String(r.id),
    entryAId: String(r.entry_a_id),
    entryBId: String(r.entry_b_id),
    description: String(r.description),
    confidence: Number(r.confidence),
    candidate,
    resolution: (r.resolution as string | null) ?? null,
    resolvedBy: (r.resolved_by as string | null) ?? null,
    detectedAt: toIso(r.detected_at),
    resolvedAt: toIsoOrNull(r.resolved_at),
  };
}
