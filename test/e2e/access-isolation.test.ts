/**
 * P3/P5 acceptance: without a key every route is 401; with tenant A's key, tenant B's data is
 * unreachable by any route, header or body field, over HTTP and over gRPC. The routes are taken
 * from the served OpenAPI document and the gRPC service definition, so a route added later fails
 * this test until it is listed here with its attacks.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, systemClock, type ContentQuarantined, type ContradictionDetected } from '@engram/core';
import { loadEngramProto } from '@engram/api-grpc';
import { encodeAddHandle, type CreatedKey } from '@engram/app';
import { sqlDeadLetters } from '@engram/projections';
import { ADMIN_KEY, openAuthStack, type AuthStack } from './support/auth-stack';

const ALL_SCOPES = ['read', 'write', 'write:user_stated', 'erase', 'admin'];
/**
 * Words only tenant B's data holds: no answer to tenant A may contain them. Answers are checked for
 * "kumquat", which no generated id, key or secret spells ("4471" once turned up inside a UUID).
 */
const SECRET = 'vault code 4471 kumquat';

interface BData {
  memoryId: string;
  /** The event that wrote B's memory (write status). */
  eventId: string;
  quarantineId: string;
  deadLetterId: string;
  /** An erasure id A asks for in tenant B. */
  erasureId: string;
  key: string;
  sessionId: string;
  contradictionId: string;
  position: string;
  /** A webhook tenant B registered. */
  webhookId: string;
}

type HttpAttack = { method: string; path: string; body?: Record<string, unknown> };

/** How tenant A's key reaches for B's data on each operation (B's user, ids, session and key). */
function httpAttacks(b: BData, bKey: CreatedKey): Record<string, HttpAttack> {
  const u = 'userId=bob';
  return {
    observeMessage: {
      method: 'POST',
      path: `/v1/sessions/${b.sessionId}/messages`,
      body: { userId: 'bob', role: 'user', content: 'hello' },
    },
    writeMemory: {
      method: 'POST',
      path: '/v1/memories',
      body: { userId: 'bob', type: 'USER', key: b.key, content: 'overwritten by A' },
    },
    endSession: { method: 'POST', path: `/v1/sessions/${b.sessionId}/end`, body: { userId: 'bob' } },
    query: { method: 'POST', path: '/v1/query', body: { userId: 'bob', query: SECRET, k: 50 } },
    context: { method: 'POST', path: '/v1/context', body: { userId: 'bob', query: SECRET, sessionId: b.sessionId } },
    getMemory: { method: 'GET', path: `/v1/memories/${b.memoryId}?${u}` },
    memoryHistory: { method: 'GET', path: `/v1/memories/${b.memoryId}/history?${u}` },
    keyHistory: { method: 'GET', path: `/v1/keys/${b.key}/history?${u}` },
    forgetMemory: { method: 'DELETE', path: `/v1/memories/${b.memoryId}?${u}` },
    forgetUser: { method: 'DELETE', path: '/v1/users/bob/memories' },
    forgetKey: { method: 'DELETE', path: `/v1/keys/${b.key}/memories?${u}` },
    pinMemory: { method: 'POST', path: `/v1/memories/${b.memoryId}/pin`, body: { userId: 'bob' } },
    unpinMemory: { method: 'POST', path: `/v1/memories/${b.memoryId}/unpin`, body: { userId: 'bob' } },
    restoreMemory: { method: 'POST', path: `/v1/memories/${b.memoryId}/restore`, body: { userId: 'bob' } },
    workingMemory: { method: 'GET', path: `/v1/sessions/${b.sessionId}/working-memory?${u}` },
    listContradictions: { method: 'GET', path: `/v1/contradictions?${u}&status=all` },
    resolveContradiction: {
      method: 'POST',
      path: `/v1/contradictions/${b.contradictionId}/resolve`,
      body: { userId: 'bob', winner: 'b' },
    },
    consolidate: { method: 'POST', path: '/v1/admin/consolidate', body: { userId: 'bob' } },
    createApiKey: { method: 'POST', path: '/v1/admin/keys', body: { tenantId: 'tenant-b', scopes: ['read'] } },
    listApiKeys: { method: 'GET', path: '/v1/admin/keys?tenantId=tenant-b&includeRevoked=true' },
    revokeApiKey: { method: 'DELETE', path: `/v1/admin/keys/${bKey.id}` },
    listQuarantine: { method: 'GET', path: '/v1/admin/quarantine?userId=bob&status=pending' },
    releaseQuarantined: {
      method: 'POST',
      path: `/v1/admin/quarantine/${b.quarantineId}/release`,
      body: { note: 'let it through' },
    },
    discardQuarantined: { method: 'POST', path: `/v1/admin/quarantine/${b.quarantineId}/discard`, body: {} },
    listMemories: { method: 'GET', path: '/v1/users/bob/memories?tier=SEMANTIC&tier=ARCHIVAL' },
    patchMemory: {
      method: 'PATCH',
      path: `/v1/memories/${b.memoryId}`,
      body: { userId: 'bob', content: 'overwritten by A' },
    },
    writeMemories: {
      method: 'POST',
      path: '/v1/memories/batch',
      body: { userId: 'bob', items: [{ type: 'USER', key: b.key, content: 'overwritten by A' }] },
    },
    exportUser: { method: 'GET', path: '/v1/users/bob/export' },
    listUsers: { method: 'GET', path: '/v1/users' },
    stats: { method: 'GET', path: '/v1/admin/stats?userId=bob' },
    eventStatus: { method: 'GET', path: `/v1/events/${b.eventId}?${u}` },
    getErasure: { method: 'GET', path: `/v1/erasures/${b.erasureId}` },
    listDeadLetters: { method: 'GET', path: '/v1/admin/dead-letters?tenantId=tenant-b' },
    retryDeadLetters: {
      method: 'POST',
      path: '/v1/admin/dead-letters/retry',
      body: { tenantId: 'tenant-b', id: b.deadLetterId },
    },
    listSessions: { method: 'GET', path: '/v1/users/bob/sessions' },
    sessionTimeline: { method: 'GET', path: `/v1/sessions/${b.sessionId}/timeline?${u}` },
    decayCurve: { method: 'GET', path: `/v1/memories/${b.memoryId}/decay?${u}` },
    listErasures: { method: 'GET', path: `/v1/erasures?${u}` },
    streamEvents: { method: 'GET', path: `/v1/events/stream?${u}&from=0:0&follow=false` },
    createWebhook: { method: 'POST', path: '/v1/admin/webhooks', body: { url: 'https://a.example.com/hook' } },
    listWebhooks: { method: 'GET', path: '/v1/admin/webhooks' },
    deleteWebhook: { method: 'DELETE', path: `/v1/admin/webhooks/${b.webhookId}` },
    listWebhookDeliveries: { method: 'GET', path: `/v1/admin/webhooks/${b.webhookId}/deliveries` },
  };
}

function grpcAttacks(b: BData, bKey: CreatedKey): Record<string, Record<string, unknown>> {
  return {
    Write: { userId: 'bob', type: 'USER', key: b.key, content: 'overwritten by A' },
    Observe: { userId: 'bob', sessionId: b.sessionId, role: 'user', content: 'hello' },
    EndSession: { userId: 'bob', sessionId: b.sessionId },
    Query: { userId: 'bob', query: SECRET, k: 50 },
    GetMemory: { userId: 'bob', id: b.memoryId },
    Forget: { userId: 'bob', target: 'memory', memoryId: b.memoryId },
    GetEventStatus: { userId: 'bob', eventId: b.eventId },
    GetErasure: { erasureId: b.erasureId },
    Context: { userId: 'bob', query: SECRET, sessionId: b.sessionId },
    WorkingMemory: { userId: 'bob', sessionId: b.sessionId },
    MemoryHistory: { userId: 'bob', id: b.memoryId },
    KeyHistory: { userId: 'bob', key: b.key },
    ListMemories: { userId: 'bob', tiers: ['SEMANTIC', 'ARCHIVAL'] },
    PatchMemory: { userId: 'bob', id: b.memoryId, content: 'overwritten by A' },
    WriteBatch: { userId: 'bob', items: [{ type: 'USER', key: b.key, content: 'overwritten by A' }] },
    Pin: { userId: 'bob', id: b.memoryId },
    Unpin: { userId: 'bob', id: b.memoryId },
    Restore: { userId: 'bob', id: b.memoryId },
    ListContradictions: { userId: 'bob', status: 'all' },
    ResolveContradiction: { userId: 'bob', id: b.contradictionId, winner: 'b' },
    ExportUser: { userId: 'bob' },
    ListUsers: {},
    Stats: { userId: 'bob' },
    Consolidate: { userId: 'bob' },
    StreamEvents: { userId: 'bob', from: '0:0', noFollow: true },
    CreateApiKey: { tenantId: 'tenant-b', scopes: ['read'] },
    ListApiKeys: { tenantId: 'tenant-b', includeRevoked: true },
    RevokeApiKey: { id: bKey.id },
    ListQuarantine: { userId: 'bob', status: 'pending' },
    ReleaseQuarantined: { id: b.quarantineId, note: 'let it through' },
    DiscardQuarantined: { id: b.quarantineId },
    ListDeadLetters: { tenantId: 'tenant-b' },
    RetryDeadLetters: { tenantId: 'tenant-b', id: b.deadLetterId },
    ListSessions: { userId: 'bob' },
    SessionTimeline: { userId: 'bob', sessionId: b.sessionId },
    DecayCurve: { userId: 'bob', id: b.memoryId },
    ListErasures: { userId: 'bob' },
    CreateWebhook: { url: 'https://a.example.com/hook' },
    ListWebhooks: {},
    DeleteWebhook: { id: b.webhookId },
    ListWebhookDeliveries: { id: b.webhookId },
  };
}

/** The methods only an operator (admin scope) calls, and ListErasures (erase): refused to a read/write key. */
const OPERATOR_METHODS: Record<string, string> = {
  ListUsers: 'admin',
  Stats: 'admin',
  Consolidate: 'admin',
  CreateApiKey: 'admin',
  ListApiKeys: 'admin',
  RevokeApiKey: 'admin',
  ListQuarantine: 'admin',
  ReleaseQuarantined: 'admin',
  DiscardQuarantined: 'admin',
  ListDeadLetters: 'admin',
  RetryDeadLetters: 'admin',
  CreateWebhook: 'admin',
  ListWebhooks: 'admin',
  DeleteWebhook: 'admin',
  ListWebhookDeliveries: 'admin',
  ListErasures: 'erase',
};

const PUBLIC = new Set(['healthz', 'readyz', 'openapi']);

describe('tenant isolation on every route, HTTP and gRPC (P3, P5)', () => {
  let s: AuthStack;
  let keyA: CreatedKey;
  let keyB: CreatedKey;
  let b: BData;
  let operations: Array<{ operationId: string; method: string; path: string }>;

  beforeAll(async () => {
    s = await openAuthStack();
    keyA = await s.newKey({ tenantId: 'tenant-a', scopes: ALL_SCOPES, name: 'A' });
    keyB = await s.newKey({ tenantId: 'tenant-b', scopes: ALL_SCOPES, name: 'B' });
    const w = await s.call('POST', '/v1/memories', {
      key: keyB.key,
      body: { userId: 'bob', type: 'USER', key: 'user.vault', content: `Bob's ${SECRET}`, tags: ['secret'] },
    });
    expect(w.status).toBe(202);
    const m = await s.call('POST', '/v1/sessions/b-session/messages', {
      key: keyB.key,
      body: { userId: 'bob', role: 'user', content: `remember the ${SECRET}` },
    });
    expect(m.status).toBe(202);
    const note = await s.call('POST', '/v1/memories', {
      key: keyB.key,
      body: { userId: 'bob', type: 'USER', tier: 'WORKING', sessionId: 'b-session', content: `note: ${SECRET}` },
    });
    expect(note.status).toBe(202);
    const contradictionId = newId();
    const now = systemClock.now().toISOString();
    const detected: ContradictionDetected = {
      eventId: newId(),
      type: 'ContradictionDetected',
      schemaVersion: 3,
      tenantId: 'tenant-b',
      userId: 'bob',
      agentId: null,
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        contradictionId,
        entryAId: w.json.id,
        entryBId: newId(),
        description: `${SECRET} changed`,
        confidence: 0.8,
        candidate: {
          key: 'user.vault',
          content: `Bob's new ${SECRET}`,
          source: 'model_inferred',
          confidence: 0.7,
          sourceMessageIds: [],
        },
      },
    };
    const quarantineId = `q-${newId()}`;
    const held: ContentQuarantined = {
      eventId: newId(),
      type: 'ContentQuarantined',
      schemaVersion: 2,
      tenantId: 'tenant-b',
      userId: 'bob',
      agentId: null,
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: keyB.id,
      payload: {
        quarantineId,
        attempted: 'memory',
        heldType: 'MessageObserved',
        heldSchemaVersion: 2,
        heldPayload: { messageId: 'held-1', role: 'user', content: `held: ${SECRET}`, metadata: {} },
        code: 'CONTENT_BLOCKED_INJECTION',
        reason: 'test hold',
        intents: [],
        score: 0.9,
        field: 'content',
        match: null,
        scanner: 'test',
      },
    };
    const res = await s.log.append([detected]);
    await s.log.append([held]);
    const position = `${res.positions[0]!.partition}:${res.positions[0]!.offset}`;
    // A projection failure on one of B's events, its error quoting B's content.
    const dead = await sqlDeadLetters(s.db).record({
      projection: 'semantic',
      position: res.positions[0]!,
      eventId: detected.eventId,
      eventType: detected.type,
      tenantId: 'tenant-b',
      userId: 'bob',
      code: 'INTERNAL',
      error: `could not apply: ${SECRET}`,
      attempts: 3,
    });
    // A real erasure of B's (of a note written for it): its report is what A reaches for.
    const spare = await s.call('POST', '/v1/memories', {
      key: keyB.key,
      body: { userId: 'bob', type: 'USER', content: 'a note bob erases' },
    });
    const erased = await s.call(
      'DELETE',
      `/v1/memories/${spare.json.id}?userId=bob&minPosition=${spare.json.position}`,
      {
        key: keyB.key,
      },
    );
    expect(erased.status).toBe(202);
    expect(
      (
        await s.call('GET', `/v1/erasures/${erased.json.erasureId}?minPosition=${erased.json.position}`, {
          key: keyB.key,
        })
      ).status,
    ).toBe(200);
    const hook = await s.call('POST', '/v1/admin/webhooks', {
      key: keyB.key,
      body: { url: 'https://b.example.com/hook', description: `B ${SECRET}` },
    });
    expect(hook.status).toBe(201);
    b = {
      webhookId: hook.json.id,
      erasureId: erased.json.erasureId,
      memoryId: w.json.id,
      eventId: w.json.eventId,
      quarantineId,
      deadLetterId: dead.id,
      key: 'user.vault',
      sessionId: 'b-session',
      contradictionId,
      position,
    };
    // B's data is readable by B: the attacks below are refused, not missing their target.
    const seen = await s.call('POST', '/v1/query', {
      key: keyB.key,
      body: { userId: 'bob', query: SECRET, minPosition: position },
    });
    expect(seen.json.results.map((r: { id: string }) => r.id)).toContain(b.memoryId);
    const doc = await s.call('GET', '/openapi.json');
    operations = Object.entries(doc.json.paths as Record<string, Record<string, { operationId: string }>>).flatMap(
      ([path, ops]) =>
        Object.entries(ops).map(([method, op]) => ({
          operationId: op.operationId,
          method: method.toUpperCase(),
          path,
        })),
    );
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('the attack table covers every operation of the OpenAPI document and every gRPC method', () => {
    const protectedOps = operations
      .filter((o) => !PUBLIC.has(o.operationId))
      .map((o) => o.operationId)
      .sort();
    expect(Object.keys(httpAttacks(b, keyB)).sort()).toEqual(protectedOps);
    expect(Object.keys(grpcAttacks(b, keyB)).sort()).toEqual(Object.keys(loadEngramProto().service).sort());
  });

  it('without a key, or with a bad one, every route but the public probes answers 401 UNAUTHENTICATED', async () => {
    for (const [op, a] of Object.entries(httpAttacks(b, keyB))) {
      const attempts: Array<Record<string, string>> = [
        {},
        { authorization: 'Bearer egk_forged' },
        { 'x-api-key': 'nope' },
        { authorization: `Basic ${Buffer.from('a:b').toString('base64')}` },
      ];
      for (const headers of attempts) {
        const r = await s.call(a.method, a.path, { headers, ...(a.body ? { body: a.body } : {}) });
        expect(r.status, `${op} ${JSON.stringify(headers)}`).toBe(401);
        expect(r.json.error.code).toBe('UNAUTHENTICATED');
        expect(r.headers.get('www-authenticate')).toContain('Bearer');
      }
    }
    expect((await s.call('GET', '/v1/no-such-route')).status).toBe(401);
    for (const path of ['/healthz', '/readyz', '/openapi.json', '/metrics'])
      expect((await s.call('GET', path)).status, path).toBe(200);
  });

  it('over gRPC too: UNAUTHENTICATED without a valid key', async () => {
    for (const [method, req] of Object.entries(grpcAttacks(b, keyB))) {
      for (const key of [undefined, 'egk_forged']) {
        const r = await s.rpc(method, req, key ? { key } : {});
        expect(r.code, method).toBe(grpc.status.UNAUTHENTICATED);
        expect(r.engramCode).toBe('UNAUTHENTICATED');
      }
    }
  });

  it("tenant A's key naming tenant B in x-tenant-id is 403 FORBIDDEN on every route and method", async () => {
    for (const [op, a] of Object.entries(httpAttacks(b, keyB))) {
      const r = await s.call(a.method, a.path, {
        key: keyA.key,
        headers: { 'x-tenant-id': 'tenant-b' },
        ...(a.body ? { body: a.body } : {}),
      });
      if (op === 'createApiKey' || op === 'listApiKeys' || op === 'revokeApiKey') {
        // Key management takes its tenant from the body / query / key itself: checked below.
        expect([403, 404], op).toContain(r.status);
      } else {
        expect(r.status, op).toBe(403);
        expect(r.json.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'TENANT_NOT_ALLOWED' } });
      }
      expect(r.text, op).not.toContain('kumquat');
    }
    for (const [method, req] of Object.entries(grpcAttacks(b, keyB))) {
      const r = await s.rpc(method, req, { key: keyA.key, metadata: { 'x-tenant-id': 'tenant-b' } });
      expect(r.code, method).toBe(grpc.status.PERMISSION_DENIED);
      expect(r.details).toMatchObject({ reason: 'TENANT_NOT_ALLOWED' });
    }
  });

  // Before the body attacks below: those write into tenant A under B's names (user bob, B's session id).
  it("the Mem0 routes (/mem0: entities, events) reach only the key's tenant", async () => {
    const token = (key: string) => ({ headers: { authorization: `Token ${key}` } });
    const bEvent = encodeAddHandle({ userId: 'bob', kind: 'raw', eventIds: [b.eventId] });
    const routes: HttpAttack[] = [
      { method: 'GET', path: '/mem0/v1/entities/' },
      { method: 'GET', path: '/mem0/v1/events/' },
      { method: 'GET', path: `/mem0/v1/event/${bEvent}/` },
      { method: 'DELETE', path: '/mem0/v2/entities/user/bob/' },
      { method: 'DELETE', path: '/mem0/v1/entities/user/bob/' },
      { method: 'DELETE', path: `/mem0/v2/entities/run/${b.sessionId}/` },
      { method: 'DELETE', path: '/mem0/v2/entities/agent/bob-agent/' },
    ];
    // B's own key sees its user, session and write: the attacks below are refused, not missing their target.
    const own = await s.call('GET', '/mem0/v1/entities/', token(keyB.key));
    expect(own.json.results.map((e: { type: string; name: string }) => `${e.type}:${e.name}`)).toEqual(
      expect.arrayContaining(['user:bob', `run:${b.sessionId}`]),
    );
    const ownEvents = await s.call('GET', '/mem0/v1/events/', token(keyB.key));
    expect(ownEvents.json.results.map((e: { id: string }) => e.id)).toContain(bEvent);
    expect((await s.call('GET', `/mem0/v1/event/${bEvent}/`, token(keyB.key))).json).toMatchObject({ id: bEvent });

    for (const a of routes) {
      for (const headers of [{}, { authorization: 'Token egk_forged' }] as Array<Record<string, string>>) {
        const r = await s.call(a.method, a.path, { headers });
        expect(r.status, `${a.method} ${a.path}`).toBe(401);
        expect(r.json.error.code).toBe('UNAUTHENTICATED');
      }
      const named = await s.call(a.method, a.path, {
        headers: { authorization: `Token ${keyA.key}`, 'x-tenant-id': 'tenant-b' },
      });
      expect(named.status, `${a.method} ${a.path}`).toBe(403);
      expect(named.json.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'TENANT_NOT_ALLOWED' } });
    }
    const entities = await s.call('GET', '/mem0/v1/entities/', token(keyA.key));
    expect(entities.status).toBe(200);
    expect(entities.json.results.map((e: { name: string }) => e.name)).not.toContain('bob');
    expect(entities.json.results.map((e: { name: string }) => e.name)).not.toContain(b.sessionId);
    const events = await s.call('GET', '/mem0/v1/events/', token(keyA.key));
    expect(events.status).toBe(200);
    expect(events.text).not.toContain(b.eventId.replace(/-/g, ''));
    expect(events.json.results.map((e: { payload: { user_id: string } }) => e.payload.user_id)).not.toContain('bob');
    expect((await s.call('GET', `/mem0/v1/event/${bEvent}/`, token(keyA.key))).status).toBe(404);
    // Deleting "bob" or B's run with A's key reaches tenant A's bob (there is none): nothing of B's goes.
    for (const a of routes.filter((r) => r.method === 'DELETE')) {
      const r = await s.call(a.method, a.path, token(keyA.key));
      expect(r.status, a.path).toBe(200);
      expect(r.text).not.toContain('kumquat');
    }
    const run = await s.call('DELETE', `/mem0/v2/entities/run/${b.sessionId}/`, token(keyA.key));
    expect(run.json.erasure_ids).toEqual([]);
  });

  it("tenant A's key with B's user, ids and session in the body reaches only tenant A", async () => {
    for (const [op, a] of Object.entries(httpAttacks(b, keyB))) {
      const r = await s.call(a.method, a.path, { key: keyA.key, ...(a.body ? { body: a.body } : {}) });
      expect(r.status, `${op}: ${r.text}`).toBeLessThan(500);
      expect(r.text, op).not.toContain('kumquat');
      expect(r.text, op).not.toContain(keyB.prefix);
      const lookups = [
        'getMemory',
        'memoryHistory',
        'forgetMemory',
        'pinMemory',
        'unpinMemory',
        'restoreMemory',
        'resolveContradiction',
        'revokeApiKey',
        'releaseQuarantined',
        'discardQuarantined',
        'eventStatus',
        'getErasure',
        'patchMemory',
        'decayCurve',
        'deleteWebhook',
        'listWebhookDeliveries',
      ];
      if (lookups.includes(op)) {
        expect(r.status, op).toBe(404);
      }
      // Operator routes that name a tenant (key management, dead letters): a tenant admin names only its own.
      const tenantNamed = ['createApiKey', 'listApiKeys', 'listDeadLetters', 'retryDeadLetters'];
      if (tenantNamed.includes(op))
        expect(r.json.error).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'TENANT_NOT_ALLOWED' } });
      // A body field naming the tenant is not a way in either: bodies have no tenant field.
      if (a.body && !tenantNamed.includes(op)) {
        const withTenant = await s.call(a.method, a.path, { key: keyA.key, body: { ...a.body, tenantId: 'tenant-b' } });
        expect(withTenant.status, op).toBe(400);
        expect(withTenant.json.error.details.field).toBe('tenantId');
      }
    }
    // Naming no tenant, A's admin key sees, counts and retries only tenant A's dead letters (there are none).
    const dl = await s.call('GET', '/v1/admin/dead-letters?status=dead', { key: keyA.key });
    expect(dl.json).toEqual({ deadLetters: [], counts: {} });
    expect((await s.call('POST', '/v1/admin/dead-letters/retry', { key: keyA.key, body: {} })).json).toEqual({
      requested: 0,
    });
    const listed = await s.call('GET', '/v1/admin/keys?includeRevoked=true', { key: keyA.key });
    expect(listed.json.keys.map((k: { tenantId: string }) => k.tenantId)).toEqual(expect.arrayContaining(['tenant-a']));
    expect(listed.json.keys.every((k: { tenantId: string }) => k.tenantId === 'tenant-a')).toBe(true);

    for (const [method, req] of Object.entries(grpcAttacks(b, keyB))) {
      const r = await s.rpc(method, req, { key: keyA.key });
      expect(JSON.stringify(r), method).not.toContain('kumquat');
      expect(JSON.stringify(r), method).not.toContain(keyB.prefix);
      // No answer lists B's webhook, held write or dead letter (a NOT_FOUND may echo the id asked for).
      for (const id of [b.webhookId, b.quarantineId, b.deadLetterId])
        expect(JSON.stringify(r.response ?? {}), method).not.toContain(id);
      // Operator calls that name a tenant (key management, dead letters): a tenant admin names only its own.
      if (['CreateApiKey', 'ListApiKeys', 'ListDeadLetters', 'RetryDeadLetters'].includes(method))
        expect(r, method).toMatchObject({
          code: grpc.status.PERMISSION_DENIED,
          engramCode: 'FORBIDDEN',
          details: { reason: 'TENANT_NOT_ALLOWED' },
        });
      if (
        [
          'GetMemory',
          'Forget',
          'GetEventStatus',
          'GetErasure',
          'MemoryHistory',
          'PatchMemory',
          'Pin',
          'Unpin',
          'Restore',
          'ResolveContradiction',
          'RevokeApiKey',
          'ReleaseQuarantined',
          'DiscardQuarantined',
          'DecayCurve',
          'DeleteWebhook',
          'ListWebhookDeliveries',
        ].includes(method)
      )
        expect(r.code, method).toBe(grpc.status.NOT_FOUND);
      if (method === 'Query') expect(r.response.results.map((h: { id: string }) => h.id)).not.toContain(b.memoryId);
      // The listings answer, with tenant A's data only.
      if (['ListQuarantine', 'ListSessions', 'ListErasures', 'ListWebhooks'].includes(method))
        expect(r.ok, method).toBe(true);
    }
    // Naming no tenant, A's admin key lists only tenant A's keys, dead letters and webhooks over gRPC too.
    const keysA = (await s.rpc('ListApiKeys', { includeRevoked: true }, { key: keyA.key })).response.keys;
    expect(keysA.length).toBeGreaterThan(0);
    expect(keysA.every((k: { tenantId: string }) => k.tenantId === 'tenant-a')).toBe(true);
    const dlA = (await s.rpc('ListDeadLetters', { status: 'dead' }, { key: keyA.key })).response;
    expect(dlA.deadLetters ?? []).toEqual([]);
    const hooksA = (await s.rpc('ListWebhooks', {}, { key: keyA.key })).response.webhooks ?? [];
    expect(hooksA.every((w: { tenantId: string }) => w.tenantId === 'tenant-a')).toBe(true);
  });

  it('a key without the admin (or erase) scope gets PERMISSION_DENIED on every operator method, as HTTP 403', async () => {
    const worker = await s.newKey({ tenantId: 'tenant-a', scopes: ['read', 'write'], name: 'A worker' });
    const requests = grpcAttacks(b, keyB);
    for (const [method, scope] of Object.entries(OPERATOR_METHODS)) {
      const r = await s.rpc(method, requests[method]!, { key: worker.key });
      expect(r, method).toMatchObject({
        code: grpc.status.PERMISSION_DENIED,
        engramCode: 'FORBIDDEN',
        details: { reason: 'SCOPE_MISSING', missing: [scope] },
      });
    }
    const attacks = httpAttacks(b, keyB);
    for (const op of [
      'createApiKey',
      'listQuarantine',
      'listDeadLetters',
      'createWebhook',
      'listWebhooks',
      'listErasures',
    ]) {
      const a = attacks[op]!;
      const r = await s.call(a.method, a.path, { key: worker.key, ...(a.body ? { body: a.body } : {}) });
      expect(r.status, op).toBe(403);
      expect(r.json.error, op).toMatchObject({ code: 'FORBIDDEN', details: { reason: 'SCOPE_MISSING' } });
    }
    // Its own reads are served: the refusals above are the scope's.
    expect((await s.rpc('ListSessions', { userId: 'alice' }, { key: worker.key })).ok).toBe(true);
  });

  it("after every attack tenant B's data and key are exactly as they were", async () => {
    const head = await s.log.head();
    const last = `0:${(head.get(0) ?? 1) - 1}`;
    const m = await s.call('GET', `/v1/memories/${b.memoryId}?userId=bob&minPosition=${last}`, { key: keyB.key });
    expect(m.status).toBe(200);
    expect(m.json).toMatchObject({
      tenantId: 'tenant-b',
      content: `Bob's ${SECRET}`,
      pinned: false,
      tier: 'SEMANTIC',
      supersededBy: null,
    });
    const history = await s.call('GET', `/v1/memories/${b.memoryId}/history?userId=bob`, { key: keyB.key });
    expect(history.json.history.map((h: { action: string }) => h.action)).toEqual(['created']);
    const c = await s.call('GET', '/v1/contradictions?userId=bob&status=all', { key: keyB.key });
    expect(c.json.contradictions).toEqual([expect.objectContaining({ id: b.contradictionId, resolution: null })]);
    const wm = await s.call('GET', `/v1/sessions/${b.sessionId}/working-memory?userId=bob`, { key: keyB.key });
    expect(wm.text).toContain(SECRET);
    // (B's own reads append MemoryAccessed; nothing else was added.)
    const events = (await s.events()).filter((e) => e.tenantId === 'tenant-b' && e.type !== 'MemoryAccessed');
    expect(events.map((e) => e.type)).toEqual([
      'MemoryWritten',
      'MessageObserved',
      'MemoryWritten',
      'ContradictionDetected',
      'ContentQuarantined',
      'MemoryWritten',
      'MemoryForgotten',
    ]);
    const held = await s.call('GET', `/v1/admin/quarantine?userId=bob&minPosition=${last}`, { key: keyB.key });
    expect(held.json.items).toEqual([expect.objectContaining({ quarantineId: b.quarantineId, status: 'pending' })]);
    const dead = await s.call('GET', '/v1/admin/dead-letters', { key: keyB.key });
    expect(dead.json.deadLetters).toEqual([
      expect.objectContaining({ id: b.deadLetterId, status: 'dead', tenantId: 'tenant-b' }),
    ]);
    expect(dead.json.counts).toEqual({ semantic: 1 });
    const status = await s.call('GET', `/v1/events/${b.eventId}?userId=bob`, { key: keyB.key });
    expect(status.json).toMatchObject({ eventId: b.eventId, memoryId: b.memoryId });
    expect((await s.keys.get(keyB.id))!.revokedAt).toBeNull();
    const hooks = await s.call('GET', '/v1/admin/webhooks', { key: keyB.key });
    expect(hooks.json.webhooks.map((w: { id: string }) => w.id)).toEqual([b.webhookId]);
    expect((await s.rpc('ListWebhooks', {}, { key: keyB.key })).response.webhooks).toEqual([
      expect.objectContaining({ id: b.webhookId, tenantId: 'tenant-b' }),
    ]);
    expect((await s.call('POST', '/v1/query', { key: keyB.key, body: { userId: 'bob', query: 'vault' } })).status).toBe(
      200,
    );
    // What A's attacks wrote went to tenant A, recorded with A's key.
    const fromA = (await s.events()).filter((e) => e.keyId === keyA.id);
    expect(fromA.length).toBeGreaterThan(0);
    expect(fromA.every((e) => e.tenantId === 'tenant-a')).toBe(true);
  });

  it('the bootstrap admin reaches any tenant through x-tenant-id; events record who wrote them', async () => {
    const r = await s.call('GET', `/v1/memories/${b.memoryId}?userId=bob`, {
      key: ADMIN_KEY,
      headers: { 'x-tenant-id': 'tenant-b' },
    });
    expect(r.status).toBe(200);
    const bEvents = (await s.events()).filter(
      (e) => e.tenantId === 'tenant-b' && e.type !== 'ContradictionDetected' && e.type !== 'MemoryAccessed',
    );
    expect(bEvents.length).toBeGreaterThan(3);
    expect(bEvents.every((e) => e.keyId === keyB.id)).toBe(true);
  });
});
