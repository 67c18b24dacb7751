import type { MemoryType, ProvenanceSource, Scope, SqlExecutor, Tier } from '@engram/core';
import type {
  ArchiveRecord,
  ContradictionRecord,
  EpisodeRecord,
  MemoryHistoryEntry,
  MessageRecord,
  SessionRecord,
  SkillRecord,
  StoredMemory,
  WriteRejectionRecord,
} from './read-model-types';
import type { HistoryAction } from './semantic/history';
import { isoOf, isoOrNull, isUuid } from './sql-values';

/**
 * The read functions of the API. Every one is scoped by tenant + user (P3) and by agent when the
 * scope names one (agentId null = every agent of the user). Times come back as ISO strings.
 */
type Row = Record<string, unknown>;

/** $1 tenant, $2 user, $3 agent (nullable); the caller's own parameters start at $4. Agent rule: core agentVisible. */
const SCOPED = 'tenant_id = $1 AND user_id = $2 AND ($3::text IS NULL OR agent_id = $3)';
/** Rows about a memory (history, contradictions) of an agent-scoped caller: only about the agent's own entries. */
const OWN_ENTRY = (column: string) =>
  `($3::text IS NULL OR ${column} IN (SELECT id FROM memories WHERE tenant_id = $1 AND user_id = $2 AND agent_id = $3))`;
const scopeParams = (s: Scope): unknown[] => [s.tenantId, s.userId, s.agentId];
const MAX_LIMIT = 1000;
const limitOf = (n: number | undefined, dflt: number): number =>
  Math.max(1, Math.min(MAX_LIMIT, Math.floor(n ?? dflt)));

const str = (v: unknown): string | null => (v == null ? null : String(v));

export function memoryFromRow(r: Row): StoredMemory {
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    agentId: str(r.agent_id),
    type: r.type as MemoryType,
    tier: r.tier as Tier,
    kind: String(r.kind),
    key: str(r.key),
    content: String(r.content),
    tags: (r.tags as string[]) ?? [],
    sourceSession: str(r.source_session),
    createdAt: isoOf(r.created_at),
    updatedAt: isoOf(r.updated_at),
    importance: Number(r.importance),
    accessCount: Number(r.access_count),
    lastAccessed: isoOrNull(r.last_accessed),
    embeddingId: str(r.embedding_id),
    episodeId: str(r.episode_id),
    version: Number(r.version),
    supersededBy: str(r.superseded_by),
    source: r.source as ProvenanceSource,
    pinned: Boolean(r.pinned),
    scope: str(r.scope),
    confidence: Number(r.confidence),
    metadata: (r.metadata as Record<string, unknown>) ?? {},
    sourceMessageIds: (r.source_message_ids as string[]) ?? [],
    validFrom: isoOrNull(r.valid_from),
    validTo: isoOrNull(r.valid_to),
    recordedAt: isoOf(r.recorded_at ?? r.created_at),
  };
}

function historyFromRow(r: Row): MemoryHistoryEntry {
  return {
    eventId: String(r.event_id),
    memoryId: String(r.memory_id),
    action: r.action as HistoryAction,
    key: str(r.key),
    version: r.version == null ? null : Number(r.version),
    content: str(r.content),
    source: str(r.source),
    relatedId: str(r.related_id),
    reason: str(r.reason),
    at: isoOf(r.at),
    recordedAt: isoOrNull(r.recorded_at),
    validFrom: isoOrNull(r.valid_from),
    validTo: isoOrNull(r.valid_to),
  };
}

export async function getMemory(db: SqlExecutor, scope: Scope, id: string): Promise<StoredMemory | null> {
  if (!isUuid(id)) return null;
  const r = await db.query<Row>(`SELECT * FROM memories WHERE ${SCOPED} AND id = $4`, [...scopeParams(scope), id]);
  return r.rows[0] ? memoryFromRow(r.rows[0]) : null;
}

/** Hydration for search hits: the entries of these ids that the scope may see (any order). */
export async function getMemories(db: SqlExecutor, scope: Scope, ids: readonly string[]): Promise<StoredMemory[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const r = await db.query<Row>(`SELECT * FROM memories WHERE ${SCOPED} AND id = ANY($4::uuid[])`, [
    ...scopeParams(scope),
    valid,
  ]);
  return r.rows.map(memoryFromRow);
}

export interface ListMemoriesOptions {
  tiers?: Tier[];
  types?: MemoryType[];
  key?: string;
  pinned?: boolean;
  /** Entries carrying every one of these tags. */
  tags?: string[];
  limit?: number;
  offset?: number;
}

/** Newest first. */
export async function listMemories(
  db: SqlExecutor,
  scope: Scope,
  opts: ListMemoriesOptions = {},
): Promise<StoredMemory[]> {
  const r = await db.query<Row>(
    `SELECT * FROM memories WHERE ${SCOPED}
       AND ($4::text[] IS NULL OR tier = ANY($4::text[])) AND ($5::text[] IS NULL OR type = ANY($5::text[]))
       AND ($6::text IS NULL OR key = $6) AND ($7::boolean IS NULL OR pinned = $7) AND ($8::text[] IS NULL OR tags @> $8::text[])
     ORDER BY created_at DESC, id LIMIT $9 OFFSET $10`,
    [
      ...scopeParams(scope),
      opts.tiers ?? null,
      opts.types ?? null,
      opts.key ?? null,
      opts.pinned ?? null,
      opts.tags ?? null,
      limitOf(opts.limit, 100),
      Math.max(0, opts.offset ?? 0),
    ],
  );
  return r.rows.map(memoryFromRow);
}

/** The active (SEMANTIC) entry holding a key, the newest version if several do. */
export async function findActiveByKey(db: SqlExecutor, scope: Scope, key: string): Promise<StoredMemory | null> {
  const r = await db.query<Row>(
    `SELECT * FROM memories WHERE ${SCOPED} AND key = $4 AND tier = 'SEMANTIC' ORDER BY version DESC, created_at DESC LIMIT 1`,
    [...scopeParams(scope), key],
  );
  return r.rows[0] ? memoryFromRow(r.rows[0]) : null;
}

const HISTORY_ORDER = 'ORDER BY at, version NULLS LAST, memory_id, action';

/**
 * The version lattice of an entry: history rows of the entry and of every entry linked to it by
 * supersession (either direction, transitively), including refused writes against it.
 */
export async function memoryHistory(db: SqlExecutor, scope: Scope, id: string): Promise<MemoryHistoryEntry[]> {
  if (!isUuid(id)) return [];
  if (scope.agentId !== null && !(await getMemory(db, scope, id))) {
    // An agent-scoped caller sees only the lattice of its own (existing) entries.
    return [];
  }
  // Edges: history rows that name a related entry, and supersession links; walked both ways.
  const r = await db.query<Row>(
    `WITH RECURSIVE edges(a, b) AS (
       SELECT memory_id, related_id FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND related_id IS NOT NULL
       UNION ALL
       SELECT id, superseded_by FROM memories WHERE tenant_id = $1 AND user_id = $2 AND superseded_by IS NOT NULL
     ), lattice(id) AS (
       SELECT $4::uuid
       UNION
       SELECT CASE WHEN e.a = l.id THEN e.b ELSE e.a END FROM lattice l JOIN edges e ON e.a = l.id OR e.b = l.id
     )
     SELECT h.* FROM memory_history h WHERE h.tenant_id = $1 AND h.user_id = $2 AND h.memory_id IN (SELECT id FROM lattice)
       AND ${OWN_ENTRY('h.memory_id')} ${HISTORY_ORDER}`,
    [...scopeParams(scope), id],
  );
  return r.rows.map(historyFromRow);
}

/** Every recorded change to a key of the user (of the agent's own entries for an agent scope), oldest first. */
export async function keyHistory(db: SqlExecutor, scope: Scope, key: string): Promise<MemoryHistoryEntry[]> {
  const r = await db.query<Row>(
    `SELECT * FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND key = $4 AND ${OWN_ENTRY('memory_id')} ${HISTORY_ORDER}`,
    [...scopeParams(scope), key],
  );
  return r.rows.map(historyFromRow);
}

function contradictionFromRow(r: Row): ContradictionRecord {
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    entryAId: String(r.entry_a_id),
    entryBId: String(r.entry_b_id),
    description: String(r.description),
    confidence: Number(r.confidence),
    candidate: (r.candidate as Record<string, unknown> | null) ?? null,
    resolution: (r.resolution as ContradictionRecord['resolution']) ?? null,
    resolvedBy: str(r.resolved_by),
    detectedAt: isoOf(r.detected_at),
    resolvedAt: isoOrNull(r.resolved_at),
  };
}

/** Contradictions of the user; for an agent scope, those about the agent's own entries (entry A is always stored). */
export async function listContradictions(
  db: SqlExecutor,
  scope: Scope,
  opts: { unresolvedOnly?: boolean; limit?: number } = {},
): Promise<ContradictionRecord[]> {
  const r = await db.query<Row>(
    `SELECT * FROM contradictions WHERE tenant_id = $1 AND user_id = $2 AND ${OWN_ENTRY('entry_a_id')} AND (NOT $4::boolean OR resolved_at IS NULL)
     ORDER BY detected_at DESC, id LIMIT $5`,
    [...scopeParams(scope), opts.unresolvedOnly ?? false, limitOf(opts.limit, 100)],
  );
  return r.rows.map(contradictionFromRow);
}

export async function getContradiction(db: SqlExecutor, scope: Scope, id: string): Promise<ContradictionRecord | null> {
  if (!isUuid(id)) return null;
  const r = await db.query<Row>(
    `SELECT * FROM contradictions WHERE tenant_id = $1 AND user_id = $2 AND ${OWN_ENTRY('entry_a_id')} AND id = $4`,
    [...scopeParams(scope), id],
  );
  return r.rows[0] ? contradictionFromRow(r.rows[0]) : null;
}

function sessionFromRow(r: Row): SessionRecord {
  return {
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    sessionId: String(r.session_id),
    agentId: str(r.agent_id),
    startedAt: isoOf(r.started_at),
    lastActivityAt: isoOf(r.last_activity_at),
    endedAt: isoOrNull(r.ended_at),
    endReason: str(r.end_reason),
    messageCount: Number(r.message_count),
  };
}

export async function listSessions(
  db: SqlExecutor,
  scope: Scope,
  opts: { openOnly?: boolean; limit?: number } = {},
): Promise<SessionRecord[]> {
  const r = await db.query<Row>(
    `SELECT * FROM sessions WHERE ${SCOPED} AND (NOT $4::boolean OR ended_at IS NULL) ORDER BY last_activity_at DESC, session_id LIMIT $5`,
    [...scopeParams(scope), opts.openOnly ?? false, limitOf(opts.limit, 100)],
  );
  return r.rows.map(sessionFromRow);
}

export async function getSession(db: SqlExecutor, scope: Scope, sessionId: string): Promise<SessionRecord | null> {
  const r = await db.query<Row>(`SELECT * FROM sessions WHERE ${SCOPED} AND session_id = $4`, [
    ...scopeParams(scope),
    sessionId,
  ]);
  return r.rows[0] ? sessionFromRow(r.rows[0]) : null;
}

/** Open sessions of every user with no activity since idleSince (the consolidator's idle trigger). */
export async function listIdleSessions(db: SqlExecutor, idleSince: string, limit = 100): Promise<SessionRecord[]> {
  const r = await db.query<Row>(
    'SELECT * FROM sessions WHERE ended_at IS NULL AND last_activity_at < $1 ORDER BY last_activity_at LIMIT $2',
    [idleSince, limitOf(limit, 100)],
  );
  return r.rows.map(sessionFromRow);
}

function messageFromRow(r: Row): MessageRecord {
  return {
    eventId: String(r.event_id),
    messageId: String(r.message_id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    agentId: str(r.agent_id),
    sessionId: String(r.session_id),
    role: String(r.role),
    content: String(r.content),
    at: isoOf(r.at),
    seq: Number(r.seq),
    metadata: (r.metadata as Record<string, unknown>) ?? {},
  };
}

/** A session's ledger in log order, from afterSeq (exclusive). */
export async function listMessages(
  db: SqlExecutor,
  scope: Scope,
  sessionId: string,
  opts: { afterSeq?: number; limit?: number } = {},
): Promise<MessageRecord[]> {
  const r = await db.query<Row>(
    `SELECT * FROM messages WHERE ${SCOPED} AND session_id = $4 AND seq > $5 ORDER BY seq LIMIT $6`,
    [...scopeParams(scope), sessionId, opts.afterSeq ?? -1, limitOf(opts.limit, 500)],
  );
  return r.rows.map(messageFromRow);
}

export async function getMessagesByIds(
  db: SqlExecutor,
  scope: Scope,
  eventIds: readonly string[],
): Promise<MessageRecord[]> {
  const valid = eventIds.filter(isUuid);
  if (valid.length === 0) return [];
  const r = await db.query<Row>(`SELECT * FROM messages WHERE ${SCOPED} AND event_id = ANY($4::uuid[]) ORDER BY seq`, [
    ...scopeParams(scope),
    valid,
  ]);
  return r.rows.map(messageFromRow);
}

function episodeFromRow(r: Row): EpisodeRecord {
  return {
    id: String(r.id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    agentId: str(r.agent_id),
    sessionKey: String(r.session_key),
    summary: String(r.summary),
    messageRangeStart: str(r.message_range_start),
    messageRangeEnd: str(r.message_range_end),
    entityIds: (r.entity_ids as string[]) ?? [],
    importance: Number(r.importance),
    sourceMessageIds: (r.source_message_ids as string[]) ?? [],
    startedAt: isoOrNull(r.started_at),
    endedAt: isoOrNull(r.ended_at),
    createdAt: isoOf(r.created_at),
  };
}

/** Newest first; from/to bound created_at, entityId keeps episodes mentioning that entity. */
export async function listEpisodes(
  db: SqlExecutor,
  scope: Scope,
  opts: { from?: string; to?: string; entityId?: string; sessionKey?: string; limit?: number } = {},
): Promise<EpisodeRecord[]> {
  const r = await db.query<Row>(
    `SELECT * FROM episodes WHERE ${SCOPED} AND ($4::timestamptz IS NULL OR created_at >= $4) AND ($5::timestamptz IS NULL OR created_at <= $5)
       AND ($6::text IS NULL OR $6 = ANY(entity_ids)) AND ($7::text IS NULL OR session_key = $7)
     ORDER BY created_at DESC, id LIMIT $8`,
    [
      ...scopeParams(scope),
      opts.from ?? null,
      opts.to ?? null,
      opts.entityId ?? null,
      opts.sessionKey ?? null,
      limitOf(opts.limit, 100),
    ],
  );
  return r.rows.map(episodeFromRow);
}

export async function getEpisodes(db: SqlExecutor, scope: Scope, ids: readonly string[]): Promise<EpisodeRecord[]> {
  const valid = ids.filter(isUuid);
  if (valid.length === 0) return [];
  const r = await db.query<Row>(`SELECT * FROM episodes WHERE ${SCOPED} AND id = ANY($4::uuid[])`, [
    ...scopeParams(scope),
    valid,
  ]);
  return r.rows.map(episodeFromRow);
}

export async function listSkills(db: SqlExecutor, scope: Scope, opts: { limit?: number } = {}): Promise<SkillRecord[]> {
  const r = await db.query<Row>(
    `SELECT * FROM skills WHERE ${SCOPED} ORDER BY last_used DESC NULLS LAST, name LIMIT $4`,
    [...scopeParams(scope), limitOf(opts.limit, 100)],
  );
  return r.rows.map((row) => ({
    id: String(row.id),
    name: String(row.name),
    whenToUse: String(row.when_to_use),
    steps: (row.steps as string[]) ?? [],
    lastUsed: isoOrNull(row.last_used),
    successCount: Number(row.success_count),
    failureCount: Number(row.failure_count),
    agentId: str(row.agent_id),
  }));
}

function archiveFromRow(r: Row): ArchiveRecord {
  return {
    memoryId: String(r.memory_id),
    reason: String(r.reason),
    supersededBy: str(r.superseded_by),
    effectiveImportance: r.effective_importance == null ? null : Number(r.effective_importance),
    archivedAt: isoOf(r.archived_at),
    archivedEventId: String(r.archived_event_id),
    restoredAt: isoOrNull(r.restored_at),
  };
}

export async function getArchiveEntry(
  db: SqlExecutor,
  scope: Pick<Scope, 'tenantId' | 'userId'>,
  memoryId: string,
): Promise<ArchiveRecord | null> {
  if (!isUuid(memoryId)) return null;
  const r = await db.query<Row>(
    'SELECT * FROM archive_entries WHERE tenant_id = $1 AND user_id = $2 AND memory_id = $3',
    [scope.tenantId, scope.userId, memoryId],
  );
  return r.rows[0] ? archiveFromRow(r.rows[0]) : null;
}

/** Currently archived (not restored) entries, newest first. */
export async function listArchive(
  db: SqlExecutor,
  scope: Pick<Scope, 'tenantId' | 'userId'>,
  opts: { limit?: number } = {},
): Promise<ArchiveRecord[]> {
  const r = await db.query<Row>(
    'SELECT * FROM archive_entries WHERE tenant_id = $1 AND user_id = $2 AND restored_at IS NULL ORDER BY archived_at DESC, memory_id LIMIT $3',
    [scope.tenantId, scope.userId, limitOf(opts.limit, 100)],
  );
  return r.rows.map(archiveFromRow);
}

export async function listWriteRejections(
  db: SqlExecutor,
  scope: Scope,
  opts: { limit?: number } = {},
): Promise<WriteRejectionRecord[]> {
  const r = await db.query<Row>(`SELECT * FROM write_rejections WHERE ${SCOPED} ORDER BY at DESC, event_id LIMIT $4`, [
    ...scopeParams(scope),
    limitOf(opts.limit, 100),
  ]);
  return r.rows.map((row) => ({
    eventId: String(row.event_id),
    agentId: str(row.agent_id),
    sessionId: str(row.session_id),
    attempted: String(row.attempted),
    code: String(row.code),
    reason: String(row.reason),
    field: str(row.field),
    contentSha256: String(row.content_sha256),
    match: str(row.match),
    at: isoOf(row.at),
  }));
}
