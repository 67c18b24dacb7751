import {
  isUuid,
  jsonObjectOf,
  type DocKind,
  type MemoryType,
  type ProvenanceSource,
  type Scope,
  type SqlExecutor,
  type Tier,
} from '@engram/core';
import { rowsOf, type Row } from './json-rows';
import type { RowCache } from './row-cache';
import type { QuietReads } from './quiet-reads';

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
  /** Memories: B3 valid time (null for messages and episodes, and while a fact holds). */
  validFrom: string | null;
  validTo: string | null;
}

/** A UTC timestamp as JSON renders it ("2026-12-01T22:36:48.605123+00:00"): rewritten without a Date. */
const UTC_JSON_TIME = /^(\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d)(?:\.(\d{1,6}))?\+00:00$/;

export function iso(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  if (typeof v === 'string') {
    // Each hit carries a few timestamps: parsing them all was ~10 % of a search at 1k memories.
    const m = UTC_JSON_TIME.exec(v);
    if (m) return `${m[1]}.${(m[2] ?? '').padEnd(3, '0').slice(0, 3)}Z`;
    const t = Date.parse(v);
    return Number.isFinite(t) ? new Date(t).toISOString() : v;
  }
  return new Date(0).toISOString();
}

const isoOrNull = (v: unknown): string | null => (v == null ? null : iso(v));

/**
 * The three read models in one statement, each as one JSON array of row arrays: PGlite's wire
 * protocol costs about a microsecond per value returned, so ~150 hits × 19 columns cost more than
 * the lookups themselves; one text value per table parsed by JSON.parse is ~3× cheaper, and the
 * round trips drop from three to one. Timestamps arrive as ISO strings, normalised by `iso`.
 * Each row comes with its version (`xmin`, new on every write of the row); a row whose version is
 * the one the caller already holds ($4: {id: version}) comes back as `[id]` alone — building the
 * JSON of every column was most of the statement's time at a thousand memories.
 */
const HYDRATE_SQL = `SELECT
  (SELECT json_agg(CASE WHEN $4::jsonb ->> id::text = xmin::text THEN json_build_array(id) ELSE
            json_build_array(id, xmin::text, agent_id, type, tier, key, content, tags, source_session, created_at, importance, access_count,
                             last_accessed, source, pinned, scope, metadata, source_message_ids, superseded_by, kind, valid_from, valid_to) END)
     FROM memories WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[]))::text AS memories,
  (SELECT json_agg(CASE WHEN $4::jsonb ->> event_id::text = xmin::text THEN json_build_array(event_id) ELSE
            json_build_array(event_id, xmin::text, agent_id, session_id, message_id, role, content, at, metadata) END)
     FROM messages WHERE tenant_id = $1 AND user_id = $2 AND event_id = ANY($3::uuid[]))::text AS messages,
  (SELECT json_agg(CASE WHEN $4::jsonb ->> id::text = xmin::text THEN json_build_array(id) ELSE
            json_build_array(id, xmin::text, agent_id, session_key, summary, importance, source_message_ids, entity_ids,
                             message_range_start, message_range_end, started_at, ended_at, created_at) END)
     FROM episodes WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[]))::text AS episodes`;

/** The tables HYDRATE_SQL and the user-state columns (user-state.ts) read. */
export const HYDRATE_TABLES = ['memories', 'messages', 'episodes'] as const;

/** Documents hydrated by earlier searches (frozen: searches share them). */
export type CandidateCache = RowCache<Candidate>;

function frozen(c: Candidate): Candidate {
  Object.freeze(c.metadata);
  Object.freeze(c.tags);
  Object.freeze(c.sourceMessageIds);
  return Object.freeze(c);
}

const str = (v: unknown): string | null => (v == null ? null : String(v));
const strings = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : []);

function memoryOf(m: Row): Candidate {
  const [
    id,
    agentId,
    type,
    tier,
    key,
    content,
    tags,
    sourceSession,
    createdAtRaw,
    importance,
    accessCount,
    lastAccessed,
    source,
    pinned,
    scopeTag,
    metadata,
    sourceMessageIds,
    supersededBy,
    kind,
    validFrom,
    validTo,
  ] = m;
  const createdAt = iso(createdAtRaw);
  return {
    id: String(id),
    kind: 'memory',
    agentId: str(agentId),
    tier: tier as Tier,
    type: type as MemoryType,
    key: str(key),
    content: String(content),
    source: source as ProvenanceSource,
    importance: Number(importance),
    accessCount: Number(accessCount ?? 0),
    lastTouched: isoOrNull(lastAccessed) ?? createdAt,
    pinned: Boolean(pinned),
    metadata: { ...jsonObjectOf(metadata), memoryKind: kind },
    sourceMessageIds: strings(sourceMessageIds),
    sessionId: str(sourceSession),
    at: createdAt,
    tags: strings(tags),
    supersededBy: str(supersededBy),
    scopeTag: str(scopeTag),
    validFrom: isoOrNull(validFrom) ?? createdAt,
    validTo: isoOrNull(validTo),
  };
}

function messageOf(m: Row): Candidate {
  const [id, agentId, sessionId, messageId, role, content, atRaw, metadata] = m;
  const at = iso(atRaw);
  return {
    id: String(id),
    kind: 'message',
    agentId: str(agentId),
    tier: 'EPISODIC',
    type: null,
    key: null,
    content: String(content),
    source: null,
    importance: 0,
    accessCount: 0,
    lastTouched: at,
    pinned: false,
    metadata: { ...jsonObjectOf(metadata), messageId, role },
    sourceMessageIds: [String(messageId)],
    sessionId: sessionId ? String(sessionId) : null,
    at,
    tags: [],
    supersededBy: null,
    scopeTag: null,
    validFrom: null,
    validTo: null,
  };
}

function episodeOf(e: Row): Candidate {
  const [
    id,
    agentId,
    sessionKey,
    summary,
    importance,
    sourceMessageIds,
    entityIds,
    rangeStart,
    rangeEnd,
    startedAt,
    endedAt,
    createdAtRaw,
  ] = e;
  const at = isoOrNull(startedAt) ?? iso(createdAtRaw);
  return {
    id: String(id),
    kind: 'episode',
    agentId: str(agentId),
    tier: 'EPISODIC',
    type: null,
    key: null,
    content: String(summary),
    source: null,
    importance: Number(importance),
    accessCount: 0,
    lastTouched: at,
    pinned: false,
    metadata: {
      entityIds: entityIds ?? [],
      messageRangeStart: rangeStart ?? null,
      messageRangeEnd: rangeEnd ?? null,
      endedAt: isoOrNull(endedAt),
    },
    sourceMessageIds: strings(sourceMessageIds),
    sessionId: sessionKey ? String(sessionKey) : null,
    at,
    tags: [],
    supersededBy: null,
    scopeTag: null,
    validFrom: null,
    validTo: null,
  };
}

export interface HydrateOptions {
  /** Documents read by earlier searches, taken again while their rows are unchanged. */
  cache?: CandidateCache;
  /** More columns for the same statement (SQL select-list items over $1 tenant and $2 user): one round trip, not two. */
  alsoSelect?: string;
  /** Reads since the last write through the database handle, taken again without a statement. */
  quiet?: QuietReads<Candidate>;
}

/**
 * Reads the documents that still exist, in the caller's tenant + user only. Ids that are gone
 * (forgotten, purged) are simply absent from the result. With a cache, documents whose rows have
 * not changed since a search before are taken from it (the statement checks their versions).
 * `also` holds the `alsoSelect` columns (read even when there is no id to hydrate). With `quiet`,
 * what was read since the last write is taken from it, and only the ids it lacks are read.
 */
export async function hydrate(
  db: SqlExecutor,
  scope: Scope,
  ids: Iterable<string>,
  opts: HydrateOptions = {},
): Promise<{ rows: Map<string, Candidate>; also: Record<string, unknown> | null }> {
  const { quiet, cache, alsoSelect } = opts;
  const wanted = [...new Set(ids)].filter(isUuid);
  if (!quiet) return read(db, scope, wanted, cache, alsoSelect);
  const sentAt = quiet.clock.writes;
  const reads = quiet.reads(scope);
  const known = new Map<string, Candidate>();
  const missing: string[] = [];
  for (const id of wanted) {
    const c = reads?.docs.get(id);
    if (c === undefined) missing.push(id);
    else if (c) known.set(id, c);
  }
  const also = alsoSelect ? (reads?.also ?? null) : null;
  if (missing.length === 0 && (!alsoSelect || also)) return { rows: known, also };
  const r = await read(db, scope, missing, cache, also ? undefined : alsoSelect);
  // A write began or ended while the statement ran: what was known may be old, so all is read at once.
  if (quiet.clock.writes !== sentAt) return read(db, scope, wanted, cache, alsoSelect);
  quiet.keep(scope, sentAt, missing, r.rows, r.also);
  for (const [id, c] of r.rows) known.set(id, c);
  return { rows: known, also: also ?? r.also };
}

/** One hydrate statement for these ids (and the `alsoSelect` columns). */
async function read(
  db: SqlExecutor,
  scope: Scope,
  wanted: readonly string[],
  cache: CandidateCache | undefined,
  alsoSelect: string | undefined,
): Promise<{ rows: Map<string, Candidate>; also: Record<string, unknown> | null }> {
  const out = new Map<string, Candidate>();
  if (wanted.length === 0 && !alsoSelect) return { rows: out, also: null };
  // What this search holds, kept here: a concurrent search may evict it from the cache meanwhile.
  const held = new Map<string, Candidate>();
  const versions: Record<string, string> = {};
  for (const id of wanted) {
    const c = cache?.get(id);
    if (!c) continue;
    held.set(id, c.value);
    versions[id] = c.version;
  }
  const r = await db.query<Record<string, unknown>>(alsoSelect ? `${HYDRATE_SQL},\n  ${alsoSelect}` : HYDRATE_SQL, [
    scope.tenantId,
    scope.userId,
    wanted,
    JSON.stringify(versions),
  ]);
  const row = r.rows[0];
  if (!row) return { rows: out, also: null };
  const take = (rows: Row[], of: (r: Row) => Candidate) => {
    for (const [id, version, ...columns] of rows) {
      const key = String(id);
      if (version === undefined) {
        const c = held.get(key);
        if (c) out.set(key, c);
        continue;
      }
      const c = frozen(of([id, ...columns]));
      cache?.set(key, String(version), c);
      out.set(key, c);
    }
  };
  const { memories, messages, episodes, ...also } = row;
  take(rowsOf(memories), memoryOf);
  take(rowsOf(messages), messageOf);
  take(rowsOf(episodes), episodeOf);
  return { rows: out, also: alsoSelect ? also : null };
}
