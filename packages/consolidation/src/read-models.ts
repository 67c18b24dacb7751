import type { MemoryType, ProvenanceSource, Role, SqlExecutor } from '@engram/core';
import { currentKeyName } from './legacy-keys';

/** Read-only SQL over the read models the consolidator consults (it never writes them). */

export interface UserScope {
  tenantId: string;
  userId: string;
  agentId: string | null;
}

export interface LedgerMessage {
  messageId: string;
  role: Role;
  content: string;
  at: string;
  seq: number;
}

const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

export async function loadSessionMessages(
  db: SqlExecutor,
  scope: UserScope,
  sessionId: string,
): Promise<LedgerMessage[]> {
  const r = await db.query<{ message_id: string; role: Role; content: string; at: unknown; seq: unknown }>(
    `SELECT message_id, role, content, at, seq FROM messages
     WHERE tenant_id = $1 AND user_id = $2 AND session_id = $3 ORDER BY seq`,
    [scope.tenantId, scope.userId, sessionId],
  );
  return r.rows.map((m) => ({
    messageId: m.message_id,
    role: m.role,
    content: m.content,
    at: iso(m.at),
    seq: Number(m.seq),
  }));
}

export interface ActiveEntry {
  id: string;
  type: MemoryType;
  key: string | null;
  content: string;
  tags: string[];
  source: ProvenanceSource;
  pinned: boolean;
  importance: number;
  accessCount: number;
  lastAccessed: string | null;
  createdAt: string;
  /** The fact's object when a FactExtracted wrote it (metadata.object), for value comparison. */
  object: string | null;
  predicate: string | null;
  lastEventId: string;
}

/**
 * Active (SEMANTIC) entries of the user in the agent scope of the write (same rule as the projector's
 * key guard), each under its slot's current key name (`currentKeyName`: keys older rules wrote).
 */
export async function loadActiveEntries(
  db: SqlExecutor,
  scope: UserScope,
  opts: { type?: MemoryType } = {},
): Promise<ActiveEntry[]> {
  const r = await db.query<{
    id: string;
    type: MemoryType;
    key: string | null;
    content: string;
    tags: string[];
    source: ProvenanceSource;
    pinned: boolean;
    importance: number;
    access_count: number;
    last_accessed: unknown;
    created_at: unknown;
    object: string | null;
    predicate: string | null;
    last_event_id: string;
  }>(
    `SELECT id, type, key, content, tags, source, pinned, importance, access_count, last_accessed, created_at,
            metadata->>'object' AS object, metadata->>'predicate' AS predicate, last_event_id
     FROM memories
     WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3 AND tier = 'SEMANTIC'
       AND ($4::text IS NULL OR type = $4)
     ORDER BY created_at`,
    [scope.tenantId, scope.userId, scope.agentId, opts.type ?? null],
  );
  return r.rows.map((e) => ({
    id: e.id,
    type: e.type,
    key: currentKeyName(e.key),
    content: e.content,
    tags: e.tags ?? [],
    source: e.source,
    pinned: e.pinned,
    importance: Number(e.importance),
    accessCount: Number(e.access_count),
    lastAccessed: e.last_accessed == null ? null : iso(e.last_accessed),
    createdAt: iso(e.created_at),
    object: e.object,
    predicate: e.predicate,
    lastEventId: e.last_event_id,
  }));
}

/** Decay candidates of every user (SEMANTIC, ENVIRONMENT, not pinned), any agent scope. */
export async function loadDecayCandidates(
  db: SqlExecutor,
  scope?: { tenantId: string; userId: string },
): Promise<Array<ActiveEntry & { tenantId: string; userId: string; agentId: string | null }>> {
  const r = await db.query<{
    id: string;
    tenant_id: string;
    user_id: string;
    agent_id: string | null;
    importance: number;
    access_count: number;
    last_accessed: unknown;
    created_at: unknown;
    last_event_id: string;
    key: string | null;
    content: string;
    source: ProvenanceSource;
  }>(
    `SELECT id, tenant_id, user_id, agent_id, importance, access_count, last_accessed, created_at, last_event_id, key, content, source
     FROM memories
     WHERE tier = 'SEMANTIC' AND type = 'ENVIRONMENT' AND NOT pinned
       AND ($1::text IS NULL OR tenant_id = $1) AND ($2::text IS NULL OR user_id = $2)
     ORDER BY tenant_id, user_id, created_at`,
    [scope?.tenantId ?? null, scope?.userId ?? null],
  );
  return r.rows.map((e) => ({
    id: e.id,
    tenantId: e.tenant_id,
    userId: e.user_id,
    agentId: e.agent_id,
    type: 'ENVIRONMENT' as const,
    key: e.key,
    content: e.content,
    tags: [],
    source: e.source,
    pinned: false,
    importance: Number(e.importance),
    accessCount: Number(e.access_count),
    lastAccessed: e.last_accessed == null ? null : iso(e.last_accessed),
    createdAt: iso(e.created_at),
    object: null,
    predicate: null,
    lastEventId: e.last_event_id,
  }));
}

/** The next offset a projection will apply in a partition (0 when it has applied nothing). */
export async function projectionNextOffset(db: SqlExecutor, projection: string, partition: number): Promise<number> {
  const r = await db.query<{ next_offset: unknown }>(
    'SELECT next_offset FROM projection_checkpoints WHERE projection = $1 AND partition = $2',
    [projection, partition],
  );
  return r.rows[0] ? Number(r.rows[0].next_offset) : 0;
}

export interface IdleSession {
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string;
  lastActivityAt: string;
}

export async function findIdleSessions(db: SqlExecutor, olderThan: Date, limit: number): Promise<IdleSession[]> {
  const r = await db.query<{
    tenant_id: string;
    user_id: string;
    agent_id: string | null;
    session_id: string;
    last_activity_at: unknown;
  }>(
    `SELECT tenant_id, user_id, agent_id, session_id, last_activity_at FROM sessions
     WHERE ended_at IS NULL AND last_activity_at < $1 ORDER BY last_activity_at LIMIT $2`,
    [olderThan.toISOString(), limit],
  );
  return r.rows.map((s) => ({
    tenantId: s.tenant_id,
    userId: s.user_id,
    agentId: s.agent_id,
    sessionId: s.session_id,
    lastActivityAt: iso(s.last_activity_at),
  }));
}

export async function episodeExists(db: SqlExecutor, episodeId: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM episodes WHERE id = $1', [episodeId]);
  return r.rows.length > 0;
}
