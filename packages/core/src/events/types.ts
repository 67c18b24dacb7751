import type { MemoryType, ProvenanceSource, Role, Tier } from '../memory/model';

/**
 * The event catalogue. Every write to Engram is one of these, appended to the log. Each has an Avro
 * schema in `schemas/` with the same field names; `schemaVersion` is the version of the payload
 * schema the event was written with (the codec upcasts older versions to the current shape).
 */
export interface Envelope<T extends string, P> {
  eventId: string;
  type: T;
  schemaVersion: number;
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string | null;
  /** When it happened in the world (e.g. when the message was said), ISO-8601. */
  occurredAt: string;
  /** When Engram recorded it, ISO-8601. */
  recordedAt: string;
  causationId: string | null;
  correlationId: string | null;
  /** Id of the API key whose request appended the event (audit: who wrote what); null without a key or for Engram's own events. */
  keyId: string | null;
  payload: P;
}

export type Json = Record<string, unknown>;

export interface MessageObservedPayload {
  messageId: string;
  role: Role;
  content: string;
  metadata: Json;
}

export interface MemoryWrittenPayload {
  memoryId: string;
  type: MemoryType;
  /** SEMANTIC (durable fact) or WORKING (session note). */
  tier: Tier;
  key: string | null;
  content: string;
  tags: string[];
  importance: number;
  pinned: boolean;
  source: ProvenanceSource;
  confidence: number;
  scope: string | null;
  metadata: Json;
  sourceMessageIds: string[];
  episodeId: string | null;
  /** B3 valid time, if the writer knows when the fact became true. */
  validFrom: string | null;
  /** B3: when the fact stopped being true, if the writer knows (v3). */
  validTo: string | null;
}

export interface SessionStartedPayload {
  sessionId: string;
}

export type SessionEndReason = 'explicit' | 'idle' | 'manual';
export interface SessionEndedPayload {
  sessionId: string;
  reason: SessionEndReason;
}

/** R8: one batch of accesses of one user stream (one event per flush, not one per query). */
export interface MemoryAccessedPayload {
  memoryIds: string[];
  /** Hashed query text when every query of the batch was the same, so the audit trail shows access without the query. */
  queryHash: string | null;
  /** How often each of memoryIds was returned in the batch (same order; v1 events are upcast to 1 each). */
  counts: number[];
  /** How many queries the batch covers. */
  queries: number;
}

export interface MemoryPinnedPayload {
  memoryId: string;
}
export type MemoryUnpinnedPayload = MemoryPinnedPayload;

export type ArchiveReason = 'decay' | 'superseded' | 'manual' | 'cold_archive';
export interface MemoryArchivedPayload {
  memoryId: string;
  reason: ArchiveReason;
  effectiveImportance: number | null;
}

export interface MemoryRestoredPayload {
  memoryId: string;
}

export interface MemorySupersededPayload {
  memoryId: string;
  supersededBy: string;
  reason: string;
  contradictionId: string | null;
}

/** memory / key / user: an erasure request; derived: the coordinator's lineage cascade of one. */
export type ForgetTarget = 'memory' | 'key' | 'user' | 'derived';
/** The targets a caller may request (derived is appended by the erasure coordinator only). */
export type ErasureTarget = Exclude<ForgetTarget, 'derived'>;

/** What the erasure coordinator found to be derived only from erased data (ids, no content). */
export interface ForgottenDerived {
  memoryIds: string[];
  episodeIds: string[];
  skillIds: string[];
}

export interface MemoryForgottenPayload {
  target: ForgetTarget;
  memoryId: string | null;
  key: string | null;
  reason: string | null;
  requestedBy: string | null;
  /** The erasure (B2 report) this event belongs to; null for events written before v3. */
  erasureId: string | null;
  /** The lineage cascade (target derived only). */
  derived: ForgottenDerived | null;
}

export type ErasureStatus = 'completed' | 'failed';
/** B2: where an erasure removed the subject's data from, as counts per place (no content). */
export interface ErasureCompletedPayload {
  erasureId: string;
  requestEventId: string;
  target: ErasureTarget;
  memoryId: string | null;
  status: ErasureStatus;
  requestedAt: string;
  removed: Record<string, number>;
  error: string | null;
}

export interface WriteRejectedPayload {
  /** Which write path was refused: memory, message, fact, episode, skill. */
  attempted: string;
  code: string;
  reason: string;
  field: string | null;
  /** sha256 of the refused content; the content itself is not kept. */
  contentSha256: string;
  /** The matched fragment (invisible characters shown as U+XXXX), at most 120 chars. */
  match: string | null;
}

export interface EpisodeCreatedPayload {
  episodeId: string;
  sessionKey: string;
  summary: string;
  messageRangeStart: string | null;
  messageRangeEnd: string | null;
  entityIds: string[];
  importance: number;
  sourceMessageIds: string[];
  startedAt: string | null;
  endedAt: string | null;
}

export type FactKind = 'profile' | 'fact' | 'event' | 'summary';
export interface FactExtractedPayload {
  memoryId: string;
  kind: FactKind;
  type: MemoryType;
  key: string | null;
  content: string;
  tags: string[];
  importance: number;
  confidence: number;
  source: ProvenanceSource;
  subject: string | null;
  predicate: string | null;
  object: string | null;
  timeHint: string | null;
  sourceMessageIds: string[];
  episodeId: string | null;
  /** "rules@1" or "llm:<model>@<promptVersion>". */
  extractor: string;
  validFrom: string | null;
  /** B3: when the fact stopped being true ("I lived in Lisbon until 2022"), else null (v2). */
  validTo: string | null;
}

export interface ContradictionCandidate {
  key: string | null;
  content: string;
  source: ProvenanceSource;
  confidence: number;
  sourceMessageIds: string[];
}

export interface ContradictionDetectedPayload {
  contradictionId: string;
  entryAId: string;
  /** The entry that contradicts A; may be a candidate that was not stored (see candidate). */
  entryBId: string;
  description: string;
  confidence: number;
  /** Present when B was not written because the guard keeps A until the user decides. */
  candidate: ContradictionCandidate | null;
}

export type ContradictionResolution = 'a_wins' | 'b_wins' | 'both_kept';
export interface ContradictionResolvedPayload {
  contradictionId: string;
  resolution: ContradictionResolution;
  resolvedBy: 'provenance' | 'recency' | 'user';
}

export interface SkillRecordedPayload {
  skillId: string;
  name: string;
  whenToUse: string;
  steps: string[];
  success: boolean;
  sourceMessageIds: string[];
}

/** A write held back by the content scanner (policy quarantine) until an operator decides. */
export interface ContentQuarantinedPayload {
  quarantineId: string;
  /** Which write path was held: memory, message, fact, episode, skill, import. */
  attempted: string;
  /** The event type the write would have appended, and the schema version its payload was built for. */
  heldType: EventType;
  heldSchemaVersion: number;
  heldPayload: Json;
  code: string;
  reason: string;
  intents: string[];
  score: number;
  field: string | null;
  match: string | null;
  /** Scanner and rule-set version that decided. */
  scanner: string;
}

export type QuarantineResolution = 'released' | 'discarded';
export interface QuarantineResolvedPayload {
  quarantineId: string;
  resolution: QuarantineResolution;
  resolvedBy: string | null;
  /** eventId of the held event the release appended (released only). */
  releasedEventId: string | null;
  note: string | null;
}

export type MessageObserved = Envelope<'MessageObserved', MessageObservedPayload>;
export type MemoryWritten = Envelope<'MemoryWritten', MemoryWrittenPayload>;
export type SessionStarted = Envelope<'SessionStarted', SessionStartedPayload>;
export type SessionEnded = Envelope<'SessionEnded', SessionEndedPayload>;
export type MemoryAccessed = Envelope<'MemoryAccessed', MemoryAccessedPayload>;
export type MemoryPinned = Envelope<'MemoryPinned', MemoryPinnedPayload>;
export type MemoryUnpinned = Envelope<'MemoryUnpinned', MemoryUnpinnedPayload>;
export type MemoryArchived = Envelope<'MemoryArchived', MemoryArchivedPayload>;
export type MemoryRestored = Envelope<'MemoryRestored', MemoryRestoredPayload>;
export type MemorySuperseded = Envelope<'MemorySuperseded', MemorySupersededPayload>;
export type MemoryForgotten = Envelope<'MemoryForgotten', MemoryForgottenPayload>;
export type WriteRejected = Envelope<'WriteRejected', WriteRejectedPayload>;
export type EpisodeCreated = Envelope<'EpisodeCreated', EpisodeCreatedPayload>;
export type FactExtracted = Envelope<'FactExtracted', FactExtractedPayload>;
export type ContradictionDetected = Envelope<'ContradictionDetected', ContradictionDetectedPayload>;
export type ContradictionResolved = Envelope<'ContradictionResolved', ContradictionResolvedPayload>;
export type SkillRecorded = Envelope<'SkillRecorded', SkillRecordedPayload>;
export type ContentQuarantined = Envelope<'ContentQuarantined', ContentQuarantinedPayload>;
export type QuarantineResolved = Envelope<'QuarantineResolved', QuarantineResolvedPayload>;
export type ErasureCompleted = Envelope<'ErasureCompleted', ErasureCompletedPayload>;

export type EngramEvent =
  | MessageObserved
  | MemoryWritten
  | SessionStarted
  | SessionEnded
  | MemoryAccessed
  | MemoryPinned
  | MemoryUnpinned
  | MemoryArchived
  | MemoryRestored
  | MemorySuperseded
  | MemoryForgotten
  | WriteRejected
  | EpisodeCreated
  | FactExtracted
  | ContradictionDetected
  | ContradictionResolved
  | SkillRecorded
  | ContentQuarantined
  | QuarantineResolved
  | ErasureCompleted;

export type EventType = EngramEvent['type'];
export type EventOfType<T extends EventType> = Extract<EngramEvent, { type: T }>;
export type PayloadOf<T extends EventType> = EventOfType<T>['payload'];

export const EVENT_TYPES = [
  'MessageObserved',
  'MemoryWritten',
  'SessionStarted',
  'SessionEnded',
  'MemoryAccessed',
  'MemoryPinned',
  'MemoryUnpinned',
  'MemoryArchived',
  'MemoryRestored',
  'MemorySuperseded',
  'MemoryForgotten',
  'WriteRejected',
  'EpisodeCreated',
  'FactExtracted',
  'ContradictionDetected',
  'ContradictionResolved',
  'SkillRecorded',
  'ContentQuarantined',
  'QuarantineResolved',
  'ErasureCompleted',
] as const satisfies readonly EventType[];

/** Compile-time guard for exhaustive switches over event types. */
export function assertNever(x: never, what = 'value'): never {
  throw new Error(`unhandled ${what}: ${JSON.stringify(x)}`);
}

/** An event as stored in the log: the log assigns its position. */
export interface StoredEvent<E extends EngramEvent = EngramEvent> {
  event: E;
  position: LogPosition;
  /**
   * Set when some of the event's user content was crypto-shredded (P4): those fields read as empty
   * (a tombstone). Ids and every clear field are intact, so a replay takes the same decisions.
   */
  erased?: true;
  /**
   * Set by the sealed log when some of the event's user content is in the clear (published by an
   * outside producer straight to the log, never through Engram's screened write paths).
   */
  plaintext?: true;
}

/**
 * A position in the log. The embedded log has one partition; Kafka has several, each ordered.
 * Ordering is guaranteed per stream (tenant + user), and a stream always lives in one partition.
 */
export interface LogPosition {
  partition: number;
  offset: number;
}

export function formatPosition(p: LogPosition): string {
  return `${p.partition}:${p.offset}`;
}

export function parsePosition(s: string | number): LogPosition | null {
  if (typeof s === 'number') return Number.isSafeInteger(s) && s >= 0 ? { partition: 0, offset: s } : null;
  const m = /^(?:(\d+):)?(\d+)$/.exec(s.trim());
  if (!m) return null;
  const partition = m[1] === undefined ? 0 : Number(m[1]);
  const offset = Number(m[2]);
  return Number.isSafeInteger(partition) && Number.isSafeInteger(offset) ? { partition, offset } : null;
}

/** The stream an event belongs to: the unit of ordering and of optimistic concurrency. */
export function streamKeyOf(e: Pick<EngramEvent, 'tenantId' | 'userId'>): string {
  return `${e.tenantId}/${e.userId}`;
}
