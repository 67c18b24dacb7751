import { OPEN_PRINCIPAL } from '@engram/core';
import { createEngramMcpServer, openRemoteBridge } from '@engram/api-mcp';
import { PROJECTION_NAMES } from '@engram/projections';
import { ENGRAM_VERSION, createServiceApp, startConsolidator, startProjectors, startQuerySide } from '@engram/runtime';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import type { Server } from '@modelcontextprotocol/sdk/server/index.js';
import { noPositionals, parseFlags, stringFlag } from '../args';
import type { Command } from '../command';
import type { CliIo } from '../io';
import { configOf, openOffline } from '../offline';
import { DEFAULT_TENANT } from '../offline-app';
import { cliApiKey } from '../service-http';

/** Serves one MCP server on stdin/stdout until the host closes stdin (or Ctrl-C). */
async function serveStdio(server: Server, io: CliIo): Promise<void> {
  const transport = new StdioServerTransport(
    process.stdin,
    io.stdout as NodeJS.WritableStream & import('node:stream').Writable,
  );
  const closed = new Promise<void>((resolve) => {
    transport.onclose = () => resolve();
    process.stdin.once('end', () => resolve());
    io.signal.addEventListener('abort', () => resolve(), { once: true });
  });
  await server.connect(transport);
  await closed;
  await server.close();
}

export const mcpCommand: Command = {
  name: 'mcp',
  summary: 'serve the MCP tools on stdio (Claude Desktop, Cursor): against a running Engram (ENGRAM_URL) or a data dir',
  usage: `Usage: engram mcp [--url URL] [--tenant TENANT]

Serves Engram's MCP server on stdin/stdout, for hosts that start MCP servers as a command
(Claude Desktop, Cursor, ...). Tools: add_memory, search_memories, get_memories, get_memory,
update_memory, delete_memory, delete_all_memories (only with ENGRAM_MCP_DELETE_ALL=true),
get_context, memory_history, end_session; resources engram://memories/{id}.

  --url URL (or ENGRAM_URL)  a running Engram: every request goes to its /mcp endpoint with the key in
                            ENGRAM_API_KEY (the key's scopes, tenant and user binding apply)
  --tenant TENANT           without a URL: the tenant to act in (default "default")

Without a URL the server opens the data directory itself (ENGRAM_DATA_DIR; the service must not be
running on it) and acts as its operator. Logs go to stderr, never to stdout.`,
  async run(argv, io) {
    const a = parseFlags('mcp', argv, { url: { type: 'string' }, tenant: { type: 'string' } });
    noPositionals('mcp', a);
    const url = stringFlag('mcp', a, 'url') ?? io.env.ENGRAM_URL;
    if (url) {
      const bridge = await openRemoteBridge({ url, apiKey: cliApiKey(io), version: ENGRAM_VERSION });
      try {
        await serveStdio(bridge.server, io);
      } finally {
        await bridge.close();
      }
      return 0;
    }
    const cfg = configOf(io);
    const f = await openOffline(io, 'mcp', cfg);
    try {
      await startProjectors(f, PROJECTION_NAMES);
      const query = await startQuerySide(f);
      await startConsolidator(f);
      const app = await createServiceApp(f, query, { trusted: true });
      const server = createEngramMcpServer({
        app,
        caller: {
          tenantId: stringFlag('mcp', a, 'tenant') ?? DEFAULT_TENANT,
          principal: OPEN_PRINCIPAL,
          correlationId: null,
        },
        version: ENGRAM_VERSION,
        allowDeleteAll: cfg.mcp.deleteAll,
      });
      await serveStdio(server, io);
    } finally {
      await f.close();
    }
    return 0;
  },
};
