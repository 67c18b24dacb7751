import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { Server } from '@modelcontextprotocol/sdk/server/index.js';
import {
  CallToolRequestSchema,
  ListResourceTemplatesRequestSchema,
  ListResourcesRequestSchema,
  ListToolsRequestSchema,
  ReadResourceRequestSchema,
} from '@modelcontextprotocol/sdk/types.js';
import { MCP_SERVER_NAME } from './mcp-server';

export interface RemoteBridgeOptions {
  /** The running Engram (ENGRAM_URL); its /mcp endpoint serves the tools. */
  url: string;
  /** ENGRAM_API_KEY: what the remote /mcp authenticates. */
  apiKey: string | null;
  version: string;
}

/**
 * `engram mcp` against a running Engram: a stdio MCP server whose every request is answered by the
 * service's /mcp endpoint (Streamable HTTP, the key in Authorization), so a desktop host that only
 * speaks stdio gets exactly the tools, schemas and access control of the service.
 */
export async function openRemoteBridge(opts: RemoteBridgeOptions): Promise<{ server: Server; close(): Promise<void> }> {
  const client = new Client({ name: 'engram-mcp-bridge', version: opts.version });
  const transport = new StreamableHTTPClientTransport(new URL('/mcp', opts.url), {
    requestInit: { headers: opts.apiKey ? { authorization: `Bearer ${opts.apiKey}` } : {} },
  });
  await client.connect(transport);
  const remote = client.getServerVersion();
  const server = new Server(
    { name: remote?.name ?? MCP_SERVER_NAME, version: remote?.version ?? opts.version },
    {
      capabilities: client.getServerCapabilities() ?? { tools: {}, resources: {} },
      ...(client.getInstructions() ? { instructions: client.getInstructions()! } : {}),
    },
  );
  server.setRequestHandler(ListToolsRequestSchema, (req) => client.listTools(req.params));
  server.setRequestHandler(CallToolRequestSchema, (req) => client.callTool(req.params));
  server.setRequestHandler(ListResourcesRequestSchema, (req) => client.listResources(req.params));
  server.setRequestHandler(ListResourceTemplatesRequestSchema, (req) => client.listResourceTemplates(req.params));
  server.setRequestHandler(ReadResourceRequestSchema, (req) => client.readResource(req.params));
  return {
    server,
    async close() {
      await server.close();
      await client.close();
    },
  };
}
