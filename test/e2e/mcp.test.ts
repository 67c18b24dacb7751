/**
 * Engram's MCP server through the official MCP SDK client: over Streamable HTTP at /mcp of a real
 * Engram process with auth required, and over stdio (`engram mcp`) both bridged to that process
 * (ENGRAM_URL + ENGRAM_API_KEY) and offline on a data dir of its own.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { waitFor } from '@engram/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startEngramProcess, type EngramProcess } from './support/engram-process';

const ADMIN_KEY = 'mcp-e2e-bootstrap-admin-key-8c2e4a6f0b1d';
const ENGRAM_BIN = resolve(dirname(fileURLToPath(import.meta.url)), '../../bin/engram.mjs');
const TOOL_NAMES = [
  'add_memory',
  'search_memories',
  'get_memories',
  'get_memory',
  'update_memory',
  'delete_memory',
  'get_context',
  'memory_history',
  'end_session',
];

type ToolResult = { isError?: boolean; structuredContent?: any; content: Array<{ type: string; text?: string }> };

async function call(client: Client, name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

async function ok(client: Client, name: string, args: Record<string, unknown>): Promise<any> {
  const r = await call(client, name, args);
  if (r.isError) throw new Error(`${name} failed: ${r.content[0]?.text}`);
  return r.structuredContent;
}

/** The acceptance path on any transport: the tools with their schemas, add_memory then search_memories finds it. */
async function addThenSearch(client: Client, args: { user_id?: string }, text: string, query: string): Promise<string> {
  const { tools } = await client.listTools();
  expect(tools.map((t) => t.name).sort()).toEqual([...TOOL_NAMES].sort());
  for (const t of tools) {
    expect(t.inputSchema.type, t.name).toBe('object');
    expect(t.outputSchema?.type, t.name).toBe('object');
  }
  const added = await ok(client, 'add_memory', { text, ...args });
  expect(added).toMatchObject({
    status: 'PENDING',
    event_id: expect.any(String),
    results: [{ id: expect.any(String), memory: text, event: 'ADD' }],
  });
  const id = added.results[0].id as string;
  const hit = await waitFor(
    'search_memories to find the added memory',
    async () =>
      (await ok(client, 'search_memories', { query, ...args })).results.find((m: { id: string }) => m.id === id),
    60_000,
  );
  expect(hit).toMatchObject({ memory: text, score: expect.any(Number) });
  return id;
}

describe('the MCP server with the official MCP SDK client', () => {
  let dataDir: string;
  let engram: EngramProcess;
  let aliceKey: string;
  let tenantKey: string;
  const clients: Client[] = [];

  const newKey = async (body: Record<string, unknown>): Promise<string> => {
    const r = await engram.request('POST', '/v1/admin/keys', body, { authorization: `Bearer ${ADMIN_KEY}` });
    if (r.status !== 201) throw new Error(`creating a key answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.key as string;
  };
  const overHttp = async (key: string): Promise<Client> => {
    const client = new Client({ name: 'engram-e2e', version: '1.0.0' });
    await client.connect(
      new StreamableHTTPClientTransport(new URL(`${engram.url}/mcp`), {
        requestInit: { headers: { authorization: `Bearer ${key}` } },
      }),
    );
    clients.push(client);
    return client;
  };
  const overStdio = async (env: Record<string, string>): Promise<Client> => {
    const client = new Client({ name: 'engram-e2e-stdio', version: '1.0.0' });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: [ENGRAM_BIN, 'mcp'],
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', LOG_LEVEL: 'warn', ...env },
      stderr: 'pipe',
    });
    let stderr = '';
    transport.stderr?.on('data', (d) => (stderr += d));
    try {
      await client.connect(transport);
    } catch (e) {
      throw new Error(`engram mcp did not start: ${(e as Error).message}\n${stderr}`);
    }
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-mcp-'));
    engram = await startEngramProcess({
      env: { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'hash', ENGRAM_AUTH: 'required', ENGRAM_ADMIN_KEY: ADMIN_KEY },
    });
    aliceKey = await newKey({
      tenantId: 'acme',
      scopes: ['read', 'write', 'erase'],
      userId: 'alice',
      name: 'alice desktop',
    });
    tenantKey = await newKey({ tenantId: 'acme', scopes: ['read', 'write'], name: 'acme agents' });
  }, 120_000);
  afterAll(async () => {
    for (const c of clients) await c.close().catch(() => undefined);
    await engram?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  it('over Streamable HTTP: tools with schemas and annotations, add_memory then search_memories, resources and the rest', async () => {
    const client = await overHttp(aliceKey);
    const id = await addThenSearch(client, {}, 'Alice prefers window seats on long flights', 'window seat flights');
    const { tools } = await client.listTools();
    const byName = new Map(tools.map((t) => [t.name, t]));
    expect(byName.get('search_memories')!.annotations).toMatchObject({ readOnlyHint: true, destructiveHint: false });
    expect(byName.get('delete_memory')!.annotations).toMatchObject({ readOnlyHint: false, destructiveHint: true });
    expect(byName.has('delete_all_memories')).toBe(false);

    expect(await ok(client, 'get_memory', { memory_id: id })).toMatchObject({
      id,
      memory: 'Alice prefers window seats on long flights',
      user_id: 'alice',
    });
    const res = await client.readResource({ uri: `engram://memories/${id}` });
    expect(JSON.parse((res.contents[0] as { text: string }).text)).toMatchObject({ id, user_id: 'alice' });
    const ctx = await ok(client, 'get_context', { query: 'how does Alice like to fly?' });
    expect(ctx.context).toContain('window seats');
    const history = await ok(client, 'memory_history', { memory_id: id });
    expect(history.history[0]).toMatchObject({ memory_id: id, event: 'ADD' });
    expect(await ok(client, 'end_session', { session_id: 'desk-1' })).toMatchObject({ event_id: expect.any(String) });
    const deleted = await ok(client, 'delete_memory', { memory_id: id });
    expect(deleted.message).toEqual(expect.any(String));
    // Calling a tool that is not offered, and bad arguments: a tool error with the stable code, not a crash.
    const gone = await call(client, 'delete_all_memories', {});
    expect(gone).toMatchObject({ isError: true });
    expect(gone.content[0]!.text).toContain('ENGRAM_MCP_DELETE_ALL');
    const bad = await call(client, 'search_memories', { query: '' });
    expect(bad.isError).toBe(true);
    expect(bad.content[0]!.text).toMatch(/^VALIDATION_FAILED/);
  });

  it('keys keep their reach over MCP: no key is 401, a user-bound key cannot name another user', async () => {
    await expect(overHttp('egk_not_a_key')).rejects.toThrow();
    const alice = await overHttp(aliceKey);
    const r = await call(alice, 'search_memories', { query: 'anything', user_id: 'bob' });
    expect(r.isError).toBe(true);
    expect(r.content[0]!.text).toMatch(/^FORBIDDEN\/USER_NOT_ALLOWED/);
    const tenant = await overHttp(tenantKey);
    const noUser = await call(tenant, 'add_memory', { text: 'whose is this?' });
    expect(noUser.isError).toBe(true);
    expect(noUser.content[0]!.text).toMatch(/^VALIDATION_FAILED.*user_id/);
    await addThenSearch(tenant, { user_id: 'bob' }, 'Bob repairs old kayaks', 'kayak repair');
  });

  it('over stdio bridged to the running service (ENGRAM_URL + ENGRAM_API_KEY)', async () => {
    const client = await overStdio({ ENGRAM_URL: engram.url, ENGRAM_API_KEY: aliceKey });
    await addThenSearch(client, {}, 'Alice grows tomatoes on her balcony', 'balcony tomatoes');
    const wrong = await call(client, 'get_memories', { user_id: 'bob' });
    expect(wrong.isError).toBe(true);
  });

  it('over stdio offline on a data dir', async () => {
    const own = mkdtempSync(join(tmpdir(), 'engram-mcp-offline-'));
    try {
      const client = await overStdio({ ENGRAM_DATA_DIR: own, ENGRAM_EMBEDDER: 'hash' });
      await addThenSearch(
        client,
        { user_id: 'carol' },
        'Carol speaks Portuguese and Swahili',
        'which languages does Carol speak',
      );
      await client.close();
    } finally {
      rmSync(own, { recursive: true, force: true });
    }
  });
});
