import type { ErasureReport, WritePrecheck } from '@engram/projections';
import type {
  Principal,
  Clock,
  EngramError,
  EventType,
  ContentScreen,
  DeadLetter,
  DeadLetterFilter,
  DeadLetterRetryFilter,
  EngramEvent,
  ContextRenderer,
  DecayConfig,
  EventLog,
  ForgetTarget,
  Logger,
  MemoryType,
  ProjectionProgress,
  ProvenanceSource,
  QueryHit,
  Retriever,
  Role,
  Scope,
  SqlDatabase,
  Tier,
} from '@engram/core';
import type { QuarantinedWrite } from '@engram/projections';
import type { WireEvent } from './events/wire-event';

export interface MemoryAppConfig {
  /** Largest accepted content, in UTF-8 bytes (M1: 32 KB; limits.maxContentBytes). */
  maxContentBytes: number;
  /** Longest a read waits for the projections to reach a requested minPosition. */
  minPositionWaitMs: number;
  /** How often batched MemoryAccessed events are appended. */
  accessFlushMs: number;
  /** D1 forgetting curve and archive threshold of the deployment (memory.*); default DEFAULT_DECAY. */
  decay?: DecayConfig;
}

/** P5 limits the app enforces for every transport (rate limits are charged at authentication, see AccessControl). */
export interface MemoryAppLimits {
  /** Searches (query, context) one key may have in flight; the next gets RATE_LIMITED. Null = unbounded. */
  maxConcurrentQueries?: number | null;
  /** Memories plus messages one user may hold; writes beyond get QUOTA_EXCEEDED. Null = no quota. */
  userQuota?: number | null;
  /**
   * Cost bound of a search: only the first this-many characters of the query text are embedded,
   * searched and reranked (validation still accepts up to MAX_QUERY_CHARS). Default QUERY_TEXT_BOUND_CHARS.
   */
  queryTextChars?: number;
}

export interface MemoryAppDeps {
  log: EventLog;
  db: SqlDatabase;
  /**
   * The query side: the retrieval pipeline and the context renderer. Absent where no query is
   * answered (the ingest service, offline commands): query and context then fail with UNSUPPORTED.
   */
  retriever?: Retriever;
  contextRenderer?: ContextRenderer;
  /** Read-your-writes: the read models and, where searches are answered, the keyword index. */
  progress: ProjectionProgress;
  /** Where the search index runs here: whether an event's vectors are in too (write status `vectors`). */
  vectorProgress?: ProjectionProgress;
  /**
   * The semantic projector's write rules asked before appending (dedup, P1 provenance): the
   * all-in-one passes its in-memory index (no SQL on the write path); default: the read model.
   */
  writePrecheck?: WritePrecheck;
  /** P2 scanning of every write (rules, optional classifier, policy); default: rules alone, policy block. */
  screen?: ContentScreen;
  clock: Clock;
  logger: Logger;
  config: MemoryAppConfig;
  limits?: MemoryAppLimits;
  /**
   * Calls without a principal run as the open principal (every scope) only when true: the offline
   * CLI and tests. A served app leaves it false, so a transport that forgets the caller fails closed.
   */
  trusted?: boolean;
}

/**
 * Every call carries the scope it asks for and who asks (P5: authorised against the principal's
 * scopes and binding; its key id goes into the envelope of every event the call appends);
 * correlationId is copied into those events.
 */
export interface CallBase {
  scope: Scope;
  principal?: Principal;
  correlationId?: string | null;
}

export interface ForgetResult extends Appended {
  /** The erasure this request starts (GET /v1/erasures/{erasureId}). */
  erasureId: string;
}

export interface Appended {
  eventId: string;
  /** "partition:offset" of the appended event. */
  position: string;
}

/** A write the scanner held for an operator (policy quarantine): eventId/position are the ContentQuarantined event's. */
export interface MaybeQuarantined {
  quarantineId?: string | null;
}

export interface ObserveMessageInput extends CallBase {
  sessionId: string;
  role: Role;
  content: string;
  messageId?: string;
  at?: string;
  metadata?: Record<string, unknown>;
}

export interface WriteMemoryInput extends CallBase {
  type: MemoryType;
  key?: string | null;
  content: string;
  tags?: string[];
  importance?: number;
  pinned?: boolean;
  source?: ProvenanceSource;
  tier?: Extract<Tier, 'SEMANTIC' | 'WORKING'>;
  sessionId?: string | null;
  metadata?: Record<string, unknown>;
  validFrom?: string | null;
  /** B3: when the fact stopped being true, if known. */
  validTo?: string | null;
  at?: string;
  /** M1 scope: a soft tag (e.g. a project name) that queries may filter on; not an isolation boundary. */
  scopeTag?: string | null;
}

export interface WriteMemoryResult {
  id: string;
  /** Null when an identical entry already held the key (nothing appended). */
  eventId: string | null;
  position: string | null;
  deduplicated: boolean;
  /** Set when the write was held by the content scanner (nothing is readable until an operator releases it). */
  quarantineId: string | null;
}

export interface SessionInput extends CallBase {
  sessionId: string;
}

export interface MemoryIdInput extends CallBase {
  memoryId: string;
  /** Wait for the read side to reach this position before looking the memory up. */
  minPosition?: string;
}

export interface ForgetInput extends CallBase {
  target: ForgetTarget;
  memoryId?: string;
  key?: string;
  reason?: string | null;
  requestedBy?: string | null;
  minPosition?: string;
}

export interface ResolveContradictionInput extends CallBase {
  contradictionId: string;
  winner: 'a' | 'b';
}

export interface ResolveContradictionResult extends Appended {
  resolution: 'a_wins' | 'b_wins';
  /** The memory that now holds the fact (a new id when B was a stored candidate). */
  winnerMemoryId: string;
}

export interface ConsolidateInput extends CallBase {
  sessionId?: string;
}

export interface ConsolidateResult {
  sessions: string[];
  eventIds: string[];
  /** Position of the last appended SessionEnded, null when no session was open. */
  position: string | null;
}

export interface QueryInput extends CallBase {
  query: string;
  k?: number;
  tiers?: Tier[];
  types?: MemoryType[];
  tags?: string[];
  from?: string;
  to?: string;
  /** B3 as-of read: what was true at this time, as known now. */
  asOf?: string;
  minPosition?: string;
  sessionId?: string;
  /** Only entries carrying this soft scope tag. */
  scopeTag?: string;
  /** Only documents that concern one of these entities (names or entity-id slugs). */
  entities?: string[];
  /** (0, 1]: score factor for each further hit of a session already in the results. */
  sessionDiversity?: number;
  /** Attach each hit's score breakdown (QueryHit.explain). */
  explain?: boolean;
  /** false: the returned memories are not recorded as accessed (R8). Default true. */
  reinforce?: boolean;
}

export interface ContextInput extends CallBase {
  query: string;
  sessionId?: string;
  budgetChars?: number;
  /** Known facts and history only about these entities (names or entity-id slugs). */
  entities?: string[];
  /** B3: render what was true at this time, as known now. */
  asOf?: string;
  minPosition?: string;
}

export interface MemoryView {
  id: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  type: MemoryType;
  tier: Tier;
  kind: string;
  key: string | null;
  content: string;
  tags: string[];
  sessionId: string | null;
  createdAt: string;
  updatedAt: string;
  importance: number;
  effectiveImportance: number;
  accessCount: number;
  lastAccessed: string | null;
  episodeId: string | null;
  version: number;
  supersededBy: string | null;
  source: ProvenanceSource;
  pinned: boolean;
  scope: string | null;
  confidence: number;
  metadata: Record<string, unknown>;
  sourceMessageIds: string[];
  /** B3 valid time: when the fact became true, and when it stopped (null while it holds). */
  validFrom: string | null;
  validTo: string | null;
  /** B3 record time: when Engram recorded it. */
  recordedAt: string;
}

export interface HistoryItem {
  eventId: string;
  memoryId: string;
  action: string;
  key: string | null;
  version: number | null;
  content: string | null;
  source: string | null;
  relatedId: string | null;
  reason: string | null;
  /** When the change happened (the event's time in the world). */
  at: string;
  /** B3 record time of the change (null for rows recorded before B3). */
  recordedAt: string | null;
  /** The entry's valid time at this change. */
  validFrom: string | null;
  validTo: string | null;
}

export interface ContradictionView {
  id: string;
  entryAId: string;
  entryBId: string;
  description: string;
  confidence: number;
  candidate: Record<string, unknown> | null;
  resolution: string | null;
  resolvedBy: string | null;
  detectedAt: string;
  resolvedAt: string | null;
}

export interface QuarantineListInput {
  tenantId: string;
  principal?: Principal;
  userId?: string | null;
  status?: 'pending' | 'released' | 'discarded';
  limit?: number;
  /** Wait for the read side to reach this position (e.g. a write's) first. */
  minPosition?: string;
}

export interface QuarantineResolveInput {
  tenantId: string;
  principal?: Principal;
  quarantineId: string;
  /** Who decided (an operator's key id or name). */
  resolvedBy?: string | null;
  note?: string | null;
  correlationId?: string | null;
  /** Wait for the read side to reach this position (e.g. the held write's) first. */
  minPosition?: string;
}

export interface QuarantineResolveResult extends Appended {
  quarantineId: string;
  resolution: 'released' | 'discarded';
  /** The held event, appended by a release. */
  releasedEventId: string | null;
}

/** GET /v1/events/{eventId}: what became of one acknowledged write (L8). */
export interface StreamEventsInput {
  tenantId: string;
  principal?: Principal;
  /** One user's events; omitted: every user of the tenant (a user-bound key: its user). */
  userId?: string | null;
  /** One agent's events (an agent-bound key: its agent). */
  agentId?: string | null;
  /** Resume after the positions of a previous item's id (SSE Last-Event-ID). */
  after?: string;
  /** Start at this log position (inclusive), e.g. the position a write answered. Without it or after: the head. */
  from?: string;
  /** Only these event types. */
  types?: EventType[];
  /** false: end after the events already in the log (default: then follow live). */
  follow?: boolean;
  /** A heartbeat item after this long without an event (default 15 s). */
  heartbeatMs?: number;
  /** Live events held for a client that does not take them; beyond, the stream ends with RATE_LIMITED (default 10 000). */
  maxBuffered?: number;
  /** Ends the stream (the client went away). */
  signal?: AbortSignal;
}

export type StreamItem =
  | { kind: 'event'; /** Resume after this item with it (Last-Event-ID). */ id: string; event: WireEvent }
  | { kind: 'heartbeat' }
  /** The stream ends with this error (a client that fell too far behind: RATE_LIMITED, reason STREAM_TOO_SLOW). */
  | { kind: 'end'; error: ReturnType<EngramError['toJSON']> };

export interface EventStatusView {
  eventId: string;
  /** applied: in the read models and, where searches are answered, keyword-searchable. */
  status: 'pending' | 'applied' | 'rejected';
  /**
   * The search index's vector half, which follows the keyword half on its own: applied once the
   * event's vectors are in (similarity search finds it), null where this service runs no search index.
   */
  vectors: 'applied' | 'pending' | null;
  type: string | null;
  position: string;
  /** The memory the write produced or concerned (deduplicated into, or the entry that kept the key). */
  memoryId: string | null;
  /** Why it was rejected: PROVENANCE_REJECTED, NOT_FOUND, DEAD_LETTERED, … */
  code: string | null;
  reason: string | null;
  projections: Array<{
    projection: string;
    outcome: 'applied' | 'rejected';
    memoryId: string | null;
    code: string | null;
    reason: string | null;
  }>;
  deadLetters: Array<{
    id: string;
    projection: string;
    code: string;
    error: string;
    attempts: number;
    status: string;
    lastFailedAt: string;
  }>;
}

/** GET /v1/users/{userId}/memories: filters, page size and the cursor of the previous page. */
export interface ListMemoriesInput extends CallBase {
  tiers?: Tier[];
  types?: MemoryType[];
  /** Entries carrying every one of these tags. */
  tags?: string[];
  keyPrefix?: string;
  /** Only entries changed (written, superseded, pinned, archived…) at or after this time. */
  updatedSince?: string;
  /** 1–500, default 50. */
  limit?: number;
  /** nextCursor of the previous page (opaque; tied to the filters and order it was issued for). */
  cursor?: string;
  /** desc (default): newest first; asc: oldest first. */
  order?: 'desc' | 'asc';
  minPosition?: string;
}

export interface MemoryPage {
  memories: MemoryView[];
  /** Null on the last page. */
  nextCursor: string | null;
}

/** PATCH /v1/memories/{id}: the fields to change (at least one). */
export interface PatchMemoryInput extends CallBase {
  memoryId: string;
  content?: string;
  tags?: string[];
  importance?: number;
  pinned?: boolean;
  /** Replaces the entry's metadata. */
  metadata?: Record<string, unknown>;
  minPosition?: string;
}

export interface PatchMemoryResult extends WriteMemoryResult {
  /** The patched entry (now superseded by `id`; `id` equals it when nothing changed). */
  previousId: string;
}

export interface WriteBatchInput extends CallBase {
  items: Array<Omit<WriteMemoryInput, keyof CallBase>>;
}

export interface WriteBatchResult {
  /** One per item, in order: its write answer, or the error that refused it (nothing appended for it). */
  results: Array<
    | { index: number; ok: true; result: WriteMemoryResult }
    | {
        index: number;
        ok: false;
        error: { code: string; message: string; retriable: boolean; details?: Record<string, unknown> };
      }
  >;
  /** Position of the batch's append (read your writes with it); null when nothing was appended. */
  position: string | null;
}

export interface TenantCall {
  tenantId: string;
  principal?: Principal;
}

export interface StatsInput extends TenantCall {
  /** Only this user's counts. */
  userId?: string | null;
}

export interface StatsView {
  tenantId: string;
  userId: string | null;
  /** The log as a whole (every tenant): its event count and head per partition. */
  log: { events: number; head: Record<string, number> };
  tiers: Record<string, number>;
  tables: Record<string, number>;
  projections: Array<{ projection: string; checkpoint: Record<string, number>; lag: number }>;
}

export interface ListUsersInput extends TenantCall {
  limit?: number;
  cursor?: string;
}

export interface UserSummary {
  userId: string;
  /** Current (SEMANTIC) memories. */
  memories: number;
  messages: number;
  sessions: number;
  lastActivityAt: string | null;
}

export interface UserPage {
  users: UserSummary[];
  nextCursor: string | null;
}

/** The users, agents and runs (sessions) a key reaches in its tenant, with what they hold (Mem0's entities). */
export interface ListEntitiesInput extends TenantCall {
  /** 1–500, default 100. */
  limit?: number;
  offset?: number;
  /** Only this entity (its users and counts). */
  only?: { type: EntityView['type']; id: string };
}

export interface EntityView {
  type: 'user' | 'agent' | 'run';
  /** The user, agent or session id. */
  id: string;
  /** The users it belongs to (a user: itself; an agent or run id may recur under several users). */
  userIds: string[];
  /** Current (SEMANTIC or ARCHIVAL, not superseded) memories. */
  memories: number;
  /** Its first and last activity: memory written or changed, session started or active. */
  createdAt: string;
  updatedAt: string;
}

export interface EntityPage {
  entities: EntityView[];
  /** How many there are in all (users first, then agents, then runs; each by id). */
  count: number;
}

/** The write jobs of a tenant: memory writes and session ends (each queues a consolidation). */
export interface ListWritesInput extends TenantCall {
  /** 1–500, default 50. */
  limit?: number;
  offset?: number;
}

export interface WriteJobView {
  eventId: string;
  type: 'MemoryWritten' | 'SessionEnded';
  userId: string;
  /** When the read side first and last recorded an outcome for it (null while none did). */
  firstOutcomeAt: string | null;
  lastOutcomeAt: string | null;
}

export interface WriteJobPage {
  /** Newest first: the jobs the read side has not applied yet, then by first outcome. */
  writes: WriteJobView[];
  count: number;
}

/** GET /v1/users/{userId}/sessions: newest activity first, keyset-paged. */
export interface ListSessionsInput extends CallBase {
  /** 1–500, default 50. */
  limit?: number;
  cursor?: string;
  minPosition?: string;
}

export interface SessionView {
  sessionId: string;
  agentId: string | null;
  startedAt: string;
  lastActivityAt: string;
  endedAt: string | null;
  endReason: string | null;
  messageCount: number;
}

export interface SessionPage {
  sessions: SessionView[];
  nextCursor: string | null;
}

export interface SessionMessageView {
  eventId: string;
  messageId: string;
  role: string;
  content: string;
  at: string;
  /** Log offset in the user's partition: the ledger's order. */
  seq: number;
}

export interface EpisodeView {
  id: string;
  summary: string;
  entityIds: string[];
  importance: number;
  /** messageId of each message the episode was consolidated from. */
  sourceMessageIds: string[];
  startedAt: string | null;
  endedAt: string | null;
  createdAt: string;
}

/** GET /v1/sessions/{sessionId}/timeline: the ledger, its episodes and the memories consolidated from it, with lineage. */
export interface SessionTimeline {
  session: SessionView;
  messages: SessionMessageView[];
  episodes: EpisodeView[];
  /** Entries whose source session is this one or whose episode is one of these (facts, summaries, notes), oldest first. */
  memories: MemoryView[];
}

/** GET /v1/memories/{id}/decay: the entry's forgetting curve (D1) from its last touch, computed by core's effectiveImportance. */
export interface DecayCurve {
  memoryId: string;
  /** USER entries and pinned ones do not decay (their curve is flat at their importance). */
  exempt: boolean;
  importance: number;
  accessCount: number;
  /** last_accessed, or created_at when never accessed: where the curve starts. */
  lastTouched: string;
  halfLifeDays: number;
  importanceDecayDays: number;
  archiveThreshold: number;
  now: string;
  effectiveImportanceNow: number;
  /** When the curve falls below the threshold (the consolidator's decay sweep then archives it), null if never. */
  crossesThresholdAt: string | null;
  /** Samples from lastTouched to the end of the horizon, assuming no further access. */
  points: Array<{ at: string; effectiveImportance: number }>;
}

export interface DecayCurveInput extends MemoryIdInput {
  /** Days past now the curve runs (default: until the crossing, at most 365). */
  days?: number;
  /** 2–500, default 120. */
  points?: number;
}

export interface ListErasuresInput extends TenantCall {
  userId?: string | null;
  limit?: number;
  cursor?: string;
}

export interface ErasurePage {
  erasures: ErasureReport[];
  nextCursor: string | null;
}

export interface MemoryApp {
  observeMessage(input: ObserveMessageInput): Promise<Appended & MaybeQuarantined>;
  writeMemory(input: WriteMemoryInput): Promise<WriteMemoryResult>;
  endSession(input: SessionInput): Promise<Appended>;
  pin(input: MemoryIdInput): Promise<Appended>;
  unpin(input: MemoryIdInput): Promise<Appended>;
  restore(input: MemoryIdInput): Promise<Appended>;
  /** P4: appends the erasure request; the erasure coordinator carries it out (report: getErasure). */
  forget(input: ForgetInput): Promise<ForgetResult>;
  /** B2: the erasure report of the caller's tenant; NOT_FOUND when there is no such erasure (yet). */
  getErasure(input: {
    tenantId: string;
    principal?: Principal;
    erasureId: string;
    minPosition?: string;
  }): Promise<ErasureReport>;
  resolveContradiction(input: ResolveContradictionInput): Promise<ResolveContradictionResult>;
  consolidate(input: ConsolidateInput): Promise<ConsolidateResult>;

  query(input: QueryInput): Promise<QueryHit[]>;
  getMemory(input: MemoryIdInput): Promise<MemoryView>;
  /** The scope a memory id lives in within the caller's tenant (for clients naming a memory by id alone: Mem0's API, MCP). */
  locateMemory(input: { tenantId: string; principal?: Principal; memoryId: string }): Promise<Scope>;
  memoryHistory(input: MemoryIdInput): Promise<HistoryItem[]>;
  keyHistory(input: CallBase & { key: string; minPosition?: string }): Promise<HistoryItem[]>;
  workingMemory(input: SessionInput & { budgetChars?: number; minPosition?: string }): Promise<string>;
  context(input: ContextInput): Promise<{ context: string; sections: Record<string, number> }>;
  /** Several writes of one user in one durable append; each item answered on its own. */
  writeMemories(input: WriteBatchInput): Promise<WriteBatchResult>;
  /** Every event of the user's stream in log order (the `engram export` format); authorised before the first. */
  exportUser(input: CallBase): Promise<AsyncIterable<EngramEvent>>;
  /** `engram stats` online: the tenant's (or a user's) read-model counts, the log and the projections' lag. */
  stats(input: StatsInput): Promise<StatsView>;
  /** The users of a tenant, by id, keyset-paged. */
  listUsers(input: ListUsersInput): Promise<UserPage>;
  /** The users, agents and runs the key reaches in its tenant (a user-bound key: its own), offset-paged. */
  listEntities(input: ListEntitiesInput): Promise<EntityPage>;
  /** The tenant's write jobs (memory writes, session ends) the key reaches, newest first; their status: eventStatus. */
  listWrites(input: ListWritesInput): Promise<WriteJobPage>;
  /** A user's memories page by page (stable keyset cursors). */
  listMemories(input: ListMemoriesInput): Promise<MemoryPage>;
  /** The entry's next version (a new entry superseding it) through the write path. */
  patchMemory(input: PatchMemoryInput): Promise<PatchMemoryResult>;
  listContradictions(input: CallBase & { status?: 'open' | 'all'; minPosition?: string }): Promise<ContradictionView[]>;
  /** The inspector's views: a user's sessions, one session's timeline, an entry's decay curve, erasure reports. */
  listSessions(input: ListSessionsInput): Promise<SessionPage>;
  sessionTimeline(input: SessionInput & { minPosition?: string }): Promise<SessionTimeline>;
  decayCurve(input: DecayCurveInput): Promise<DecayCurve>;
  listErasures(input: ListErasuresInput): Promise<ErasurePage>;

  /** Operator (admin) view of a tenant's writes held by the content scanner, and the decision on one. */
  listQuarantine(input: QuarantineListInput): Promise<QuarantinedWrite[]>;
  releaseQuarantined(input: QuarantineResolveInput): Promise<QuarantineResolveResult>;
  discardQuarantined(input: QuarantineResolveInput): Promise<QuarantineResolveResult>;

  eventStatus(input: CallBase & { eventId: string }): Promise<EventStatusView>;
  /** B1: the events within the key's reach from a position (or the head), then live; authorised before the first item. */
  streamEvents(input: StreamEventsInput): Promise<AsyncIterable<StreamItem>>;
  /** Admin scope; a key bound to a tenant (or user) sees and counts only its own dead letters. */
  listDeadLetters(
    filter: DeadLetterFilter & { principal?: Principal },
  ): Promise<{ deadLetters: DeadLetter[]; counts: Record<string, number> }>;
  retryDeadLetters(filter: DeadLetterRetryFilter & { principal?: Principal }): Promise<{ requested: number }>;

  /** Appends any pending MemoryAccessed batch now. */
  flushAccesses(): Promise<void>;
  /** Flushes pending accesses and stops the timer; does not close the injected ports. */
  close(): Promise<void>;
}
