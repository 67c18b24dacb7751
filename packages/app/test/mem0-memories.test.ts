import type { Principal } from '@engram/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMem0Memories, decodeAddHandle, encodeAddHandle, mem0Entities, type Mem0Caller } from '../src/index';
import { openStack, type Stack } from './harness';

const key = (p: Partial<Principal>): Principal => ({
  kind: 'key',
  keyId: `k-${p.userId ?? 'tenant'}-${p.tenantId ?? 'acme'}`,
  tenantId: 'acme',
  userId: null,
  agentId: null,
  scopes: ['read', 'write', 'erase'],
  ...p,
});
const callerOf = (principal: Principal): Mem0Caller => ({
  tenantId: principal.tenantId!,
  principal,
  correlationId: null,
});
const code = (p: Promise<unknown>) =>
  p.then(
    () => 'ok',
    (e: { code?: string; details?: { reason?: string } }) =>
      `${e.code}${e.details?.reason ? `/${e.details.reason}` : ''}`,
  );

/** Polls until the condition holds (the read side applies asynchronously), at most 5 s. */
async function until(cond: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200; i++) {
    if (await cond()) return;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in 5 s');
}

describe("Mem0's model over the app", () => {
  let s: Stack;
  let aliceMemory: string;
  let position: string;
  beforeAll(async () => {
    s = await openStack({ trusted: false });
    const w = await s.app.writeMemory({
      scope: { tenantId: 'acme', userId: 'alice', agentId: 'planner' },
      principal: key({}),
      type: 'USER',
      content: 'Alice keeps bees',
    });
    aliceMemory = w.id;
    position = w.position!;
    await s.app.getMemory({
      scope: { tenantId: 'acme', userId: 'alice', agentId: null },
      principal: key({}),
      memoryId: w.id,
      minPosition: position,
    });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('locates a memory id within the tenant only, and a bound key within its user only', async () => {
    expect(await s.app.locateMemory({ tenantId: 'acme', principal: key({}), memoryId: aliceMemory })).toEqual({
      tenantId: 'acme',
      userId: 'alice',
      agentId: 'planner',
    });
    const mem0 = createMem0Memories(s.app);
    expect(await mem0.get(callerOf(key({})), aliceMemory)).toMatchObject({
      id: aliceMemory,
      user_id: 'alice',
      agent_id: 'planner',
    });
    // Another tenant's key, a key bound to another user, an unknown id: not found, nothing disclosed.
    expect(await code(mem0.get(callerOf(key({ tenantId: 'globex' })), aliceMemory))).toBe('NOT_FOUND');
    expect(await code(mem0.get(callerOf(key({ userId: 'bob' })), aliceMemory))).toBe('NOT_FOUND');
    expect(await code(mem0.get(callerOf(key({})), '00000000-0000-4000-8000-000000000000'))).toBe('NOT_FOUND');
    expect(await code(mem0.get(callerOf(key({})), 'not-a-uuid'))).toBe('NOT_FOUND');
    // A key without the read scope is refused before any lookup.
    expect(await code(mem0.get(callerOf(key({ scopes: ['write'] })), aliceMemory))).toBe('FORBIDDEN/SCOPE_MISSING');
  });

  it('needs a user: named, or the key’s binding', async () => {
    const mem0 = createMem0Memories(s.app);
    const messages = [{ role: 'user' as const, content: 'Bob sails' }];
    expect(await code(mem0.add(callerOf(key({})), { entities: {}, messages, infer: false }))).toBe('VALIDATION_FAILED');
    const bound = await mem0.add(callerOf(key({ userId: 'bob' })), { entities: {}, messages, infer: false });
    expect(decodeAddHandle(bound.event_id)).toMatchObject({ userId: 'bob', kind: 'raw' });
    expect(
      await code(
        mem0.add(callerOf(key({ userId: 'bob' })), { entities: { user_id: 'alice' }, messages, infer: false }),
      ),
    ).toBe('FORBIDDEN/USER_NOT_ALLOWED');
  });

  it('merges entity filters and refuses two values of one id', () => {
    expect(mem0Entities({ user_id: 'a' }, { AND: [{ agent_id: 'x' }, { run_id: 'r' }] })).toEqual({
      user_id: 'a',
      agent_id: 'x',
      run_id: 'r',
    });
    expect(() => mem0Entities({ user_id: 'a' }, { user_id: 'b' })).toThrow(/two values/);
  });

  it('round-trips an add handle and refuses a forged or foreign one', async () => {
    const h = {
      userId: 'alice',
      kind: 'infer' as const,
      eventIds: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
    };
    expect(decodeAddHandle(encodeAddHandle(h))).toEqual(h);
    for (const bad of ['m0e_', 'm0e_!!', 'evt-1', `m0e_${Buffer.from('{"u":1}').toString('base64url')}`]) {
      expect(() => decodeAddHandle(bad)).toThrow(/not found/);
    }
    // A handle naming another tenant's user reads the caller's tenant only: that event is not there.
    const mem0 = createMem0Memories(s.app);
    const theirs = encodeAddHandle({
      userId: 'alice',
      kind: 'raw',
      eventIds: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
    });
    expect(await code(mem0.event(callerOf(key({ tenantId: 'globex' })), theirs))).toBe('NOT_FOUND');
    // A handle of the earlier encoding (it also named the agent) still reads.
    const earlier = `m0e_${Buffer.from(JSON.stringify({ u: 'alice', a: 'planner', k: 'r', e: ['0f8fad5bd9cb469fa16570867728950e'] })).toString('base64url')}`;
    expect(decodeAddHandle(earlier)).toEqual({
      userId: 'alice',
      kind: 'raw',
      eventIds: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
    });
  });

  it('lists entities within the key’s reach: users, then agents, then runs, with their memory counts', async () => {
    const mem0 = createMem0Memories(s.app);
    const tenant = callerOf(key({}));
    const w = await mem0.add(tenant, {
      entities: { user_id: 'carol', agent_id: 'scribe', run_id: 'c-run' },
      messages: [
        { role: 'user', content: 'Carol paints with watercolours' },
        { role: 'user', content: 'Carol lives near the harbour' },
      ],
      infer: false,
    });
    for (const r of w.results!) await until(async () => (await code(mem0.get(tenant, r.id))) === 'ok');
    const page = await mem0.entities(tenant, { page: 1, pageSize: 100 });
    const named = page.results.map((e) => `${e.type}:${e.name}`);
    expect(named).toEqual(
      expect.arrayContaining(['user:alice', 'user:bob', 'user:carol', 'agent:planner', 'agent:scribe', 'run:c-run']),
    );
    // Users first, then agents, then runs.
    const rank = { user: 0, agent: 1, run: 2 };
    expect(page.results.map((e) => rank[e.type])).toEqual([...page.results.map((e) => rank[e.type])].sort());
    expect(page.results.find((e) => e.name === 'carol' && e.type === 'user')).toMatchObject({
      total_memories: 2,
      organization: 'acme',
      metadata: { user_ids: ['carol'] },
      created_at: expect.stringMatching(/^\d{4}-/),
    });
    expect(page.results.find((e) => e.type === 'run' && e.name === 'c-run')).toMatchObject({ total_memories: 2 });
    expect(page.count).toBe(page.results.length);
    const second = await mem0.entities(tenant, { page: 2, pageSize: 2 });
    expect(second.results.map((e) => `${e.type}:${e.name}`)).toEqual(named.slice(2, 4));
    expect(second.count).toBe(page.count);
    // A user-bound key sees its own user; another tenant sees nothing of acme's.
    const carolOnly = await mem0.entities(callerOf(key({ userId: 'carol' })), { page: 1, pageSize: 100 });
    expect(carolOnly.results.every((e) => e.metadata.user_ids.every((u) => u === 'carol'))).toBe(true);
    expect(carolOnly.results.map((e) => e.name)).toEqual(['carol', 'scribe', 'c-run']);
    expect(await mem0.entities(callerOf(key({ tenantId: 'globex' })), { page: 1, pageSize: 100 })).toEqual({
      count: 0,
      results: [],
    });
  });

  it('lists the add jobs as events under the ids the adds answered, within the key’s reach', async () => {
    const mem0 = createMem0Memories(s.app);
    const tenant = callerOf(key({}));
    const added = await mem0.add(tenant, {
      entities: { user_id: 'dan' },
      messages: [{ role: 'user', content: 'Dan rows at dawn' }],
      infer: false,
    });
    expect(added.results![0]!.event_id).toBe(added.event_id);
    const ev = await mem0.event(tenant, added.event_id);
    expect(['PENDING', 'SUCCEEDED']).toContain(ev.status);
    let listed;
    for (let i = 0; i < 200; i++) {
      listed = (await mem0.events(tenant, { page: 1, pageSize: 100 })).results.find((e) => e.id === added.event_id);
      if (listed?.status === 'SUCCEEDED') break;
      await new Promise((r) => setTimeout(r, 25));
    }
    expect(listed).toMatchObject({
      id: added.event_id,
      event_type: 'ADD',
      status: 'SUCCEEDED',
      payload: { user_id: 'dan', infer: false },
      results: [{ id: added.results![0]!.id, event: 'ADD' }],
      completed_at: expect.any(String),
    });
    const all = await mem0.events(tenant, { page: 1, pageSize: 100 });
    expect(all.count).toBe(all.results.length);
    expect(new Set(all.results.map((e) => e.payload.user_id))).toEqual(new Set(['alice', 'bob', 'carol', 'dan']));
    const firstTwo = await mem0.events(tenant, { page: 1, pageSize: 2 });
    const next = await mem0.events(tenant, { page: 2, pageSize: 2 });
    expect([...firstTwo.results, ...next.results].map((e) => e.id)).toEqual(all.results.slice(0, 4).map((e) => e.id));
    // A user-bound key lists its user's jobs only, an agent-bound key none (write status has no agent), another tenant nothing.
    const dans = await mem0.events(callerOf(key({ userId: 'dan' })), { page: 1, pageSize: 100 });
    expect(dans.results.map((e) => e.id)).toEqual([added.event_id]);
    expect(await code(mem0.events(callerOf(key({ userId: 'dan', agentId: 'x' })), { page: 1, pageSize: 10 }))).toBe(
      'FORBIDDEN/AGENT_BOUND',
    );
    expect(await mem0.events(callerOf(key({ tenantId: 'globex' })), { page: 1, pageSize: 100 })).toEqual({
      count: 0,
      results: [],
    });
    // Listing needs the write scope, as the status of one write does.
    expect(await code(mem0.events(callerOf(key({ scopes: ['read'] })), { page: 1, pageSize: 10 }))).toBe(
      'FORBIDDEN/SCOPE_MISSING',
    );
  });

  it('deleting an agent or a run erases their memories only; deleting a user erases the user', async () => {
    const mem0 = createMem0Memories(s.app);
    const tenant = callerOf(key({}));
    const scope = { tenantId: 'acme', userId: 'erin', agentId: null };
    const mine = await s.app.writeMemory({ scope, principal: key({}), type: 'USER', content: 'Erin collects stamps' });
    const agents = await s.app.writeMemory({
      scope: { ...scope, agentId: 'helper' },
      principal: key({}),
      type: 'USER',
      content: 'Erin asked the helper about trains',
    });
    const ran = await s.app.writeMemory({
      scope,
      principal: key({}),
      type: 'USER',
      content: 'Erin booked a ferry',
      sessionId: 'e-run',
    });
    await s.app.getMemory({ scope, principal: key({}), memoryId: ran.id, minPosition: ran.position! });
    const byAgent = await mem0.deleteEntity(tenant, { type: 'agent', name: 'helper' });
    expect(byAgent).toMatchObject({ message: 'Entity deleted successfully.', erasure_ids: [expect.any(String)] });
    const byRun = await mem0.deleteAll(tenant, { user_id: 'erin', run_id: 'e-run' });
    expect(byRun.erasure_ids).toHaveLength(1);
    const gone = async (id: string) => (await code(mem0.get(tenant, id))) === 'NOT_FOUND';
    await until(async () => (await gone(agents.id)) && (await gone(ran.id)));
    expect(await gone(mine.id)).toBe(false);
    // Nothing (any more) there: erases nothing, answers alike.
    expect(await mem0.deleteEntity(tenant, { type: 'agent', name: 'helper' })).toMatchObject({ erasure_ids: [] });
    const erasure = (await mem0.deleteEntity(tenant, { type: 'user', name: 'erin' })).erasure_ids[0]!;
    await until(() => gone(mine.id));
    expect(await s.app.getErasure({ tenantId: 'acme', principal: key({}), erasureId: erasure })).toMatchObject({
      erasureId: erasure,
    });
    // A key bound to another user erases nothing of erin's: refused.
    expect(await code(mem0.deleteEntity(callerOf(key({ userId: 'bob' })), { type: 'user', name: 'erin' }))).toBe(
      'FORBIDDEN/USER_NOT_ALLOWED',
    );
  });

  it('lists a job the read side has not applied yet as PENDING, from the log', async () => {
    const idle = await openStack({ trusted: false, projectors: false });
    try {
      const mem0 = createMem0Memories(idle.app);
      const tenant = callerOf(key({}));
      const added = await mem0.add(tenant, {
        entities: { user_id: 'fay' },
        messages: [{ role: 'user', content: 'Fay grows tomatoes' }],
        infer: false,
      });
      const ended = await mem0.add(tenant, {
        entities: { user_id: 'fay' },
        messages: [{ role: 'user', content: 'I moved to Porto' }],
        infer: true,
      });
      const listed = await mem0.events(tenant, { page: 1, pageSize: 10 });
      expect(listed.count).toBe(2);
      expect(listed.results.map((e) => [e.id, e.status, e.payload.infer])).toEqual([
        [ended.event_id, 'PENDING', true],
        [added.event_id, 'PENDING', false],
      ]);
      expect((await mem0.events(tenant, { page: 2, pageSize: 1 })).results.map((e) => e.id)).toEqual([added.event_id]);
    } finally {
      await idle.close();
    }
  });
});
