import Type from 'typebox';
import { ROLES } from '@engram/core';
import { content, enumOf, id, jsonObject, line, text, uuid } from './fields';
import { MAX_K, MAX_QUERY_CHARS } from './limits';

/**
 * Request shapes of the Mem0-compatible REST subset (/mem0) and the MCP tools: Mem0's field names
 * (snake_case), Engram's field rules. Fields Mem0's clients send that Engram has no use for
 * (output_format, version, async_mode, custom_categories, ...) are accepted and ignored; a filter
 * Engram cannot apply is refused.
 */

export const MAX_MEM0_MESSAGES = 100;

const entity = {
  user_id: Type.Optional(id('user (Engram user id; default: the user the key is bound to)')),
  agent_id: Type.Optional(id('agent')),
  run_id: Type.Optional(id('run: the Engram session')),
  app_id: Type.Optional(line({ minLength: 1, maxLength: 256, description: 'app: the soft scope tag' })),
};

export const Mem0EntityFields = Type.Object(entity, { additionalProperties: false });

export const Mem0Message = Type.Object({ role: enumOf(ROLES), content: content() });

/** YYYY-MM-DD or an ISO date-time. */
const dateish = Type.String({
  pattern: '^\\d{4}-\\d{2}-\\d{2}([T ][0-9:.]+(Z|[+-]\\d{2}:?\\d{2})?)?$',
  description: 'date (YYYY-MM-DD) or ISO date-time',
});

export const Mem0AddBody = Type.Object({
  messages: Type.Array(Mem0Message, { minItems: 1, maxItems: MAX_MEM0_MESSAGES }),
  ...entity,
  metadata: Type.Optional(jsonObject()),
  infer: Type.Optional(
    Type.Boolean({
      default: true,
      description: 'false: store each message as given; true: Engram consolidation extracts facts',
    }),
  ),
  expiration_date: Type.Optional(Type.Union([dateish, Type.Null()])),
});

/** Entity filters: flat, or under AND (each condition one entity). OR and metadata filters are not supported. */
export const Mem0Filters = Type.Object(
  { ...entity, AND: Type.Optional(Type.Array(Mem0EntityFields, { maxItems: 4 })) },
  { additionalProperties: false },
);

export const Mem0SearchBody = Type.Object({
  query: text({ minLength: 1, maxLength: MAX_QUERY_CHARS }),
  filters: Type.Optional(Mem0Filters),
  ...entity,
  top_k: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_K })),
  threshold: Type.Optional(Type.Number({ minimum: 0, description: 'least score of a result (Engram’s fused score)' })),
});

export const Mem0ListBody = Type.Object({ filters: Type.Optional(Mem0Filters), ...entity });

export const Mem0PageQuery = Type.Object({
  page: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,5}$' })),
  page_size: Type.Optional(Type.String({ pattern: '^[1-9][0-9]{0,2}$' })),
});

export const Mem0UpdateBody = Type.Object({
  text: Type.Optional(content()),
  metadata: Type.Optional(jsonObject()),
});

export const Mem0MemoryParams = Type.Object({ id: uuid('memory id') });
export const Mem0EventParams = Type.Object({
  id: line({ minLength: 1, maxLength: 16384, description: 'event id from an add' }),
});
export const Mem0EntityParams = Type.Object({
  type: enumOf(['user', 'agent', 'app', 'run'] as const),
  name: id('entity id'),
});
export const Mem0EntityQuery = Type.Object(entity);
