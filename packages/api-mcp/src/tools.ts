import type { Mem0Caller, Mem0Memories, MemoryApp } from '@engram/app';
import { mem0Entities, mem0Scope } from '@engram/app';
import {
  McpAddMemory,
  McpDeleteAll,
  McpEndSession,
  McpGetContext,
  McpGetMemories,
  McpMemoryId,
  McpSearchMemories,
  McpUpdateMemory,
  check,
  type Static,
  type TSchema,
} from '@engram/contract';
import { EngramError } from '@engram/core';
import {
  AddOut,
  ContextOut,
  DeleteOut,
  EndSessionOut,
  HistoryOut,
  ListOut,
  Mem0MemoryOut,
  SearchOut,
} from './output-schemas';

export interface ToolDeps {
  app: MemoryApp;
  mem0: Mem0Memories;
}

export interface ToolAnnotations {
  title: string;
  readOnlyHint: boolean;
  destructiveHint: boolean;
  idempotentHint: boolean;
  openWorldHint: false;
}

export interface EngramTool<S extends TSchema = TSchema> {
  name: string;
  description: string;
  input: S;
  output: TSchema;
  annotations: ToolAnnotations;
  /** delete_all_memories: listed and callable only when the server is configured to allow it. */
  needsDeleteAll?: true;
  run(deps: ToolDeps, c: Mem0Caller, args: Static<S>): Promise<Record<string, unknown>>;
}

const readOnly = (title: string): ToolAnnotations => ({
  title,
  readOnlyHint: true,
  destructiveHint: false,
  idempotentHint: true,
  openWorldHint: false,
});
const writes = (title: string, idempotent = false): ToolAnnotations => ({
  title,
  readOnlyHint: false,
  destructiveHint: false,
  idempotentHint: idempotent,
  openWorldHint: false,
});
const destroys = (title: string): ToolAnnotations => ({
  title,
  readOnlyHint: false,
  destructiveHint: true,
  idempotentHint: true,
  openWorldHint: false,
});

function tool<S extends TSchema>(t: EngramTool<S>): EngramTool {
  return t as unknown as EngramTool;
}

/** The tools, named as Mem0's hosted MCP server names them, plus Engram's get_context, memory_history and end_session. */
export const TOOLS: readonly EngramTool[] = [
  tool({
    name: 'add_memory',
    description:
      'Remember something about the user: `text` (stored as given unless infer is true) or conversation `messages` (Engram extracts facts from them unless infer is false). ' +
      'user_id defaults to the user the key is bound to.',
    input: McpAddMemory,
    output: AddOut,
    annotations: writes('Add memory'),
    async run({ mem0 }, c, a) {
      if ((a.text === undefined) === (a.messages === undefined)) {
        throw new EngramError('VALIDATION_FAILED', 'text or messages: give exactly one of them', {
          details: { field: 'text' },
        });
      }
      const messages = a.messages ?? [{ role: 'user' as const, content: a.text! }];
      const { user_id, agent_id, run_id, app_id } = a;
      return {
        ...(await mem0.add(c, {
          entities: { user_id, agent_id, run_id, app_id },
          messages,
          infer: a.infer ?? a.messages !== undefined,
          ...(a.metadata ? { metadata: a.metadata } : {}),
        })),
      };
    },
  }),
  tool({
    name: 'search_memories',
    description:
      'Search the user’s memories by meaning and keywords (hybrid retrieval); newest versions only, best first, each with its score.',
    input: McpSearchMemories,
    output: SearchOut,
    annotations: readOnly('Search memories'),
    async run({ mem0 }, c, a) {
      const { user_id, agent_id, run_id, app_id, filters } = a;
      const entities = mem0Entities(stripUndefined({ user_id, agent_id, run_id, app_id }), filters);
      const results = await mem0.search(c, {
        entities,
        query: a.query,
        topK: a.limit ?? 10,
        ...(a.threshold !== undefined ? { threshold: a.threshold } : {}),
      });
      return { results };
    },
  }),
  tool({
    name: 'get_memories',
    description: 'List the user’s memories (current versions), newest first, page by page.',
    input: McpGetMemories,
    output: ListOut,
    annotations: readOnly('List memories'),
    async run({ mem0 }, c, a) {
      const { user_id, agent_id, run_id, app_id, filters } = a;
      const entities = mem0Entities(stripUndefined({ user_id, agent_id, run_id, app_id }), filters);
      const page = a.page ?? 1;
      const pageSize = a.page_size ?? 50;
      const r = await mem0.list(c, { entities, page, pageSize });
      return { count: r.count, page, page_size: pageSize, results: r.results };
    },
  }),
  tool({
    name: 'get_memory',
    description: 'One memory by id (an older id answers with its current version).',
    input: McpMemoryId,
    output: Mem0MemoryOut,
    annotations: readOnly('Get memory'),
    async run({ mem0 }, c, a) {
      return { ...(await mem0.get(c, a.memory_id)) };
    },
  }),
  tool({
    name: 'update_memory',
    description:
      'Replace the text (and optionally the metadata) of a memory: a new version supersedes the old one, which stays in its history.',
    input: McpUpdateMemory,
    output: Mem0MemoryOut,
    annotations: writes('Update memory'),
    async run({ mem0 }, c, a) {
      return {
        ...(await mem0.update(c, a.memory_id, { text: a.text, ...(a.metadata ? { metadata: a.metadata } : {}) })),
      };
    },
  }),
  tool({
    name: 'delete_memory',
    description: 'Forget one memory (and its later versions) everywhere Engram keeps it.',
    input: McpMemoryId,
    output: DeleteOut,
    annotations: destroys('Delete memory'),
    async run({ mem0 }, c, a) {
      return { message: (await mem0.delete(c, a.memory_id)).message };
    },
  }),
  tool({
    name: 'delete_all_memories',
    description:
      'Forget EVERYTHING Engram keeps about a user (with agent_id: every memory that agent of the user wrote). Irreversible.',
    input: McpDeleteAll,
    output: DeleteOut,
    annotations: destroys('Delete all memories'),
    needsDeleteAll: true,
    async run({ mem0 }, c, a) {
      return {
        message: (await mem0.deleteAll(c, stripUndefined({ user_id: a.user_id, agent_id: a.agent_id }))).message,
      };
    },
  }),
  tool({
    name: 'get_context',
    description:
      'Prompt context for the current turn under a character budget: the user’s core profile, known facts and history relevant to the query, and the session’s conversation.',
    input: McpGetContext,
    output: ContextOut,
    annotations: readOnly('Get context'),
    async run({ app }, c, a) {
      const scope = mem0Scope(c, stripUndefined({ user_id: a.user_id, agent_id: a.agent_id }));
      const r = await app.context({
        scope,
        principal: c.principal,
        query: a.query,
        ...(a.session_id ? { sessionId: a.session_id } : {}),
        ...(a.budget_chars ? { budgetChars: a.budget_chars } : {}),
      });
      return { context: r.context, sections: r.sections };
    },
  }),
  tool({
    name: 'memory_history',
    description: 'How a memory came to be: when it was added, which versions superseded it, whether it was deleted.',
    input: McpMemoryId,
    output: HistoryOut,
    annotations: readOnly('Memory history'),
    async run({ mem0 }, c, a) {
      return { history: await mem0.history(c, a.memory_id) };
    },
  }),
  tool({
    name: 'end_session',
    description:
      'End a conversation session: Engram consolidates it (episode summary, facts, contradictions) in the background.',
    input: McpEndSession,
    output: EndSessionOut,
    annotations: writes('End session', true),
    async run({ app }, c, a) {
      const scope = mem0Scope(c, stripUndefined({ user_id: a.user_id, agent_id: a.agent_id }));
      const r = await app.endSession({
        scope,
        principal: c.principal,
        correlationId: c.correlationId,
        sessionId: a.session_id,
      });
      return { event_id: r.eventId, position: r.position };
    },
  }),
];

function stripUndefined<T extends Record<string, unknown>>(o: T): { [K in keyof T]?: Exclude<T[K], undefined> } {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as {
    [K in keyof T]?: Exclude<T[K], undefined>;
  };
}

/** The arguments of a call, checked against the tool's input schema (the contract's compiled check). */
export function argsOf(t: EngramTool, args: unknown): Static<TSchema> {
  return check(t.input, args ?? {}, 'arguments');
}
