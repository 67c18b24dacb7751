import type { MemoryApp } from '@engram/app';
import type { Logger } from '@engram/core';
import type { FastifyInstance } from 'fastify';
import { requestCaller } from './request-caller';

export const MCP_PATH = '/mcp';

export interface McpRouteOptions {
  app: MemoryApp;
  version: string;
  logger: Logger;
  /** delete_all_memories is offered only when true (ENGRAM_MCP_DELETE_ALL). */
  allowDeleteAll: boolean;
}

/**
 * MCP over Streamable HTTP at /mcp on the API port, behind the same key check as every route.
 * Stateless: POST carries the JSON-RPC messages; there is no server-initiated stream (GET) and no
 * session to delete (DELETE), so both answer 405 as the transport specification allows.
 */
export function registerMcpRoute(server: FastifyInstance, opts: McpRouteOptions): void {
  // The MCP SDK (and its zod schemas) loads on the first MCP request: a third of the HTTP layer's
  // start-up for a route many deployments never call.
  let mcp: Promise<typeof import('@engram/api-mcp')> | null = null;
  server.post(MCP_PATH, async (req, reply) => {
    const caller = requestCaller(req);
    reply.hijack();
    try {
      const { handleMcpHttp } = await (mcp ??= import('@engram/api-mcp'));
      await handleMcpHttp(req.raw, reply.raw, req.body, {
        app: opts.app,
        caller,
        version: opts.version,
        allowDeleteAll: opts.allowDeleteAll,
      });
    } catch (err) {
      opts.logger.error({ err }, 'MCP request failed');
      if (!reply.raw.headersSent) reply.raw.writeHead(500, { 'content-type': 'application/json' });
      reply.raw.end(JSON.stringify({ jsonrpc: '2.0', error: { code: -32603, message: 'internal error' }, id: null }));
    }
  });
  for (const method of ['GET', 'DELETE'] as const) {
    server.route({
      method,
      url: MCP_PATH,
      handler: async (_req, reply) =>
        reply
          .code(405)
          .header('allow', 'POST')
          .send({
            jsonrpc: '2.0',
            error: {
              code: -32000,
              message: `${method} ${MCP_PATH} is not supported: this server is stateless, send POST`,
            },
            id: null,
          }),
    });
  }
}
