import { MEMORY_TYPES, PROVENANCE_SOURCES, ROLES, TIERS } from '@engram/core';
import { ID_PATTERN_SOURCE, MAX_ENTITIES, MAX_ENTITY_CHARS, MAX_K, MAX_KEY_CHARS, MAX_QUERY_CHARS, MAX_TAGS, MAX_TAG_CHARS, UUID_PATTERN_SOURCE } from '@engram/app';

/** JSON-schema fragments shared by the routes and the OpenAPI document. */
export type JsonSchema = Record<string, unknown>;

export const idString = (description: string): JsonSchema => ({ type: 'string', pattern: ID_PATTERN_SOURCE, description });
export const uuidString = (description: string): JsonSchema => ({ type: 'string', pattern: UUID_PATTERN_SOURCE, description });
const nullable = (s: JsonSchema): JsonSchema => ({ anyOf: [s, { type: 'null' }] });
const str = { type: 'string' };
const dateTime = { type: 'string', format: 'date-time' };
const position = { type: 'string', pattern: '^(\\d+:)?\\d+$', description: 'log position "partition:offset"' };
const freeObject = { type: 'object', additionalProperties: true };

export const tenantHeaders: JsonSchema = {
  type: 'object',
  properties: {
    'x-tenant-id': { ...idString('tenant (hard isolation boundary); defaults to "default"') },
    'x-correlation-id': { type: 'string', minLength: 1, maxLength: 128, description: 'copied into the appended events' },
  },
};

export const userQuery: JsonSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: {
    userId: idString('user (hard isolation boundary)'),
    agentId: idString('agent; omitted = every agent of the user'),
    minPosition: position,
  },
};

const userFields = {
  userId: idString('user (hard isolation boundary)'),
  agentId: idString('agent; omitted = no agent on writes, every agent on reads'),
};

export const errorSchema: JsonSchema = {
  type: 'object',
  required: ['error'],
  properties: {
    error: {
      type: 'object',
      required: ['code', 'message', 'retriable'],
      properties: {
        code: { type: 'string', description: 'stable error code (EngramError.code)' },
        message: str,
        retriable: { type: 'boolean' },
        details: freeObject,
      },
    },
  },
};

export const appendedSchema: JsonSchema = {
  type: 'object',
  required: ['eventId', 'position'],
  properties: { eventId: { type: 'string', format: 'uuid' }, position },
};

export const observeBody: JsonSchema = {
  type: 'object',
  required: ['userId', 'role', 'content'],
  additionalProperties: false,
  properties: {
    ...userFields,
    role: { type: 'string', enum: [...ROLES] },
    content: { type: 'string', minLength: 1, description: 'at most 32 KB of UTF-8' },
    messageId: { type: 'string', minLength: 1, maxLength: 256 },
    at: { ...dateTime, description: 'when the message was said (default now)' },
    metadata: freeObject,
  },
};

export const writeBody: JsonSchema = {
  type: 'object',
  required: ['userId', 'type', 'content'],
  additionalProperties: false,
  properties: {
    ...userFields,
    type: { type: 'string', enum: [...MEMORY_TYPES] },
    key: { type: 'string', minLength: 1, maxLength: MAX_KEY_CHARS },
    content: { type: 'string', minLength: 1, description: 'at most 32 KB of UTF-8' },
    tags: { type: 'array', maxItems: MAX_TAGS, items: { type: 'string', minLength: 1, maxLength: MAX_TAG_CHARS } },
    importance: { type: 'number', minimum: 0, maximum: 1, default: 0.5 },
    pinned: { type: 'boolean' },
    source: { type: 'string', enum: [...PROVENANCE_SOURCES], default: 'user_stated' },
    sessionId: idString('session the memory came from; required for tier WORKING'),
    metadata: freeObject,
    tier: { type: 'string', enum: ['SEMANTIC', 'WORKING'], default: 'SEMANTIC' },
    validFrom: { ...dateTime, description: 'when the fact became true (valid time)' },
    scope: { type: 'string', minLength: 1, maxLength: MAX_KEY_CHARS, description: 'soft scope tag (e.g. a project); queries can filter on it' },
  },
};

export const writeResponse: JsonSchema = {
  type: 'object',
  required: ['id', 'eventId', 'position', 'deduplicated'],
  properties: {
    id: { type: 'string', format: 'uuid' },
    eventId: nullable({ type: 'string' }),
    position: nullable(position),
    deduplicated: { type: 'boolean', description: 'true when an identical entry already held the key (nothing appended)' },
  },
};

export const userBody: JsonSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { ...userFields, minPosition: position },
};

export const queryBody: JsonSchema = {
  type: 'object',
  required: ['userId', 'query'],
  additionalProperties: false,
  properties: {
    ...userFields,
    query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS },
    k: { type: 'integer', minimum: 1, maximum: MAX_K, default: 10 },
    tiers: { type: 'array', items: { type: 'string', enum: [...TIERS] } },
    types: { type: 'array', items: { type: 'string', enum: [...MEMORY_TYPES] } },
    tags: { type: 'array', maxItems: MAX_TAGS, items: { type: 'string', minLength: 1, maxLength: MAX_TAG_CHARS } },
    from: dateTime,
    to: dateTime,
    sessionId: idString('only this session’s documents'),
    scope: { type: 'string', minLength: 1, maxLength: MAX_KEY_CHARS, description: 'only entries with this soft scope tag' },
    entities: {
      type: 'array',
      maxItems: MAX_ENTITIES,
      items: { type: 'string', minLength: 1, maxLength: MAX_ENTITY_CHARS },
      description:
        'only documents that concern at least one of these entities, given as a name ("Acme Corp", "北京") or an entity-id slug ("acme_corp"): ' +
        'an episode listing it in its entity ids, a memory naming it in its key, tags or metadata, or any document whose text mentions it (case-folded tokens)',
    },
    sessionDiversity: {
      type: 'number',
      exclusiveMinimum: 0,
      maximum: 1,
      description:
        'spread the results over sessions: each further hit from a session already in the results has its score multiplied by this, once per earlier hit ' +
        '(1 keeps the ranking; default memory.sessionDiversity). Lower values favour covering more conversations over more turns of one',
    },
    minPosition: { ...position, description: 'read-your-writes: wait until the read side has applied this position' },
  },
};

export const hitSchema: JsonSchema = {
  type: 'object',
  properties: {
    id: str,
    kind: { type: 'string', enum: ['memory', 'message', 'episode'] },
    tier: { type: 'string', enum: [...TIERS] },
    type: nullable({ type: 'string', enum: [...MEMORY_TYPES] }),
    key: nullable(str),
    content: str,
    score: { type: 'number' },
    source: nullable(str),
    importance: { type: 'number' },
    effectiveImportance: { type: 'number' },
    metadata: freeObject,
    sourceMessageIds: { type: 'array', items: str },
    sessionId: nullable(str),
    createdAt: str,
    tags: { type: 'array', items: str },
    pinned: { type: 'boolean' },
    supersededBy: nullable(str),
  },
};

export const queryResponse: JsonSchema = {
  type: 'object',
  required: ['results'],
  properties: { results: { type: 'array', items: hitSchema } },
};

export const contextBody: JsonSchema = {
  type: 'object',
  required: ['userId', 'query'],
  additionalProperties: false,
  properties: {
    ...userFields,
    sessionId: idString('current session (its conversation is rendered)'),
    query: { type: 'string', minLength: 1, maxLength: MAX_QUERY_CHARS },
    budgetChars: { type: 'integer', minimum: 200, maximum: 200000 },
    entities: { ...(queryBody.properties as Record<string, JsonSchema>).entities!, description: 'known facts and history only about these entities (as in POST /v1/query); the core snapshot is always rendered' },
    minPosition: position,
  },
};

export const contextResponse: JsonSchema = {
  type: 'object',
  required: ['context', 'sections'],
  properties: { context: str, sections: { type: 'object', additionalProperties: { type: 'number' } } },
};

export const memorySchema: JsonSchema = {
  type: 'object',
  properties: {
    id: str,
    tenantId: str,
    userId: str,
    agentId: nullable(str),
    type: { type: 'string', enum: [...MEMORY_TYPES] },
    tier: { type: 'string', enum: [...TIERS] },
    kind: str,
    key: nullable(str),
    content: str,
    tags: { type: 'array', items: str },
    sessionId: nullable(str),
    createdAt: str,
    updatedAt: str,
    importance: { type: 'number' },
    effectiveImportance: { type: 'number' },
    accessCount: { type: 'integer' },
    lastAccessed: nullable(str),
    episodeId: nullable(str),
    version: { type: 'integer' },
    supersededBy: nullable(str),
    source: { type: 'string', enum: [...PROVENANCE_SOURCES] },
    pinned: { type: 'boolean' },
    scope: nullable(str),
    confidence: { type: 'number' },
    metadata: freeObject,
    sourceMessageIds: { type: 'array', items: str },
    validFrom: nullable(str),
  },
};

export const historyResponse: JsonSchema = {
  type: 'object',
  required: ['history'],
  properties: {
    history: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          eventId: str,
          memoryId: str,
          action: str,
          key: nullable(str),
          version: nullable({ type: 'integer' }),
          content: nullable(str),
          source: nullable(str),
          relatedId: nullable(str),
          reason: nullable(str),
          at: str,
        },
      },
    },
  },
};

export const contradictionsResponse: JsonSchema = {
  type: 'object',
  required: ['contradictions'],
  properties: {
    contradictions: {
      type: 'array',
      items: {
        type: 'object',
        properties: {
          id: str,
          entryAId: str,
          entryBId: str,
          description: str,
          confidence: { type: 'number' },
          candidate: nullable(freeObject),
          resolution: nullable(str),
          resolvedBy: nullable(str),
          detectedAt: str,
          resolvedAt: nullable(str),
        },
      },
    },
  },
};

export const resolveBody: JsonSchema = {
  type: 'object',
  required: ['userId', 'winner'],
  additionalProperties: false,
  properties: { ...userFields, winner: { type: 'string', enum: ['a', 'b'] } },
};

export const resolveResponse: JsonSchema = {
  type: 'object',
  required: ['eventId', 'position', 'resolution', 'winnerMemoryId'],
  properties: {
    eventId: str,
    position,
    resolution: { type: 'string', enum: ['a_wins', 'b_wins'] },
    winnerMemoryId: str,
  },
};

export const consolidateBody: JsonSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { ...userFields, sessionId: idString('only this session; omitted = every open session of the user') },
};

export const consolidateResponse: JsonSchema = {
  type: 'object',
  required: ['sessions', 'eventIds', 'position'],
  properties: { sessions: { type: 'array', items: str }, eventIds: { type: 'array', items: str }, position: nullable(position) },
};

export const forgetUserQuery: JsonSchema = {
  type: 'object',
  additionalProperties: false,
  properties: { agentId: idString('agent making the request (audited)'), reason: { type: 'string', minLength: 1, maxLength: 512 } },
};

export const forgetMemoryQuery: JsonSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { ...(userQuery.properties as object), reason: { type: 'string', minLength: 1, maxLength: 512 } },
};

export const workingMemoryQuery: JsonSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { ...(userQuery.properties as object), budgetChars: { type: 'string', pattern: '^[0-9]{1,6}$' } },
};

export const contradictionsQuery: JsonSchema = {
  type: 'object',
  required: ['userId'],
  additionalProperties: false,
  properties: { ...(userQuery.properties as object), status: { type: 'string', enum: ['open', 'all'], default: 'open' } },
};

export const healthResponse: JsonSchema = {
  type: 'object',
  properties: { status: str, version: str, log: { type: 'boolean' }, db: { type: 'boolean' } },
};
