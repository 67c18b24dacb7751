import type { DocKind, MemoryType, ProvenanceSource, Scope, SqlExecutor, Tier } from '@engram/core';

/** A search hit's current state, read from the SQL read models. */
export interface Candidate {
  id: string;
  kind: DocKind;
  agentId: string | null;
  tier: Tier;
  type: MemoryType | null;
  key: string | null;
  content: string;
  source: ProvenanceSource | null;
  importance: number;
  accessCount: number;
  /** last_accessed, or the creation / message time. */
  lastTouched: string;
  pinned: boolean;
  metadata: Record<string, unknown>;
  sourceMessageIds: string[];
  sessionId: string | null;
  /** Document time: message time, episode start, entry creation. */
  at: string;
  tags: string[];
  supersededBy: string | null;
  scopeTag: string | null;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function iso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') {
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t).toISOString() : v;
  }
  return new Date(0).toISOString();
}

const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));

function jsonObject(v: unknown): Record<string, unknown> {
  if (typeof v === 'string') {
    try {
      return jsonObject(JSON.parse(v));
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}

/**
 * Reads the documents that still exist, in the caller's tenant + user only. Ids that are gone
 * (forgotten, purged) are simply absent from the result.
 */
export async function hydrate(db: SqlExecutor, scope: Scope, ids: Iterable<string>): Promise<Map<string, Candidate>> {
  const wanted = [...new Set(ids)].filter((id) => UUID.test(id));
  const out = new Map<string, Candidate>();
  if (wanted.length === 0) return out;
  const params = [scope.tenantId, scope.userId, wanted];

  const memories = await db.query<Record<string, unknown>>(
    `SELECT id::text AS id, agent_id, type, tier, key, content, tags, source_session, created_at, importance, access_count,
            last_accessed, source, pinned, scope, metadata, source_message_ids, superseded_by::text AS superseded_by, kind
       FROM memories WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[])`,
    params,
  );
  for (const r of memories.rows) {
    const createdAt = iso(r.created_at);
    out.set(String(r.id), {
      id: String(r.id),
      kind: 'memory',
      agentId: (r.agent_id as string | null) ?? null,
      tier: r.tier as Tier,
      type: r.type as MemoryType,
      key: (r.key as string | null) ?? null,
      content: String(r.content),
      source: r.source as ProvenanceSource,
      importance: Number(r.importance),
      accessCount: Number(r.access_count ?? 0),
      lastTouched: isoOrNull(r.last_accessed) ?? createdAt,
      pinned: Boolean(r.pinned),
      metadata: { ...jsonObject(r.metadata), memoryKind: r.kind },
      sourceMessageIds: (r.source_message_ids as string[] | null) ?? [],
      sessionId: (r.source_session as string | null) ?? null,
      at: createdAt,
      tags: (r.tags as string[] | null) ?? [],
      supersededBy: (r.superseded_by as string | null) ?? null,
      scopeTag: (r.scope as string | null) ?? null,
    });
  }

  const messages = await db.query<Record<string, unknown>>(
    `SELECT event_id::text AS id, agent_id, session_id, message_id, role, content, at, metadata
       FROM messages WHERE tenant_id = $1 AND user_id = $2 AND event_id = ANY($3::uuid[])`,
    params,
  );
  for (const r of messages.rows) {
    const at = iso(r.at);
    out.set(String(r.id), {
      id: String(r.id),
      kind: 'message',
      agentId: (r.agent_id as string | null) ?? null,
      tier: 'EPISODIC',
      type: null,
      key: null,
      content: String(r.content),
      source: null,
      importance: 0,
      accessCount: 0,
      lastTouched: at,
      pinned: false,
      metadata: { ...jsonObject(r.metadata), messageId: r.message_id, role: r.role },
      sourceMessageIds: [String(r.message_id)],
      sessionId: r.session_id ? String(r.session_id) : null,
      at,
      tags: [],
      supersededBy: null,
      scopeTag: null,
    });
  }

  const episodes = await db.query<Record<string, unknown>>(
    `SELECT id::text AS id, agent_id, session_key, summary, importance, source_message_ids, entity_ids,
            message_range_start, message_range_end, started_at, ended_at, created_at
       FROM episodes WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[])`,
    params,
  );
  for (const r of episodes.rows) {
    const at = isoOrNull(r.started_at) ?? iso(r.created_at);
    out.set(String(r.id), {
      id: String(r.id),
      kind: 'episode',
      agentId: (r.agent_id as string | null) ?? null,
      tier: 'EPISODIC',
      type: null,
      key: null,
      content: String(r.summary),
      source: null,
      importance: Number(r.importance),
      accessCount: 0,
      lastTouched: at,
      pinned: false,
      metadata: {
        entityIds: r.entity_ids ?? [],
        messageRangeStart: r.message_range_start ?? null,
        messageRangeEnd: r.message_range_end ?? null,
        endedAt: isoOrNull(r.ended_at),
      },
      sourceMessageIds: (r.source_message_ids as string[] | null) ?? [],
      sessionId: r.session_key ? String(r.session_key) : null,
      at,
      tags: [],
      supersededBy: null,
      scopeTag: null,
    });
  }
  return out;
}
