/**
 * Mem0's own client (the `mem0ai` npm package, MemoryClient, public methods only) against a real
 * Engram process on loopback with auth required: `host` is Engram's /mem0 prefix and `apiKey` an
 * Engram key. Nothing of the client is stubbed; only the telemetry it would post is switched off.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { waitFor } from '@engram/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadMem0Client } from '../bench/recall/mem0-package';
import { startEngramProcess, type EngramProcess } from './support/engram-process';

const ADMIN_KEY = 'mem0-e2e-bootstrap-admin-key-3b9f1c7a5e2d';

type Client = {
  add(messages: unknown[], opts?: Record<string, unknown>): Promise<any>;
  search(query: string, opts?: Record<string, unknown>): Promise<{ results: any[] }>;
  getAll(
    opts?: Record<string, unknown>,
  ): Promise<{ count: number; next: string | null; previous: string | null; results: any[] }>;
  get(id: string): Promise<any>;
  update(id: string, body: { text?: string; metadata?: Record<string, unknown> }): Promise<any>;
  history(id: string): Promise<any[]>;
  delete(id: string): Promise<{ message: string }>;
  deleteAll(opts?: Record<string, unknown>): Promise<{ message: string }>;
  deleteUsers(opts?: Record<string, unknown>): Promise<{ message: string }>;
  deleteUser(data: { entity_id: string; entity_type?: string }): Promise<{ message: string }>;
  users(opts?: {
    page?: number;
    pageSize?: number;
  }): Promise<{ count: number; next: string | null; previous: string | null; results: any[] }>;
};

describe('the mem0ai MemoryClient against Engram /mem0', () => {
  let dataDir: string;
  let engram: EngramProcess;
  let MemoryClient: new (o: { apiKey: string; host: string }) => Client;
  let client: Client;
  let tenantKey: string;
  let bobKey: string;
  let otherTenantKey: string;

  const newKey = async (body: Record<string, unknown>): Promise<string> => {
    const r = await engram.request('POST', '/v1/admin/keys', body, { authorization: `Bearer ${ADMIN_KEY}` });
    if (r.status !== 201) throw new Error(`creating a key answered ${r.status}: ${JSON.stringify(r.body)}`);
    return r.body.key as string;
  };
  const clientOf = (apiKey: string) => new MemoryClient({ apiKey, host: `${engram.url}/mem0` });

  beforeAll(async () => {
    dataDir = mkdtempSync(join(tmpdir(), 'engram-mem0-'));
    const [mod, proc] = await Promise.all([
      loadMem0Client(),
      startEngramProcess({
        env: {
          ENGRAM_DATA_DIR: dataDir,
          ENGRAM_EMBEDDER: 'hash',
          ENGRAM_AUTH: 'required',
          ENGRAM_ADMIN_KEY: ADMIN_KEY,
        },
      }),
    ]);
    engram = proc;
    MemoryClient = (mod as { MemoryClient: typeof MemoryClient }).MemoryClient;
    tenantKey = await newKey({ tenantId: 'acme', scopes: ['read', 'write', 'erase'], name: 'mem0 app' });
    bobKey = await newKey({ tenantId: 'acme', scopes: ['read', 'write', 'erase'], userId: 'bob', name: 'bob agent' });
    otherTenantKey = await newKey({ tenantId: 'globex', scopes: ['read', 'write', 'erase'], name: 'another tenant' });
    client = clientOf(tenantKey);
  }, 300_000);
  afterAll(async () => {
    await engram?.kill();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  });

  const gone = (c: Client, id: string) =>
    c.get(id).then(
      () => false,
      (e: Error) => e.name === 'MemoryNotFoundError',
    );

  it('adds, searches, lists, gets, updates, reads the history of and deletes a memory', async () => {
    const added = await client.add([{ role: 'user', content: 'I am allergic to peanuts and shellfish' }], {
      userId: 'alice',
      infer: false,
      metadata: { source: 'onboarding' },
    });
    expect(added).toMatchObject({
      status: 'PENDING',
      eventId: expect.stringMatching(/^m0e_/),
      results: [{ id: expect.any(String), memory: 'I am allergic to peanuts and shellfish', event: 'ADD' }],
    });
    const id = added.results[0].id as string;

    const hit = await waitFor('search to find the added memory', async () =>
      (await client.search('peanut allergy', { filters: { user_id: 'alice' }, topK: 5 })).results.find(
        (m) => m.id === id,
      ),
    );
    expect(hit).toMatchObject({
      memory: 'I am allergic to peanuts and shellfish',
      userId: 'alice',
      metadata: { source: 'onboarding' },
      score: expect.any(Number),
    });
    const strict = await client.search('peanut allergy', {
      filters: { AND: [{ user_id: 'alice' }] },
      threshold: hit.score + 1,
    });
    expect(strict.results.map((m) => m.id)).not.toContain(id);

    await client.add([{ role: 'user', content: 'My favourite city is Lisbon' }], { userId: 'alice', infer: false });
    const all = await waitFor('both memories to be listed', async () => {
      const p = await client.getAll({ filters: { user_id: 'alice' } });
      return p.count === 2 ? p : null;
    });
    expect(all.results.map((m) => m.memory).sort()).toEqual([
      'I am allergic to peanuts and shellfish',
      'My favourite city is Lisbon',
    ]);
    const first = await client.getAll({ filters: { user_id: 'alice' }, page: 1, pageSize: 1 });
    const second = await client.getAll({ filters: { user_id: 'alice' }, page: 2, pageSize: 1 });
    expect(first).toMatchObject({ count: 2, previous: null, next: expect.stringContaining('page=2') });
    expect(second).toMatchObject({ count: 2, next: null, previous: expect.stringContaining('page=1') });
    expect(new Set([first.results[0].id, second.results[0].id]).size).toBe(2);

    expect(await client.get(id)).toMatchObject({
      id,
      memory: 'I am allergic to peanuts and shellfish',
      userId: 'alice',
      categories: [],
    });
    const history = await client.history(id);
    expect(history).toEqual([
      expect.objectContaining({
        memoryId: id,
        event: 'ADD',
        oldMemory: null,
        newMemory: 'I am allergic to peanuts and shellfish',
        userId: 'alice',
      }),
    ]);
    const updated = await client.update(id, { text: 'I am allergic to peanuts only' });
    expect(updated).toMatchObject({
      memory: 'I am allergic to peanuts only',
      event: 'UPDATE',
      previousId: id,
      metadata: { source: 'onboarding' },
    });
    expect(updated.id).not.toBe(id);
    // The old id names the memory across versions; the list holds the current version only.
    expect(await client.get(id)).toMatchObject({ id: updated.id, memory: 'I am allergic to peanuts only' });
    const listed = await client.getAll({ filters: { user_id: 'alice' } });
    expect(listed.count).toBe(2);
    expect(listed.results.map((m) => m.id)).toContain(updated.id);
    const versions = await client.history(id);
    expect(versions.map((h) => h.event)).toEqual(expect.arrayContaining(['ADD', 'UPDATE']));
    expect(versions.find((h) => h.event === 'UPDATE')).toMatchObject({
      memoryId: id,
      oldMemory: 'I am allergic to peanuts and shellfish',
      newMemory: 'I am allergic to peanuts only',
    });

    const ev = await engram.request('GET', `/mem0/v1/event/${added.eventId}/`, undefined, {
      authorization: `Token ${tenantKey}`,
    });
    expect(ev.body).toMatchObject({
      id: added.eventId,
      event_type: 'ADD',
      status: 'SUCCEEDED',
      results: [{ id, event: 'ADD' }],
    });
    // Mem0's clients have no method for the events list: its REST route, as Mem0 documents it.
    const events = async (key: string, query = '') =>
      (await engram.request('GET', `/mem0/v1/events/${query}`, undefined, { authorization: `Token ${key}` })).body;
    const jobs = await events(tenantKey);
    expect(jobs.results.find((e: { id: string }) => e.id === added.eventId)).toMatchObject({
      event_type: 'ADD',
      status: 'SUCCEEDED',
      payload: { user_id: 'alice', infer: false },
      results: [{ id, event: 'ADD' }],
    });
    expect(jobs.count).toBeGreaterThanOrEqual(3);
    const firstEvent = await events(tenantKey, '?page=1&page_size=1');
    expect(firstEvent).toMatchObject({ count: jobs.count, previous: null, next: expect.stringContaining('page=2') });
    expect(firstEvent.results.map((e: { id: string }) => e.id)).toEqual([jobs.results[0].id]);
    // Within the key's reach: bob's key lists none of alice's jobs, another tenant nothing of acme's.
    expect(
      (await events(bobKey)).results.map((e: { payload: { user_id: string } }) => e.payload.user_id),
    ).not.toContain('alice');
    expect(await events(otherTenantKey)).toMatchObject({ count: 0, results: [] });

    expect(await client.delete(id)).toMatchObject({ message: expect.any(String) });
    await waitFor(
      'the memory and its versions to be gone',
      async () => (await gone(client, id)) && (await gone(client, updated.id)),
      60_000,
    );
    await waitFor(
      'the list to hold only the other memory',
      async () => (await client.getAll({ filters: { user_id: 'alice' } })).count === 1,
      60_000,
    );
  });

  it('deleteAll and deleteUsers erase a user', async () => {
    const carol = (
      await client.add([{ role: 'user', content: 'Carol drinks green tea' }], { userId: 'carol', infer: false })
    ).results[0].id as string;
    const dave = (
      await client.add([{ role: 'user', content: 'Dave plays the cello' }], { userId: 'dave', infer: false })
    ).results[0].id as string;
    await waitFor(
      'carol and dave to be readable',
      async () => !(await gone(client, carol)) && !(await gone(client, dave)),
    );
    expect(await client.deleteAll({ userId: 'carol' })).toMatchObject({ message: expect.any(String) });
    expect(await client.deleteUsers({ userId: 'dave' })).toMatchObject({ message: 'Entity deleted successfully.' });
    await waitFor(
      'both users to be erased',
      async () => (await gone(client, carol)) && (await gone(client, dave)),
      60_000,
    );
  });

  it('users() lists the users, agents and runs; deleteUsers erases an agent, then every entity', async () => {
    const a = await client.add([{ role: 'user', content: 'Gus restores old clocks' }], {
      userId: 'gus',
      agentId: 'tinker',
      runId: 'gus-run',
      infer: false,
    });
    const b = await client.add([{ role: 'user', content: 'Gus prefers tea to coffee' }], {
      userId: 'gus',
      infer: false,
    });
    const clock = a.results[0].id as string;
    const tea = b.results[0].id as string;
    await waitFor(
      'gus memories to be readable',
      async () => !(await gone(client, clock)) && !(await gone(client, tea)),
    );
    const entities = await client.users();
    const gus = entities.results.filter((e) => e.metadata.user_ids.includes('gus'));
    expect(gus.map((e) => `${e.type}:${e.name}`).sort()).toEqual(['agent:tinker', 'run:gus-run', 'user:gus']);
    expect(gus.find((e) => e.type === 'user')).toMatchObject({
      totalMemories: 2,
      organization: 'acme',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    expect(gus.find((e) => e.type === 'agent')).toMatchObject({ totalMemories: 1 });
    const firstPage = await client.users({ page: 1, pageSize: 1 });
    expect(firstPage).toMatchObject({ count: entities.count, previous: null, next: expect.stringContaining('page=2') });
    // Within the key's reach: bob's key sees bob only, another tenant nothing of acme's.
    const bobs = await clientOf(bobKey).users();
    expect(bobs.results.flatMap((e) => e.metadata.user_ids)).not.toContain('gus');
    expect((await clientOf(otherTenantKey).users()).count).toBe(0);

    // Deleting the agent erases what it wrote, not the rest of gus.
    expect(await client.deleteUsers({ agentId: 'tinker' })).toMatchObject({ message: 'Entity deleted successfully.' });
    await waitFor('the agent memory to be gone', () => gone(client, clock), 60_000);
    expect(await gone(client, tea)).toBe(false);
    // The deprecated v1 path too.
    expect(await client.deleteUser({ entity_id: 'nobody-here', entity_type: 'user' })).toMatchObject({
      message: 'Entity deleted successfully.',
    });

    const globex = clientOf(otherTenantKey);
    const kept = (
      await globex.add([{ role: 'user', content: 'Globex keeps its note' }], { userId: 'g1', infer: false })
    ).results[0].id as string;
    await waitFor('the other tenant memory to be readable', async () => !(await gone(globex, kept)));
    // No arguments: every entity the key lists, users first — the tenant ends up empty.
    expect(await client.deleteUsers()).toMatchObject({ message: 'All users, agents, apps and runs deleted.' });
    await waitFor('every entity to be erased', async () => (await client.users()).count === 0, 90_000);
    expect(await gone(client, tea)).toBe(true);
    // Another tenant's entities are untouched.
    expect(await gone(globex, kept)).toBe(false);
    expect((await globex.users()).results.map((e) => e.name)).toEqual(['g1']);
  });

  it('infer: true runs Engram extraction on the messages; the event reports when it is done', async () => {
    const added = await client.add(
      [
        { role: 'user', content: 'I moved to Austin last month.' },
        { role: 'assistant', content: 'Got it, Austin it is.' },
      ],
      { userId: 'erin' },
    );
    expect(added).toMatchObject({ status: 'PENDING', eventId: expect.any(String) });
    const ev = await waitFor(
      'the add event to succeed',
      async () => {
        const r = await engram.request('GET', `/mem0/v1/event/${added.eventId}/`, undefined, {
          authorization: `Token ${tenantKey}`,
        });
        return r.body.status === 'SUCCEEDED' ? r.body : null;
      },
      90_000,
    );
    expect(ev).toMatchObject({ id: added.eventId, event_type: 'ADD', payload: { user_id: 'erin', infer: true } });
    const facts = (await client.search('where does erin live', { filters: { user_id: 'erin' } })).results;
    // A fact the consolidator extracted (not the message itself): extraction ran.
    expect(facts.some((m) => /austin/i.test(m.memory) && m.memory !== 'I moved to Austin last month.')).toBe(true);
  });

  it('keys keep their reach: a bad key is refused, a user-bound key and another tenant see nothing else', async () => {
    const added = await client.add([{ role: 'user', content: 'Frank keeps bees' }], { userId: 'frank', infer: false });
    const id = added.results[0].id as string;
    await waitFor('frank memory to be readable', async () =>
      client.get(id).then(
        () => true,
        () => false,
      ),
    );

    await expect(clientOf('egk_not_a_key').get(id)).rejects.toMatchObject({ name: 'AuthenticationError' });
    // bob's key reads bob's memories only: frank's id is not found, naming frank is forbidden.
    await expect(clientOf(bobKey).get(id)).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    await expect(clientOf(bobKey).search('bees', { filters: { user_id: 'frank' } })).rejects.toMatchObject({
      name: 'AuthenticationError',
    });
    const own = await clientOf(bobKey).add([{ role: 'user', content: 'Bob sails on weekends' }], { infer: false });
    expect(own.results[0]).toMatchObject({ event: 'ADD' });
    expect(
      await waitFor('bob memory under his own user', () => client.get(own.results[0].id).catch(() => null)),
    ).toMatchObject({ userId: 'bob' });
    // Another tenant's key finds nothing of acme's.
    await expect(clientOf(otherTenantKey).get(id)).rejects.toMatchObject({ name: 'MemoryNotFoundError' });
    expect((await clientOf(otherTenantKey).search('bees', { filters: { user_id: 'frank' } })).results).toEqual([]);
    // Bad input: a clear 4xx, nothing stored.
    await expect(client.search('x', { filters: { OR: [{ user_id: 'frank' }] } })).rejects.toMatchObject({
      name: 'ValidationError',
    });
    await expect(client.add([{ role: 'user', content: 'no user' }], { infer: false })).rejects.toMatchObject({
      name: 'ValidationError',
    });
  });
});
