import type { IncomingMessage, ServerResponse } from 'node:http';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import { createEngramMcpServer, type McpServerOptions } from './mcp-server';

/**
 * One Streamable HTTP request to /mcp, stateless: the caller was authenticated by the HTTP server
 * (the same keys as the REST API) and each request gets its own MCP server acting for that key,
 * so no session state is kept between requests and any instance can answer.
 */
export async function handleMcpHttp(
  req: IncomingMessage,
  res: ServerResponse,
  body: unknown,
  opts: McpServerOptions,
): Promise<void> {
  const server = createEngramMcpServer(opts);
  const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
  res.on('close', () => {
    void transport.close();
    void server.close();
  });
  await server.connect(transport);
  await transport.handleRequest(req, res, body);
}
