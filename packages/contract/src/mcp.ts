import Type from 'typebox';
import { content, id, jsonObject, text, uuid } from './fields';
import { MAX_K, MAX_QUERY_CHARS } from './limits';
import { MAX_MEM0_MESSAGES, Mem0EntityFields, Mem0Filters, Mem0Message } from './mem0';

/**
 * Input shapes of the MCP tools, named as Mem0's hosted MCP server names them (so existing agent
 * setups carry over), with Engram's field rules. The tool list publishes them as JSON Schema.
 */

const entity = Mem0EntityFields.properties;
const memoryId = uuid('memory id (from add_memory, search_memories or get_memories)');

export const McpAddMemory = Type.Object(
  {
    text: Type.Optional(content()),
    messages: Type.Optional(Type.Array(Mem0Message, { minItems: 1, maxItems: MAX_MEM0_MESSAGES })),
    ...entity,
    metadata: Type.Optional(jsonObject()),
    infer: Type.Optional(
      Type.Boolean({
        description:
          'true: Engram extracts facts from the messages (consolidation, asynchronous); false: stored as given. Default: false for text, true for messages',
      }),
    ),
  },
  { additionalProperties: false },
);

export const McpSearchMemories = Type.Object(
  {
    query: text({ minLength: 1, maxLength: MAX_QUERY_CHARS }),
    ...entity,
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_K, default: 10 })),
    threshold: Type.Optional(
      Type.Number({ minimum: 0, description: 'least score of a result (Engram’s fused score)' }),
    ),
    filters: Type.Optional(Mem0Filters),
  },
  { additionalProperties: false },
);

export const McpGetMemories = Type.Object(
  {
    ...entity,
    filters: Type.Optional(Mem0Filters),
    page: Type.Optional(Type.Integer({ minimum: 1, maximum: 100_000, default: 1 })),
    page_size: Type.Optional(Type.Integer({ minimum: 1, maximum: 100, default: 50 })),
  },
  { additionalProperties: false },
);

export const McpMemoryId = Type.Object({ memory_id: memoryId }, { additionalProperties: false });

export const McpUpdateMemory = Type.Object(
  { memory_id: memoryId, text: content(), metadata: Type.Optional(jsonObject()) },
  { additionalProperties: false },
);

export const McpDeleteAll = Type.Object(
  { user_id: entity.user_id, agent_id: entity.agent_id },
  { additionalProperties: false },
);

export const McpGetContext = Type.Object(
  {
    query: text({ minLength: 1, maxLength: MAX_QUERY_CHARS }),
    user_id: entity.user_id,
    agent_id: entity.agent_id,
    session_id: Type.Optional(id('the current session: its working memory and conversation are rendered too')),
    budget_chars: Type.Optional(Type.Integer({ minimum: 200, maximum: 100_000 })),
  },
  { additionalProperties: false },
);

export const McpEndSession = Type.Object(
  { session_id: id('session to end (consolidation runs on it)'), user_id: entity.user_id, agent_id: entity.agent_id },
  { additionalProperties: false },
);
