import Type, { type TSchema } from 'typebox';
import { EVENT_TYPES, MEMORY_TYPES, PROVENANCE_SOURCES, ROLES, TIERS } from '@engram/core';
import { content, enumOf, id, jsonObject, line, position, text, timestamp, unit, uuid } from './fields';
import {
  MAX_CORRELATION_CHARS,
  MAX_ENTITIES,
  MAX_ENTITY_CHARS,
  MAX_K,
  MAX_KEY_CHARS,
  MAX_MESSAGE_ID_CHARS,
  MAX_QUERY_CHARS,
  MAX_REASON_CHARS,
  MAX_TAGS,
  MAX_TAG_CHARS,
} from './limits';

/**
 * Every request shape of the API, once. HTTP validates with these (fastify's type provider types the
 * handlers from them, and the OpenAPI document is generated from them); gRPC maps each message onto
 * the same shape and runs the same compiled check.
 */

const userId = id('user (hard isolation boundary)');
const agentOnWrite = id('agent; omitted = no agent on writes, every agent on reads');
const tags = Type.Array(line({ minLength: 1, maxLength: MAX_TAG_CHARS }), { maxItems: MAX_TAGS });
const scopeTag = (description: string) => line({ minLength: 1, maxLength: MAX_KEY_CHARS, description });
const reason = line({ minLength: 1, maxLength: MAX_REASON_CHARS });
const entities = (description: string) =>
  Type.Array(line({ minLength: 1, maxLength: MAX_ENTITY_CHARS }), { maxItems: MAX_ENTITIES, description });
const ENTITIES_DESCRIPTION =
  'only documents that concern at least one of these entities, given as a name ("Acme Corp", "北京") or an entity-id slug ("acme_corp"): ' +
  'an episode listing it in its entity ids, a memory naming it in its key, tags or metadata, or any document whose text mentions it (case-folded tokens)';

export const TenantHeaders = Type.Object({
  'x-tenant-id': Type.Optional(
    id(
      'tenant (hard isolation boundary). With auth on the tenant is the key’s: the header may repeat it, another tenant is 403; with auth off it defaults to "default"',
    ),
  ),
  'x-correlation-id': Type.Optional(
    line({ minLength: 1, maxLength: MAX_CORRELATION_CHARS, description: 'copied into the appended events' }),
  ),
});

export const SessionParams = Type.Object({ sessionId: id('session id') });
export const MemoryParams = Type.Object({ id: uuid('memory id') });
export const ContradictionParams = Type.Object({ id: uuid('contradiction id') });
export const KeyParams = Type.Object({ key: line({ minLength: 1, maxLength: MAX_KEY_CHARS }) });
export const UserParams = Type.Object({ userId: id('user whose memory is erased') });
export const EventParams = Type.Object({ eventId: uuid('event id from a 202 answer') });
export const ErasureParams = Type.Object({ id: uuid('erasureId from the 202 answer of a forget') });
export const ErasureQuery = Type.Object(
  { minPosition: Type.Optional(position("wait until the read side has applied this position (e.g. the forget's)")) },
  { additionalProperties: false },
);

export const UserQuery = Type.Object(
  {
    userId,
    agentId: Type.Optional(id('agent; omitted = every agent of the user')),
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const ObserveBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    role: enumOf(ROLES),
    content: content(),
    messageId: Type.Optional(line({ minLength: 1, maxLength: MAX_MESSAGE_ID_CHARS })),
    at: Type.Optional(timestamp('when the message was said (default now)')),
    metadata: Type.Optional(jsonObject()),
  },
  { additionalProperties: false },
);

export const WriteBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    type: enumOf(MEMORY_TYPES),
    key: Type.Optional(line({ minLength: 1, maxLength: MAX_KEY_CHARS })),
    content: content(),
    tags: Type.Optional(tags),
    importance: Type.Optional(unit('base importance (M1)', 0.5)),
    pinned: Type.Optional(Type.Boolean()),
    source: Type.Optional(
      enumOf(PROVENANCE_SOURCES, {
        description:
          'provenance (P1). Claiming user_stated needs the write:user_stated scope (else 403 PROVENANCE_NOT_ALLOWED). ' +
          'Omitted: user_stated when the key holds write:user_stated (or auth is off), else model_inferred',
      }),
    ),
    sessionId: Type.Optional(id('session the memory came from; required for tier WORKING')),
    metadata: Type.Optional(jsonObject()),
    tier: Type.Optional(enumOf(['SEMANTIC', 'WORKING'] as const, { default: 'SEMANTIC' })),
    validFrom: Type.Optional(timestamp('when the fact became true (valid time; default: the write time)')),
    validTo: Type.Optional(
      timestamp(
        'when the fact stopped being true (valid time); a value already over is kept as history and replaces nothing',
      ),
    ),
    scope: Type.Optional(scopeTag('soft scope tag (e.g. a project); queries can filter on it')),
  },
  { additionalProperties: false },
);

export const UserBody = Type.Object(
  { userId, agentId: Type.Optional(agentOnWrite), minPosition: Type.Optional(position()) },
  { additionalProperties: false },
);

export const QueryBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    query: text({ minLength: 1, maxLength: MAX_QUERY_CHARS }),
    k: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_K, default: 10 })),
    tiers: Type.Optional(Type.Array(enumOf(TIERS), { maxItems: TIERS.length })),
    types: Type.Optional(Type.Array(enumOf(MEMORY_TYPES), { maxItems: MEMORY_TYPES.length })),
    tags: Type.Optional(tags),
    from: Type.Optional(timestamp('only documents at or after this time')),
    to: Type.Optional(timestamp('only documents at or before this time')),
    sessionId: Type.Optional(id('only this session’s documents')),
    scope: Type.Optional(scopeTag('only entries with this soft scope tag')),
    entities: Type.Optional(entities(ENTITIES_DESCRIPTION)),
    sessionDiversity: Type.Optional(
      Type.Number({
        exclusiveMinimum: 0,
        maximum: 1,
        description:
          'spread the results over sessions: each further hit from a session already in the results has its score multiplied by this, once per earlier hit ' +
          '(1 keeps the ranking; default memory.sessionDiversity). Lower values favour covering more conversations over more turns of one',
      }),
    ),
    asOf: Type.Optional(
      timestamp(
        'B3 as-of read: what was true at this time, as known now. Facts count if their valid time covers it (superseded ones included), ' +
          'messages and episodes if they were said by then',
      ),
    ),
    minPosition: Type.Optional(position('read-your-writes: wait until the read side has applied this position')),
    explain: Type.Optional(
      Type.Boolean({
        description:
          'attach to each hit how it got its score: keyword, window and vector lists, fusion, rerank, forgetting curve, intent, session diversity',
      }),
    ),
    reinforce: Type.Optional(
      Type.Boolean({
        description:
          'false: this query does not count as an access of the memories it returns (no MemoryAccessed; their forgetting curve is not refreshed). Default true',
      }),
    ),
  },
  { additionalProperties: false },
);

export const ContextBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    sessionId: Type.Optional(id('current session (its conversation is rendered)')),
    query: text({ minLength: 1, maxLength: MAX_QUERY_CHARS }),
    budgetChars: Type.Optional(Type.Integer({ minimum: 200, maximum: 200_000 })),
    entities: Type.Optional(
      entities(
        'known facts and history only about these entities (as in POST /v1/query); the core snapshot is always rendered',
      ),
    ),
    asOf: Type.Optional(
      timestamp(
        'B3: render what was true at this time, as known now (profile and facts valid then, history said by then)',
      ),
    ),
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const QuarantineParams = Type.Object({ id: id('quarantine id') });

export const QuarantineQuery = Type.Object(
  {
    userId: Type.Optional(id('only this user’s held writes')),
    status: Type.Optional(enumOf(['pending', 'released', 'discarded'] as const)),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 1000 })),
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const QuarantineDecisionBody = Type.Object(
  {
    note: Type.Optional(
      line({ maxLength: 1000, description: 'the operator’s reason, recorded on QuarantineResolved' }),
    ),
    resolvedBy: Type.Optional(
      line({ minLength: 1, maxLength: 256, description: 'who decided (recorded on QuarantineResolved)' }),
    ),
    minPosition: Type.Optional(position('wait for the read side to reach this position (e.g. the held write’s) first')),
  },
  { additionalProperties: false },
);

export const ResolveBody = Type.Object(
  { userId, agentId: Type.Optional(agentOnWrite), winner: enumOf(['a', 'b'] as const) },
  { additionalProperties: false },
);

export const ConsolidateBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    sessionId: Type.Optional(id('only this session; omitted = every open session of the user')),
  },
  { additionalProperties: false },
);

export const ForgetUserQuery = Type.Object(
  { agentId: Type.Optional(id('agent making the request (audited)')), reason: Type.Optional(reason) },
  { additionalProperties: false },
);

export const ForgetMemoryQuery = Type.Object(
  { ...UserQuery.properties, reason: Type.Optional(reason) },
  { additionalProperties: false },
);

/** A key's erasure names the user; it follows every write to the key in log order, so it needs no minPosition. */
export const ForgetKeyQuery = Type.Object(
  { userId: UserQuery.properties.userId, agentId: ForgetUserQuery.properties.agentId, reason: Type.Optional(reason) },
  { additionalProperties: false },
);

/** gRPC Forget: one call for a memory, a key or the whole user. */
export const ForgetRequest = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    target: enumOf(['memory', 'key', 'user'] as const),
    memoryId: Type.Optional(uuid('the memory (target memory)')),
    key: Type.Optional(line({ minLength: 1, maxLength: MAX_KEY_CHARS, description: 'the key (target key)' })),
    reason: Type.Optional(reason),
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const WorkingMemoryQuery = Type.Object(
  {
    ...UserQuery.properties,
    budgetChars: Type.Optional(Type.String({ pattern: '^[0-9]{1,6}$', description: 'characters, 200–100000' })),
  },
  { additionalProperties: false },
);

export const ContradictionsQuery = Type.Object(
  { ...UserQuery.properties, status: Type.Optional(enumOf(['open', 'all'] as const, { default: 'open' })) },
  { additionalProperties: false },
);

export const EventStatusQuery = Type.Object(
  { userId, agentId: Type.Optional(id('agent; omitted = every agent of the user')) },
  { additionalProperties: false },
);

const projectionName = line({
  minLength: 1,
  maxLength: 64,
  description: 'projection: working, episodic, semantic, archival, search-index or consolidator',
});

export const DeadLettersQuery = Type.Object(
  {
    projection: Type.Optional(projectionName),
    tenantId: Type.Optional(id('only this tenant')),
    userId: Type.Optional(id('only this user')),
    status: Type.Optional(enumOf(['dead', 'retry_requested'] as const)),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: 'page size, 1–1000 (default 100)' })),
    after: Type.Optional(uuid('the last id of the previous page')),
  },
  { additionalProperties: false },
);

export const DeadLetterRetryBody = Type.Object(
  {
    id: Type.Optional(uuid('one dead letter')),
    projection: Type.Optional(projectionName),
    tenantId: Type.Optional(id('only this tenant')),
    userId: Type.Optional(id('only this user')),
  },
  { additionalProperties: false, description: 'which dead letters to retry; {} retries all of them' },
);

// Listing and changing a user's memories (GET /v1/users/{userId}/memories, PATCH /v1/memories/{id}).

export const UserPathParams = Type.Object({ userId: id('user') });

/** A query parameter given once or repeated (?tier=SEMANTIC&tier=ARCHIVAL). */
const oneOrMany = <T extends TSchema>(item: T, maxItems: number, description: string) =>
  Type.Union([item, Type.Array(item, { minItems: 1, maxItems })], { description });

export const ListMemoriesQuery = Type.Object(
  {
    agentId: Type.Optional(id('agent; omitted = every agent of the user')),
    tier: Type.Optional(
      oneOrMany(enumOf(TIERS), TIERS.length, 'only these tiers (repeat for several); omitted = every tier'),
    ),
    type: Type.Optional(oneOrMany(enumOf(MEMORY_TYPES), MEMORY_TYPES.length, 'only these types (repeat for several)')),
    tag: Type.Optional(
      oneOrMany(
        line({ minLength: 1, maxLength: MAX_TAG_CHARS }),
        MAX_TAGS,
        'only entries carrying every one of these tags (repeat for several)',
      ),
    ),
    keyPrefix: Type.Optional(
      line({ minLength: 1, maxLength: MAX_KEY_CHARS, description: 'only entries whose key starts with this' }),
    ),
    updatedSince: Type.Optional(
      timestamp('only entries changed (written, superseded, pinned, archived…) at or after this time'),
    ),
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,3}$', description: 'page size, 1–500 (default 50)' })),
    cursor: Type.Optional(
      Type.String({
        pattern: '^[A-Za-z0-9_-]{1,1024}$',
        description: 'nextCursor of the previous page (with the same filters and order)',
      }),
    ),
    order: Type.Optional(
      enumOf(['desc', 'asc'] as const, {
        description: 'desc: newest first (default); asc: oldest first',
        default: 'desc',
      }),
    ),
    minPosition: Type.Optional(position()),
  },
  { additionalProperties: false },
);

export const PatchBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(id('agent; omitted = every agent of the user')),
    content: Type.Optional(content()),
    tags: Type.Optional(tags),
    importance: Type.Optional(unit('base importance (M1)')),
    pinned: Type.Optional(Type.Boolean()),
    metadata: Type.Optional(jsonObject('replaces the metadata')),
    minPosition: Type.Optional(position('wait until the read side has applied this position (e.g. the write’s) first')),
  },
  {
    additionalProperties: false,
    description: 'what changes: at least one of content, tags, importance, pinned, metadata',
  },
);

// Batch writes, the users of a tenant, stats.

const { userId: _batchUser, agentId: _batchAgent, ...writeItemFields } = WriteBody.properties;
/** One item of a batch write: a write body without the user and agent (the batch names them once). */
export const WriteItem = Type.Object(writeItemFields, { additionalProperties: false });

export const MAX_BATCH_ITEMS = 100;

export const WriteBatchBody = Type.Object(
  {
    userId,
    agentId: Type.Optional(agentOnWrite),
    items: Type.Array(WriteItem, {
      minItems: 1,
      maxItems: MAX_BATCH_ITEMS,
      description: 'the writes, each as POST /v1/memories takes it (without userId / agentId)',
    }),
  },
  { additionalProperties: false },
);

export const UsersQuery = Type.Object(
  {
    limit: Type.Optional(Type.String({ pattern: '^[0-9]{1,4}$', description: 'page size, 1–1000 (default 100)' })),
    cursor: Type.Optional(
      Type.String({ pattern: '^[A-Za-z0-9_-]{1,1024}$', description: 'nextCursor of the previous page' }),
    ),
  },
  { additionalProperties: false },
);

export const StatsQuery = Type.Object(
  { userId: Type.Optional(id('only this user’s counts')) },
  { additionalProperties: false },
);

const EVENT_TYPE_LIST = `^(?:${EVENT_TYPES.join('|')})(?:,(?:${EVENT_TYPES.join('|')}))*$`;

/** GET /v1/events/stream (B1). */
export const EventStreamQuery = Type.Object(
  {
    userId: Type.Optional(
      id('only this user’s events; omitted = every user of the tenant (a user-bound key: its user)'),
    ),
    agentId: Type.Optional(id('only this agent’s events (an agent-bound key: its agent)')),
    from: Type.Optional(
      position(
        'start at this log position (inclusive), e.g. a write’s answer; Last-Event-ID wins; neither = from now on',
      ),
    ),
    types: Type.Optional(
      Type.String({
        pattern: EVENT_TYPE_LIST,
        maxLength: 1024,
        description: 'only these event types, comma-separated',
      }),
    ),
    follow: Type.Optional(
      enumOf(['true', 'false'] as const, {
        description: 'false: end after the events already in the log (default true: then live)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const EventStreamHeaders = Type.Object({
  ...TenantHeaders.properties,
  'last-event-id': Type.Optional(
    Type.String({
      pattern: '^\\s*(?:\\d{1,10}:\\d{1,16}(?:\\s*,\\s*\\d{1,10}:\\d{1,16})*)?\\s*$',
      maxLength: 4096,
      description:
        'resume after this id (the id of the last event received: "partition:offset" per partition, comma-separated)',
    }),
  ),
});
