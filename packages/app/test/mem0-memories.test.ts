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
      agentId: null,
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
      agentId: null,
      kind: 'raw',
      eventIds: ['0f8fad5b-d9cb-469f-a165-70867728950e'],
    });
    expect(await code(mem0.event(callerOf(key({ tenantId: 'globex' })), theirs))).toBe('NOT_FOUND');
  });
});
