import Type, { type TSchema } from 'typebox';
import { MEMORY_TYPES, PROVENANCE_SOURCES, TIERS } from '@engram/core';
import { POSITION_PATTERN } from '@engram/contract';

/**
 * Response shapes of the HTTP API (request shapes live in @engram/contract, shared with gRPC). Both
 * drive fastify's serialization and the OpenAPI document.
 */
export type JsonSchema = TSchema;

const str = Type.String();
const nullable = <T extends TSchema>(s: T) => Type.Union([s, Type.Null()]);
const position = Type.String({ pattern: POSITION_PATTERN, description: 'log position "partition:offset"' });
const freeObject = Type.Record(Type.String(), Type.Unknown());
const strings = Type.Array(str);

export const errorSchema = Type.Object({
  error: Type.Object({
    code: Type.String({ description: 'stable error code (EngramError.code)' }),
    message: str,
    retriable: Type.Boolean(),
    details: Type.Optional(freeObject),
  }),
});

const quarantineId = Type.Optional(
  nullable(
    Type.String({
      description:
        'set when the content scanner held the write for an operator (policy quarantine); eventId/position are then the ContentQuarantined event',
    }),
  ),
);

export const appendedSchema = Type.Object({ eventId: Type.String({ format: 'uuid' }), position, quarantineId });

export const forgetResponse = Type.Object({
  eventId: Type.String({ format: 'uuid' }),
  position,
  erasureId: Type.String({
    format: 'uuid',
    description: 'the erasure this request starts: GET /v1/erasures/{erasureId} for its report',
  }),
});

/** B2: counts per place, ids and times; never the erased content. */
export const erasureReportResponse = Type.Object({
  erasureId: Type.String({ format: 'uuid' }),
  status: Type.Union([Type.Literal('pending'), Type.Literal('completed'), Type.Literal('failed')]),
  subject: Type.Object({
    tenantId: str,
    userId: str,
    target: Type.String({ description: 'memory | key | user' }),
    memoryId: nullable(str),
  }),
  requestEventId: Type.String({ format: 'uuid' }),
  requestedBy: str,
  requestedAt: Type.String({ format: 'date-time' }),
  completedAt: nullable(Type.String({ format: 'date-time' })),
  removed: Type.Record(Type.String(), Type.Integer(), {
    description:
      'what the erasure removed, per place: log (events whose sealed content became unreadable), logPlaintext (events an outside producer wrote in the clear: removed everywhere but in the log), ' +
      'keys, memories, facts (derived), messages, episodes, skills, contradictions, textIndex, vectors (documents), archive (cold-archive records), tablesRewritten',
  }),
  error: nullable(Type.String({ description: 'error code when failed' })),
});

export const writeResponse = Type.Object({
  id: Type.String({ format: 'uuid' }),
  eventId: nullable(str),
  position: nullable(position),
  deduplicated: Type.Boolean({ description: 'true when an identical entry already held the key (nothing appended)' }),
  quarantineId,
});

const quarantinedWrite = Type.Object({
  quarantineId: str,
  tenantId: str,
  userId: str,
  agentId: nullable(str),
  sessionId: nullable(str),
  keyId: nullable(str),
  eventId: str,
  attempted: Type.String({ description: 'write path: memory, message, fact, episode, skill' }),
  heldType: Type.String({ description: 'event type a release appends' }),
  heldSchemaVersion: Type.Integer(),
  heldPayload: Type.Record(Type.String(), Type.Unknown(), { description: 'the held event’s payload' }),
  code: str,
  reason: Type.String({ description: 'names the intent the scanner saw' }),
  intents: strings,
  score: Type.Number(),
  field: nullable(str),
  match: nullable(str),
  scanner: str,
  occurredAt: str,
  quarantinedAt: str,
  status: Type.Enum(['pending', 'released', 'discarded']),
  resolvedAt: nullable(str),
  resolvedBy: nullable(str),
  releasedEventId: nullable(str),
  note: nullable(str),
});

export const quarantineListResponse = Type.Object({ items: Type.Array(quarantinedWrite) });

export const quarantineDecisionResponse = Type.Object({
  quarantineId: str,
  resolution: Type.Enum(['released', 'discarded']),
  eventId: Type.String({ format: 'uuid', description: 'the QuarantineResolved event' }),
  position,
  releasedEventId: nullable(
    Type.String({ description: 'the held event appended by a release (read your write with minPosition)' }),
  ),
});

const listPlace = nullable(
  Type.Object({
    rank: Type.Integer({ description: '1-based rank in this list' }),
    score: Type.Number({ description: 'the index’s own score (BM25, cosine)' }),
    contribution: Type.Number({ description: 'what this list added to the fused score' }),
  }),
);

/** POST /v1/query with explain: true. */
export const explainSchema = Type.Object(
  {
    keyword: listPlace,
    window: listPlace,
    vector: listPlace,
    gate: Type.Object(
      { active: Type.Boolean(), terms: strings },
      { description: 'R5: whether the discriminative-token gate narrowed the keyword lists, to which terms' },
    ),
    fusion: Type.Object(
      { method: Type.Enum(['zscore', 'rrf']), score: Type.Number(), rank: Type.Integer() },
      { description: 'R4: the sum of the lists’ contributions and its rank' },
    ),
    rerank: nullable(
      Type.Object(
        { score: Type.Number(), rank: Type.Integer(), slotScore: Type.Number() },
        { description: 'R6: cross-encoder score, its rank, the fused score of the slot taken' },
      ),
    ),
    forgetting: Type.Object(
      { importance: Type.Number(), effectiveImportance: Type.Number(), weight: Type.Number() },
      { description: 'R7 forgetting-curve weight' },
    ),
    intent: Type.Object(
      {
        weight: Type.Number(),
        freshness: Type.Boolean(),
        temporal: Type.Boolean(),
        preference: Type.Boolean(),
        identity: Type.Boolean(),
        past: Type.Boolean(),
      },
      { description: 'R9: detected query intent and the multiplier it gave' },
    ),
    currency: Type.Number({
      description:
        'factor by which what holds now moved the hit: < 1 a mention of a superseded value ranked below what replaced it, > 1 a later statement lifted for a question about now (1: none)',
    }),
    sessionDiversity: Type.Number({ description: 'factor session diversity applied (1: none)' }),
  },
  {
    description:
      'score = (rerank.slotScore if reranked, else fusion.score) × forgetting.weight × intent.weight × currency × sessionDiversity',
  },
);

export const hitSchema = Type.Object({
  id: str,
  kind: Type.Enum(['memory', 'message', 'episode']),
  tier: Type.Enum([...TIERS]),
  type: nullable(Type.Enum([...MEMORY_TYPES])),
  key: nullable(str),
  content: str,
  score: Type.Number(),
  source: nullable(str),
  importance: Type.Number(),
  effectiveImportance: Type.Number(),
  metadata: freeObject,
  sourceMessageIds: strings,
  sessionId: nullable(str),
  createdAt: str,
  tags: strings,
  pinned: Type.Boolean(),
  supersededBy: nullable(str),
  validFrom: Type.Optional(
    nullable(Type.String({ description: 'memories: B3 valid time, when the fact became true' })),
  ),
  validTo: Type.Optional(
    nullable(Type.String({ description: 'memories: when it stopped being true (null while it holds)' })),
  ),
  explain: Type.Optional(explainSchema),
});

export const queryResponse = Type.Object({ results: Type.Array(hitSchema) });

export const contextResponse = Type.Object({ context: str, sections: Type.Record(Type.String(), Type.Number()) });

export const memorySchema = Type.Object({
  id: str,
  tenantId: str,
  userId: str,
  agentId: nullable(str),
  type: Type.Enum([...MEMORY_TYPES]),
  tier: Type.Enum([...TIERS]),
  kind: str,
  key: nullable(str),
  content: str,
  tags: strings,
  sessionId: nullable(str),
  createdAt: str,
  updatedAt: str,
  importance: Type.Number(),
  effectiveImportance: Type.Number(),
  accessCount: Type.Integer(),
  lastAccessed: nullable(str),
  episodeId: nullable(str),
  version: Type.Integer(),
  supersededBy: nullable(str),
  source: Type.Enum([...PROVENANCE_SOURCES]),
  pinned: Type.Boolean(),
  scope: nullable(str),
  confidence: Type.Number(),
  metadata: freeObject,
  sourceMessageIds: strings,
  validFrom: nullable(Type.String({ description: 'B3 valid time: when the fact became true' })),
  validTo: nullable(Type.String({ description: 'B3 valid time: when it stopped being true (null while it holds)' })),
  recordedAt: Type.String({ description: 'B3 record time: when Engram recorded it' }),
});

export const historyResponse = Type.Object({
  history: Type.Array(
    Type.Object({
      eventId: str,
      memoryId: str,
      action: str,
      key: nullable(str),
      version: nullable(Type.Integer()),
      content: nullable(str),
      source: nullable(str),
      relatedId: nullable(str),
      reason: nullable(str),
      at: Type.String({ description: 'when the change happened' }),
      recordedAt: nullable(Type.String({ description: 'B3 record time: when Engram recorded the change' })),
      validFrom: nullable(Type.String({ description: 'B3 valid time of the entry at this change' })),
      validTo: nullable(str),
    }),
  ),
});

export const contradictionsResponse = Type.Object({
  contradictions: Type.Array(
    Type.Object({
      id: str,
      entryAId: str,
      entryBId: str,
      description: str,
      confidence: Type.Number(),
      candidate: nullable(freeObject),
      resolution: nullable(str),
      resolvedBy: nullable(str),
      detectedAt: str,
      resolvedAt: nullable(str),
    }),
  ),
});

export const resolveResponse = Type.Object({
  eventId: str,
  position,
  resolution: Type.Enum(['a_wins', 'b_wins']),
  winnerMemoryId: str,
});

export const consolidateResponse = Type.Object({ sessions: strings, eventIds: strings, position: nullable(position) });

export const healthResponse = Type.Object({
  status: Type.Optional(str),
  version: Type.Optional(str),
  log: Type.Optional(Type.Boolean()),
  db: Type.Optional(Type.Boolean()),
});

const component = Type.Object({ ok: Type.Boolean(), reason: Type.Optional(str) }, { additionalProperties: true });

export const readinessResponse = Type.Object({
  status: Type.Enum(['ready', 'not_ready']),
  version: str,
  components: Type.Record(Type.String(), component),
  deadLetters: Type.Record(Type.String(), Type.Integer()),
  reasons: strings,
  error: Type.Optional(errorSchema.properties.error),
});

export const eventStatusResponse = Type.Object({
  eventId: str,
  status: Type.Enum(['pending', 'applied', 'rejected'], {
    description: 'applied: in the read models and keyword-searchable (the vectors may follow: see vectors)',
  }),
  vectors: nullable(
    Type.Enum(['applied', 'pending'], {
      description:
        "the search index's vectors of this event, which follow its keyword documents with their own lag: applied once similarity search finds it; null where this service runs no search index",
    }),
  ),
  type: nullable(str),
  position,
  memoryId: nullable(str),
  code: nullable(
    Type.String({ description: 'why it was rejected: PROVENANCE_REJECTED, NOT_FOUND, DEAD_LETTERED (retryable), …' }),
  ),
  reason: nullable(str),
  projections: Type.Array(
    Type.Object({
      projection: str,
      outcome: Type.Enum(['applied', 'rejected']),
      memoryId: nullable(str),
      code: nullable(str),
      reason: nullable(str),
    }),
  ),
  deadLetters: Type.Array(
    Type.Object({
      id: str,
      projection: str,
      code: str,
      error: str,
      attempts: Type.Integer(),
      status: str,
      lastFailedAt: str,
    }),
  ),
});

const deadLetter = Type.Object({
  id: str,
  projection: str,
  position: Type.Object({ partition: Type.Integer(), offset: Type.Integer() }),
  eventId: nullable(str),
  eventType: nullable(str),
  tenantId: nullable(str),
  userId: nullable(str),
  code: str,
  error: str,
  attempts: Type.Integer(),
  status: Type.Enum(['dead', 'retry_requested']),
  firstFailedAt: str,
  lastFailedAt: str,
  retryRequestedAt: nullable(str),
});

export const deadLettersResponse = Type.Object({
  deadLetters: Type.Array(deadLetter),
  counts: Type.Record(Type.String(), Type.Integer()),
});

export const deadLetterRetryResponse = Type.Object({ requested: Type.Integer() });

export const openApiResponse = Type.Record(Type.String(), Type.Unknown());

export const markdownResponse = Type.String();

/** GET /v1/users/{userId}/memories. */
export const memoryPageResponse = Type.Object({
  memories: Type.Array(memorySchema),
  nextCursor: nullable(
    Type.String({ description: 'pass as cursor (with the same filters) for the next page; null on the last page' }),
  ),
});

/** PATCH /v1/memories/{id}: a write's answer for the new version, and the entry it replaces. */
export const patchResponse = Type.Object({
  ...writeResponse.properties,
  previousId: Type.String({
    format: 'uuid',
    description: 'the patched entry, now superseded by id (id equals it when nothing changed)',
  }),
});

/** POST /v1/memories/batch: one answer per item, in order. */
export const writeBatchResponse = Type.Object({
  results: Type.Array(
    Type.Object({
      index: Type.Integer({ description: 'the item’s place in the request' }),
      ok: Type.Boolean(),
      result: Type.Optional(writeResponse),
      error: Type.Optional(errorSchema.properties.error),
    }),
  ),
  position: nullable(
    Type.String({
      description: 'position of the batch’s append (read your writes with it); null when nothing was appended',
    }),
  ),
});

/** GET /v1/users/{userId}/export. */
export const jsonLinesResponse = Type.String({
  description:
    'JSON Lines, the `engram export` format: one event per line (the whole envelope and its payload), in log order',
});

export const usersResponse = Type.Object({
  users: Type.Array(
    Type.Object({
      userId: str,
      memories: Type.Integer({ description: 'current (SEMANTIC) memories' }),
      messages: Type.Integer(),
      sessions: Type.Integer(),
      lastActivityAt: nullable(str),
    }),
  ),
  nextCursor: nullable(str),
});

const counts = Type.Record(Type.String(), Type.Integer());

export const statsResponse = Type.Object({
  tenantId: str,
  userId: nullable(str),
  log: Type.Object({ events: Type.Integer({ description: 'events in the log, every tenant’s' }), head: counts }),
  tiers: counts,
  tables: counts,
  projections: Type.Array(Type.Object({ projection: str, checkpoint: counts, lag: Type.Integer() })),
});
