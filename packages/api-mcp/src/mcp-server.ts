import { createMem0Memories, type Mem0Caller, type MemoryApp } from '@engram/app';
import { EngramError, toEngramError } from '@engram/core';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
  type CallToolResult,
} from '@modelcontextprotocol/sdk/types.js';
import { TOOLS, argsOf, type EngramTool } from './tools';

export const MCP_SERVER_NAME = 'engram';
export const MEMORY_URI_PREFIX = 'engram://memories/';

export interface McpServerOptions {
  app: MemoryApp;
  /** Who the tools act for: the authenticated key (HTTP) or the operator (stdio on a data dir). */
  caller: Mem0Caller;
  version: string;
  /** delete_all_memories is neither listed nor callable unless true (ENGRAM_MCP_DELETE_ALL). */
  allowDeleteAll: boolean;
}

/** JSON Schema as MCP publishes it: the TypeBox schema's plain JSON (its refinements are checked server-side). */
const jsonSchema = (s: unknown) => JSON.parse(JSON.stringify(s)) as { type: 'object'; [k: string]: unknown };

function failure(e: unknown): CallToolResult {
  const err = toEngramError(e);
  const reason = typeof err.details?.reason === 'string' ? `/${err.details.reason}` : '';
  return {
    isError: true,
    content: [{ type: 'text', text: `${err.code}${reason}: ${err.message}` }],
    _meta: { engramError: err.toJSON() },
  };
}

/**
 * The MCP server of one caller. It is built on the SDK's protocol-level Server rather than McpServer
 * because the tool shapes come from @engram/contract (TypeBox → JSON Schema, the one validation
 * source), not from zod.
 */
export function createEngramMcpServer(opts: McpServerOptions): Server {
  const mem0 = createMem0Memories(opts.app);
  const deps = { app: opts.app, mem0 };
  const tools = TOOLS.filter((t) => !t.needsDeleteAll || opts.allowDeleteAll);
  const server = new Server(
    { name: MCP_SERVER_NAME, version: opts.version },
    {
      capabilities: { tools: {}, resources: {} },
      instructions:
        'Engram is the long-term memory of this user. search_memories (or get_context) before answering about the user; ' +
        'add_memory for what is worth remembering; end_session when a conversation is over so Engram consolidates it.',
    },
  );

  server.setRequestHandler(ListToolsRequestSchema, async () => ({
    tools: tools.map((t: EngramTool) => ({
      name: t.name,
      title: t.annotations.title,
      description: t.description,
      inputSchema: jsonSchema(t.input),
      outputSchema: jsonSchema(t.output),
      annotations: t.annotations,
    })),
  }));

  server.setRequestHandler(CallToolRequestSchema, async (req): Promise<CallToolResult> => {
    const t = tools.find((x) => x.name === req.params.name);
    if (!t) {
      const disabled =
        req.params.name === 'delete_all_memories' ? ' (disabled: set ENGRAM_MCP_DELETE_ALL=true to allow it)' : '';
      return failure(new EngramError('NOT_FOUND', `no tool ${req.params.name}${disabled}`));
    }
    try {
      const result = await t.run(deps, opts.caller, argsOf(t, req.params.arguments));
      return { content: [{ type: 'text', text: JSON.stringify(result) }], structuredContent: result };
    } catch (e) {
      return failure(e);
    }
  });

  server.setRequestHandler(ListResourceTemplatesRequestSchema, async () => ({
    resourceTemplates: [
      {
        uriTemplate: `${MEMORY_URI_PREFIX}{id}`,
        name: 'memory',
        title: 'An Engram memory',
        description: 'One memory (its current version) as JSON',
        mimeType: 'application/json',
      },
    ],
  }));

  // The memories of the key's own user (a tenant-wide key names users per call, so it lists none).
  server.setRequestHandler(ListResourcesRequestSchema, async () => {
    if (!opts.caller.principal.userId) return { resources: [] };
    const page = await mem0.list(opts.caller, { entities: {}, page: 1, pageSize: 100 });
    return {
      resources: page.results.map((m) => ({
        uri: `${MEMORY_URI_PREFIX}${m.id}`,
        name: m.memory.slice(0, 80),
        mimeType: 'application/json',
      })),
    };
  });

  server.setRequestHandler(ReadResourceRequestSchema, async (req) => {
    const { uri } = req.params;
    if (!uri.startsWith(MEMORY_URI_PREFIX)) throw new EngramError('NOT_FOUND', `no resource ${uri}`);
    const m = await mem0.get(opts.caller, uri.slice(MEMORY_URI_PREFIX.length));
    return { contents: [{ uri, mimeType: 'application/json', text: JSON.stringify(m) }] };
  });

  return server;
}
