/**
 * P5 acceptance beyond isolation, over HTTP and gRPC: scopes, provenance by scope, user- and
 * agent-bound keys (history included), revocation on the next request, per-key rate limits with
 * Retry-After, the per-user quota and /metrics behind a key when configured.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, systemClock, type ContradictionDetected } from '@engram/core';
import type { CreatedKey } from '@engram/app';
import { ADMIN_KEY, openAuthStack, type AuthStack } from './support/auth-stack';

const head = async (s: AuthStack) => `0:${((await s.log.head()).get(0) ?? 1) - 1}`;

describe('scopes and provenance by scope', () => {
  let s: AuthStack;
  let agentKey: CreatedKey;
  let trustedKey: CreatedKey;
  let readKey: CreatedKey;

  beforeAll(async () => {
    s = await openAuthStack();
    agentKey = await s.newKey({ tenantId: 'acme', scopes: ['read', 'write'], name: 'agent tool' });
    trustedKey = await s.newKey({ tenantId: 'acme', scopes: ['read', 'write', 'write:user_stated'], name: 'chat app' });
    readKey = await s.newKey({ tenantId: 'acme', scopes: ['read'] });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a write key without write:user_stated cannot claim user_stated (403 PROVENANCE_NOT_ALLOWED, nothing appended)', async () => {
    const before = (await s.events()).length;
    const r = await s.call('POST', '/v1/memories', {
      key: agentKey.key,
      body: { userId: 'u1', type: 'USER', key: 'user.city', content: 'Lives in Oslo', source: 'user_stated' },
    });
    expect(r.status).toBe(403);
    expect(r.json.error).toMatchObject({
      code: 'PROVENANCE_NOT_ALLOWED',
      details: { field: 'source', required: 'write:user_stated' },
    });
    const g = await s.rpc(
      'Write',
      { userId: 'u1', type: 'USER', key: 'user.city', content: 'Lives in Oslo', source: 'user_stated' },
      { key: agentKey.key },
    );
    expect(g).toMatchObject({ code: grpc.status.PERMISSION_DENIED, engramCode: 'PROVENANCE_NOT_ALLOWED' });
    expect((await s.events()).length).toBe(before);
  });

  it('unnamed, its provenance is model_inferred; lower claims are allowed', async () => {
    const r = await s.call('POST', '/v1/memories', {
      key: agentKey.key,
      body: { userId: 'u1', type: 'USER', key: 'user.pet', content: 'Has a cat named Miso' },
    });
    expect(r.status).toBe(202);
    const m = await s.call('GET', `/v1/memories/${r.json.id}?userId=u1&minPosition=${r.json.position}`, {
      key: agentKey.key,
    });
    expect(m.json.source).toBe('model_inferred');
    const c = await s.rpc(
      'Write',
      { userId: 'u1', type: 'ENVIRONMENT', content: 'Deploys run on Fridays', source: 'consolidated' },
      { key: agentKey.key },
    );
    expect(c.ok).toBe(true);
  });

  it('with write:user_stated it can, and so the write is user_stated by default', async () => {
    const r = await s.call('POST', '/v1/memories', {
      key: trustedKey.key,
      body: { userId: 'u1', type: 'USER', key: 'user.city', content: 'Lives in Oslo', source: 'user_stated' },
    });
    expect(r.status).toBe(202);
    const d = await s.call('POST', '/v1/memories', {
      key: trustedKey.key,
      body: { userId: 'u1', type: 'USER', key: 'user.job', content: 'Works as a nurse' },
    });
    const m = await s.call('GET', `/v1/memories/${d.json.id}?userId=u1&minPosition=${d.json.position}`, {
      key: trustedKey.key,
    });
    expect(m.json.source).toBe('user_stated');
    const g = await s.rpc(
      'Write',
      { userId: 'u1', type: 'USER', key: 'user.food', content: 'Loves ramen', source: 'user_stated' },
      { key: trustedKey.key },
    );
    expect(g.ok).toBe(true);
    // The agent's key can no longer overwrite what the user stated (the P1 guard protects the user, not an injected claim).
    const over = await s.call('POST', '/v1/memories', {
      key: agentKey.key,
      body: { userId: 'u1', type: 'USER', key: 'user.city', content: 'Lives in Mordor', minPosition: undefined },
    });
    expect(over.status).toBe(409);
    const events = await s.events();
    expect(events.find((e) => e.eventId === r.json.eventId)!.keyId).toBe(trustedKey.id);
  });

  it('settling a contradiction is the user speaking: it needs write:user_stated', async () => {
    const a = await s.call('POST', '/v1/memories', {
      key: trustedKey.key,
      body: { userId: 'u2', type: 'USER', key: 'user.team', content: 'On the payments team' },
    });
    const contradictionId = newId();
    const now = systemClock.now().toISOString();
    const detected: ContradictionDetected = {
      eventId: newId(),
      type: 'ContradictionDetected',
      schemaVersion: 3,
      tenantId: 'acme',
      userId: 'u2',
      agentId: null,
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        contradictionId,
        entryAId: a.json.id,
        entryBId: newId(),
        description: 'team changed',
        confidence: 0.7,
        candidate: {
          key: 'user.team',
          content: 'On the search team',
          source: 'model_inferred',
          confidence: 0.7,
          sourceMessageIds: [],
        },
      },
    };
    await s.log.append([detected]);
    await s.call('GET', `/v1/contradictions?userId=u2&minPosition=${await head(s)}`, { key: readKey.key });
    const refused = await s.call('POST', `/v1/contradictions/${contradictionId}/resolve`, {
      key: agentKey.key,
      body: { userId: 'u2', winner: 'b' },
    });
    expect(refused.status).toBe(403);
    expect(refused.json.error.code).toBe('PROVENANCE_NOT_ALLOWED');
    const ok = await s.call('POST', `/v1/contradictions/${contradictionId}/resolve`, {
      key: trustedKey.key,
      body: { userId: 'u2', winner: 'b' },
    });
    expect(ok.status).toBe(202);
  });

  it('each operation needs its scope: 403 FORBIDDEN SCOPE_MISSING names what is missing', async () => {
    const write = await s.call('POST', '/v1/sessions/s1/messages', {
      key: readKey.key,
      body: { userId: 'u1', role: 'user', content: 'hi' },
    });
    expect(write.json.error).toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'SCOPE_MISSING', missing: ['write'] },
    });
    expect((await s.call('DELETE', '/v1/users/u1/memories', { key: trustedKey.key })).json.error.details).toMatchObject(
      { reason: 'SCOPE_MISSING', missing: ['erase'] },
    );
    expect(
      (await s.call('POST', '/v1/admin/consolidate', { key: trustedKey.key, body: { userId: 'u1' } })).json.error
        .details.missing,
    ).toEqual(['admin']);
    expect((await s.call('GET', '/v1/admin/keys', { key: trustedKey.key })).status).toBe(403);
    expect(
      (await s.call('POST', '/v1/query', { key: readKey.key, body: { userId: 'u1', query: 'Oslo' } })).status,
    ).toBe(200);
    const g = await s.rpc('Forget', { userId: 'u1', target: 'user' }, { key: trustedKey.key });
    expect(g).toMatchObject({
      code: grpc.status.PERMISSION_DENIED,
      engramCode: 'FORBIDDEN',
      details: { reason: 'SCOPE_MISSING' },
    });
    expect(
      (await s.rpc('Observe', { userId: 'u1', sessionId: 's1', role: 'user', content: 'hi' }, { key: readKey.key }))
        .code,
    ).toBe(grpc.status.PERMISSION_DENIED);
    // An erasure report and a key's erasure are the erase scope's, over both APIs.
    const someErasure = '00000000-0000-4000-8000-000000000000';
    expect(
      (await s.call('GET', `/v1/erasures/${someErasure}`, { key: trustedKey.key })).json.error.details,
    ).toMatchObject({
      reason: 'SCOPE_MISSING',
      missing: ['erase'],
    });
    expect((await s.rpc('GetErasure', { erasureId: someErasure }, { key: trustedKey.key })).details).toMatchObject({
      reason: 'SCOPE_MISSING',
      missing: ['erase'],
    });
    expect(
      (await s.call('DELETE', '/v1/keys/user.city/memories?userId=u1', { key: trustedKey.key })).json.error.details,
    ).toMatchObject({ reason: 'SCOPE_MISSING', missing: ['erase'] });
  });

  it('a user-bound key reaches only its user', async () => {
    const alice = await s.newKey({ tenantId: 'acme', scopes: ['read', 'write'], userId: 'alice' });
    expect(
      (
        await s.call('POST', '/v1/memories', {
          key: alice.key,
          body: { userId: 'alice', type: 'USER', content: 'Alice likes tea' },
        })
      ).status,
    ).toBe(202);
    const other = await s.call('POST', '/v1/query', { key: alice.key, body: { userId: 'u1', query: 'Oslo' } });
    expect(other.json.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'USER_NOT_ALLOWED' } });
    expect((await s.rpc('Query', { userId: 'u1', query: 'Oslo' }, { key: alice.key })).details).toMatchObject({
      reason: 'USER_NOT_ALLOWED',
    });
    expect(
      (
        await s.call('POST', '/v1/admin/keys', {
          key: ADMIN_KEY,
          body: { tenantId: 'acme', scopes: ['read'], userId: 'bad user!' },
        })
      ).status,
    ).toBe(400);
  });

  it('a revoked key fails on the very next request, HTTP and gRPC', async () => {
    const k = await s.newKey({ tenantId: 'acme', scopes: ['read'] });
    expect((await s.call('POST', '/v1/query', { key: k.key, body: { userId: 'u1', query: 'Oslo' } })).status).toBe(200);
    expect((await s.rpc('Query', { userId: 'u1', query: 'Oslo' }, { key: k.key })).ok).toBe(true);
    const revoked = await s.call('DELETE', `/v1/admin/keys/${k.id}`, { key: ADMIN_KEY });
    expect(revoked.status).toBe(200);
    expect(revoked.json.revokedAt).not.toBeNull();
    const after = await s.call('POST', '/v1/query', { key: k.key, body: { userId: 'u1', query: 'Oslo' } });
    expect(after.status).toBe(401);
    expect(after.json.error.details.reason).toBe('KEY_REVOKED');
    expect((await s.rpc('Query', { userId: 'u1', query: 'Oslo' }, { key: k.key })).code).toBe(
      grpc.status.UNAUTHENTICATED,
    );
    const listed = await s.call('GET', '/v1/admin/keys?tenantId=acme', { key: ADMIN_KEY });
    expect(listed.json.keys.map((x: { id: string }) => x.id)).not.toContain(k.id);
    const all = await s.call('GET', '/v1/admin/keys?tenantId=acme&includeRevoked=true', { key: ADMIN_KEY });
    expect(all.json.keys.find((x: { id: string }) => x.id === k.id).revokedAt).not.toBeNull();
    expect(JSON.stringify(all.json)).not.toContain(k.key);
  });

  it('keys are accepted as Bearer, Token and x-api-key, on HTTP and gRPC', async () => {
    const body = { userId: 'u1', query: 'Oslo' };
    expect(
      (await s.call('POST', '/v1/query', { headers: { authorization: `Token ${readKey.key}` }, body })).status,
    ).toBe(200);
    expect((await s.call('POST', '/v1/query', { headers: { 'x-api-key': readKey.key }, body })).status).toBe(200);
    expect((await s.rpc('Query', body, { metadata: { 'x-api-key': readKey.key } })).ok).toBe(true);
    expect((await s.rpc('Query', body, { metadata: { authorization: `Token ${readKey.key}` } })).ok).toBe(true);
  });
});

describe('an agent-bound key sees only its agent (P3 agent boundary)', () => {
  let s: AuthStack;
  let botA: CreatedKey;
  let botB: CreatedKey;
  let userKey: CreatedKey;
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    s = await openAuthStack();
    const all = ['read', 'write', 'write:user_stated', 'erase'];
    botA = await s.newKey({ tenantId: 'acme', scopes: all, agentId: 'bot-a' });
    botB = await s.newKey({ tenantId: 'acme', scopes: all, agentId: 'bot-b' });
    userKey = await s.newKey({ tenantId: 'acme', scopes: all });
    const w = async (key: CreatedKey, name: string, content: string, extra: Record<string, unknown> = {}) => {
      const r = await s.call('POST', '/v1/memories', {
        key: key.key,
        body: { userId: 'carol', type: 'USER', key: 'user.plan', content, ...extra },
      });
      expect(r.status, r.text).toBe(202);
      ids[name] = r.json.id;
    };
    await w(botA, 'a1', 'Plan A: hike the fjords in May');
    await w(botA, 'a2', 'Plan A: climb in June');
    await w(botB, 'b1', 'Plan B: surf in Portugal in May');
    await w(userKey, 'shared', 'Plan: visit grandma in May (no agent)');
    await s.call('POST', '/v1/sessions/sa/messages', {
      key: botA.key,
      body: { userId: 'carol', role: 'user', content: 'A session: May trip plans' },
    });
    await s.call('POST', '/v1/sessions/sb/messages', {
      key: botB.key,
      body: { userId: 'carol', role: 'user', content: 'B session: May trip plans' },
    });
    await s.call('POST', '/v1/memories', {
      key: botB.key,
      body: { userId: 'carol', type: 'USER', tier: 'WORKING', sessionId: 'sb', content: 'B note: May' },
    });
    const now = systemClock.now().toISOString();
    const detected: ContradictionDetected = {
      eventId: newId(),
      type: 'ContradictionDetected',
      schemaVersion: 3,
      tenantId: 'acme',
      userId: 'carol',
      agentId: 'bot-b',
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        contradictionId: newId(),
        entryAId: ids.b1!,
        entryBId: newId(),
        description: 'May plans differ',
        confidence: 0.7,
        candidate: null,
      },
    };
    await s.log.append([detected]);
    await s.call('POST', '/v1/query', {
      key: userKey.key,
      body: { userId: 'carol', query: 'May', minPosition: await head(s) },
    });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('writes land in its agent whatever the body omits; naming another agent is 403', async () => {
    const events = await s.events();
    expect(events.find((e) => e.type === 'MemoryWritten' && e.payload.memoryId === ids.a1)!.agentId).toBe('bot-a');
    const r = await s.call('POST', '/v1/memories', {
      key: botA.key,
      body: { userId: 'carol', agentId: 'bot-b', type: 'USER', content: 'sneaky' },
    });
    expect(r.json.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'AGENT_NOT_ALLOWED' } });
    expect(
      (await s.rpc('Query', { userId: 'carol', agentId: 'bot-b', query: 'May' }, { key: botA.key })).details,
    ).toMatchObject({ reason: 'AGENT_NOT_ALLOWED' });
  });

  it('queries, context, reads and listings show only its agent’s memories', async () => {
    const q = await s.call('POST', '/v1/query', {
      key: botA.key,
      body: { userId: 'carol', query: 'plan May June trip', k: 50, tiers: ['SEMANTIC', 'EPISODIC'] },
    });
    expect(q.status).toBe(200);
    const seen = q.json.results.map((r: { content: string }) => r.content).join('\n');
    expect(seen).toContain('Plan A');
    expect(seen).not.toMatch(/Plan B|grandma|B session/);
    const g = await s.rpc('Query', { userId: 'carol', query: 'plan May', k: 50 }, { key: botA.key });
    const memories = g.response.results.filter((r: { kind: string }) => r.kind === 'memory');
    expect(memories.map((r: { id: string }) => r.id).sort()).toEqual([ids.a1, ids.a2].sort());
    expect(g.response.results.map((r: { content: string }) => r.content).join('\n')).not.toMatch(
      /Plan B|grandma|B session/,
    );
    const ctx = await s.call('POST', '/v1/context', {
      key: botA.key,
      body: { userId: 'carol', query: 'May plans', sessionId: 'sa' },
    });
    expect(ctx.json.context).toContain('Plan A');
    expect(ctx.json.context).not.toMatch(/Plan B|grandma|B session/);
    expect((await s.call('GET', `/v1/memories/${ids.b1}?userId=carol`, { key: botA.key })).status).toBe(404);
    expect((await s.call('GET', `/v1/memories/${ids.shared}?userId=carol`, { key: botA.key })).status).toBe(404);
    expect((await s.rpc('GetMemory', { userId: 'carol', id: ids.b1 }, { key: botA.key })).code).toBe(
      grpc.status.NOT_FOUND,
    );
    expect(
      (await s.call('GET', '/v1/contradictions?userId=carol&status=all', { key: botA.key })).json.contradictions,
    ).toEqual([]);
    expect(
      (await s.call('GET', '/v1/contradictions?userId=carol&status=all', { key: botB.key })).json.contradictions,
    ).toHaveLength(1);
    expect((await s.call('GET', '/v1/sessions/sb/working-memory?userId=carol', { key: botA.key })).text).not.toContain(
      'B note',
    );
    // A key without a binding sees every agent of the user.
    const everyone = await s.call('POST', '/v1/query', {
      key: userKey.key,
      body: { userId: 'carol', query: 'plan May', k: 50, tiers: ['SEMANTIC'] },
    });
    const all = everyone.json.results.map((r: { content: string }) => r.content).join('\n');
    for (const text of ['Plan A', 'Plan B', 'grandma']) expect(all).toContain(text);
  });

  it('history too: an agent reads neither another agent’s key history nor its memory history', async () => {
    const mine = await s.call('GET', '/v1/keys/user.plan/history?userId=carol', { key: botA.key });
    expect(mine.status).toBe(200);
    const memoryIds = new Set(mine.json.history.map((h: { memoryId: string }) => h.memoryId));
    expect([...memoryIds].sort()).toEqual([ids.a1, ids.a2].sort());
    expect(JSON.stringify(mine.json)).not.toMatch(/Plan B|grandma/);
    const all = await s.call('GET', '/v1/keys/user.plan/history?userId=carol', { key: userKey.key });
    expect(new Set(all.json.history.map((h: { memoryId: string }) => h.memoryId)).size).toBe(4);
    expect((await s.call('GET', `/v1/memories/${ids.b1}/history?userId=carol`, { key: botA.key })).status).toBe(404);
    expect(
      (await s.call('GET', `/v1/memories/${ids.a1}/history?userId=carol`, { key: botA.key })).json.history.length,
    ).toBeGreaterThan(0);
  });

  it('cannot erase or touch what it cannot see; erasing a key or the whole user is not for an agent-bound key', async () => {
    expect((await s.call('DELETE', `/v1/memories/${ids.b1}?userId=carol`, { key: botA.key })).status).toBe(404);
    expect(
      (await s.call('POST', `/v1/memories/${ids.b1}/pin`, { key: botA.key, body: { userId: 'carol' } })).status,
    ).toBe(404);
    const user = await s.call('DELETE', '/v1/users/carol/memories', { key: botA.key });
    expect(user.json.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'AGENT_BOUND' } });
    expect(
      (await s.rpc('Forget', { userId: 'carol', target: 'key', key: 'user.plan' }, { key: botA.key })).details,
    ).toMatchObject({ reason: 'AGENT_BOUND' });
    expect((await s.call('GET', `/v1/memories/${ids.b1}?userId=carol`, { key: botB.key })).status).toBe(200);
  });
});

describe('limits', () => {
  it('a bounded burst from one key gets 429 RATE_LIMITED with Retry-After while another key is served', async () => {
    // Time stands still for the buckets unless the test moves it: the outcome cannot depend on how fast the requests run.
    let t = Date.now();
    const s = await openAuthStack({ rateLimit: { perSecond: 0.5, burst: 5 }, accessClock: { now: () => new Date(t) } });
    try {
      const hot = await s.newKey({ tenantId: 'acme', scopes: ['read'] });
      const calm = await s.newKey({ tenantId: 'acme', scopes: ['read'] });
      const body = { userId: 'u1', query: 'anything' };
      const burst = await Promise.all(
        Array.from({ length: 12 }, () => s.call('POST', '/v1/query', { key: hot.key, body })),
      );
      const statuses = burst.map((r) => r.status);
      expect(statuses.filter((x) => x === 200)).toHaveLength(5);
      expect(statuses.filter((x) => x === 429)).toHaveLength(7);
      const limited = burst.find((r) => r.status === 429)!;
      expect(limited.json.error).toMatchObject({ code: 'RATE_LIMITED', retriable: true, details: { reason: 'RATE' } });
      expect(Number(limited.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
      expect((await s.rpc('Query', body, { key: hot.key })).code).toBe(grpc.status.RESOURCE_EXHAUSTED);
      const served = await Promise.all(
        Array.from({ length: 5 }, () => s.call('POST', '/v1/query', { key: calm.key, body })),
      );
      expect(served.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
      // Two seconds earn the hot key one token back at 0.5 per second: one request, then 429 again.
      t += 2000;
      expect((await s.call('POST', '/v1/query', { key: hot.key, body })).status).toBe(200);
      expect((await s.call('POST', '/v1/query', { key: hot.key, body })).status).toBe(429);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('the per-user quota refuses writes beyond it (403 QUOTA_EXCEEDED) for that user only', async () => {
    const s = await openAuthStack({ limits: { userQuota: 3 } });
    try {
      const k = await s.newKey({ tenantId: 'acme', scopes: ['read', 'write'] });
      for (let i = 0; i < 3; i++)
        expect(
          (
            await s.call('POST', '/v1/memories', {
              key: k.key,
              body: { userId: 'full', type: 'ENVIRONMENT', content: `fact number ${i}` },
            })
          ).status,
        ).toBe(202);
      const over = await s.call('POST', '/v1/sessions/s/messages', {
        key: k.key,
        body: { userId: 'full', role: 'user', content: 'one more' },
      });
      expect(over.status).toBe(403);
      expect(over.json.error).toMatchObject({ code: 'QUOTA_EXCEEDED', details: { reason: 'USER_QUOTA', limit: 3 } });
      expect(
        (await s.rpc('Write', { userId: 'full', type: 'USER', content: 'and another' }, { key: k.key })).code,
      ).toBe(grpc.status.RESOURCE_EXHAUSTED);
      expect(
        (
          await s.call('POST', '/v1/memories', {
            key: k.key,
            body: { userId: 'empty', type: 'ENVIRONMENT', content: 'first' },
          })
        ).status,
      ).toBe(202);
    } finally {
      await s.close();
    }
  }, 60_000);

  it('/metrics needs a key (any scope) when configured', async () => {
    const s = await openAuthStack({ metricsProtected: true });
    try {
      const k = await s.newKey({ tenantId: 'ops', scopes: ['read'] });
      expect((await s.call('GET', '/metrics')).status).toBe(401);
      expect((await s.call('GET', '/metrics', { key: k.key })).status).toBe(200);
      expect((await s.call('GET', '/healthz')).status).toBe(200);
    } finally {
      await s.close();
    }
  }, 60_000);
});
