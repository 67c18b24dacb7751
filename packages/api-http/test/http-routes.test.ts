import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, systemClock } from '@engram/core';
import type { ContradictionDetected, MemoryArchived } from '@engram/core';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

describe('HTTP API: every route on a listening server', () => {
  let h: HttpStack;
  beforeAll(async () => {
    h = await openHttpStack();
  });
  afterAll(async () => {
    await h.close();
  });

  it('GET /healthz and /readyz', async () => {
    expect(await h.call('GET', '/healthz')).toMatchObject({
      status: 200,
      json: { status: 'ok', version: '0.1.0-test' },
    });
    expect(await h.call('GET', '/readyz')).toMatchObject({
      status: 200,
      json: {
        status: 'ready',
        components: { log: { ok: true }, store: { ok: true }, 'projection:semantic': { ok: true } },
        reasons: [],
      },
    });
  });

  it('POST messages, GET working-memory, POST end, POST admin/consolidate', async () => {
    const m = await h.call('POST', '/v1/sessions/s-1/messages', {
      body: {
        userId: 'u1',
        role: 'user',
        content: 'I am planning a trip to Kyoto in April',
        metadata: { client: 'cli' },
      },
      headers: { 'x-correlation-id': 'req-42' },
    });
    expect(m.status).toBe(202);
    expect(m.json).toEqual({ eventId: expect.any(String), position: expect.stringMatching(/^\d+:\d+$/) });
    const ev = (await h.events()).find((e) => e.eventId === m.json.eventId)!;
    expect(ev).toMatchObject({
      type: 'MessageObserved',
      tenantId: 'default',
      userId: 'u1',
      sessionId: 's-1',
      correlationId: 'req-42',
    });

    const wm = await h.call('GET', `/v1/sessions/s-1/working-memory?userId=u1&minPosition=${m.json.position}`);
    expect(wm.status).toBe(200);
    expect(wm.headers.get('content-type')).toContain('text/markdown');
    expect(wm.text).toContain('trip to Kyoto');

    await h.call('POST', '/v1/sessions/s-2/messages', { body: { userId: 'u1', role: 'assistant', content: 'Noted' } });
    const end = await h.call('POST', '/v1/sessions/s-1/end', { body: { userId: 'u1' } });
    expect(end.status).toBe(202);
    const c = await h.call('POST', '/v1/admin/consolidate', { body: { userId: 'u1', sessionId: 's-2' } });
    expect(c).toMatchObject({ status: 202, json: { sessions: ['s-2'], eventIds: [expect.any(String)] } });
    const ends = (await h.events()).filter((e) => e.type === 'SessionEnded' && e.userId === 'u1');
    expect(ends.map((e) => (e.type === 'SessionEnded' ? [e.payload.sessionId, e.payload.reason] : null))).toEqual([
      ['s-1', 'explicit'],
      ['s-2', 'manual'],
    ]);
  });

  it('POST /v1/memories, GET it, history, key history, pin, unpin, query, context, DELETE', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: {
        userId: 'u2',
        type: 'USER',
        key: 'favorite_food',
        content: 'Favorite food is ramen',
        tags: ['food'],
        importance: 0.9,
        metadata: { via: 'test' },
      },
    });
    expect(w.status).toBe(202);
    expect(w.json).toMatchObject({ id: expect.any(String), eventId: expect.any(String), deduplicated: false });

    const g = await h.call('GET', `/v1/memories/${w.json.id}?userId=u2&minPosition=${w.json.position}`);
    expect(g.status).toBe(200);
    expect(g.json).toMatchObject({
      id: w.json.id,
      key: 'favorite_food',
      content: 'Favorite food is ramen',
      tags: ['food'],
      importance: 0.9,
      metadata: { via: 'test' },
      tier: 'SEMANTIC',
      source: 'user_stated',
    });

    const hist = await h.call('GET', `/v1/memories/${w.json.id}/history?userId=u2`);
    expect(hist.status).toBe(200);
    expect(hist.json.history.map((x: { action: string }) => x.action)).toEqual(['created']);
    const kh = await h.call('GET', '/v1/keys/favorite_food/history?userId=u2');
    expect(kh.json.history.map((x: { memoryId: string }) => x.memoryId)).toEqual([w.json.id]);

    const pin = await h.call('POST', `/v1/memories/${w.json.id}/pin`, { body: { userId: 'u2' } });
    expect(pin.status).toBe(202);
    expect(
      (await h.call('GET', `/v1/memories/${w.json.id}?userId=u2&minPosition=${pin.json.position}`)).json.pinned,
    ).toBe(true);
    const unpin = await h.call('POST', `/v1/memories/${w.json.id}/unpin`, { body: { userId: 'u2' } });
    expect(
      (await h.call('GET', `/v1/memories/${w.json.id}?userId=u2&minPosition=${unpin.json.position}`)).json.pinned,
    ).toBe(false);

    const q = await h.call('POST', '/v1/query', {
      body: { userId: 'u2', query: 'what food does the user like, ramen?', k: 5 },
    });
    expect(q.status).toBe(200);
    expect(q.json.results[0]).toMatchObject({
      id: w.json.id,
      tier: 'SEMANTIC',
      type: 'USER',
      key: 'favorite_food',
      content: 'Favorite food is ramen',
      source: 'user_stated',
      importance: 0.9,
      effectiveImportance: 0.9,
      metadata: { via: 'test' },
      sourceMessageIds: [],
      sessionId: null,
      createdAt: expect.any(String),
    });
    expect(q.json.results[0].score).toBeGreaterThan(0);

    const ctx = await h.call('POST', '/v1/context', { body: { userId: 'u2', query: 'food', budgetChars: 2000 } });
    expect(ctx.status).toBe(200);
    expect(ctx.json.context).toContain('Favorite food is ramen');
    expect(ctx.json.sections).toMatchObject({ core: 1 });

    const restore = await h.call('POST', `/v1/memories/${w.json.id}/restore`, { body: { userId: 'u2' } });
    expect(restore).toMatchObject({ status: 409, json: { error: { code: 'CONFLICT', retriable: false } } });

    const del = await h.call('DELETE', `/v1/memories/${w.json.id}?userId=u2&reason=cleanup`);
    expect(del.status).toBe(202);
    const gone = await h.call('GET', `/v1/memories/${w.json.id}?userId=u2&minPosition=${del.json.position}`);
    expect(gone).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND' } } });

    const keyed = await h.call('POST', '/v1/memories', {
      body: { userId: 'u2', type: 'USER', key: 'user.employer', content: 'Works at the harbour' },
    });
    expect(keyed.status).toBe(202);
    const byKey = await h.call('DELETE', '/v1/keys/user.employer/memories?userId=u2&reason=asked');
    expect(byKey.status).toBe(202);
    expect(byKey.json.erasureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(
      await h.call('GET', `/v1/memories/${keyed.json.id}?userId=u2&minPosition=${byKey.json.position}`),
    ).toMatchObject({ status: 404 });
    expect(await h.call('DELETE', '/v1/keys/user.employer/memories')).toMatchObject({
      status: 400,
      json: { error: { code: 'VALIDATION_FAILED', details: { field: 'userId' } } },
    });
    expect(await h.call('DELETE', '/v1/keys/user.employer/memories?userId=u2&minPosition=0:1')).toMatchObject({
      status: 400,
      json: { error: { code: 'VALIDATION_FAILED' } },
    });

    const all = await h.call('DELETE', '/v1/users/u2/memories');
    expect(all.status).toBe(202);
    const forgotten = (await h.events()).filter((e) => e.type === 'MemoryForgotten' && e.userId === 'u2');
    expect(forgotten.map((e) => (e.type === 'MemoryForgotten' ? [e.payload.target, e.payload.key] : null))).toEqual([
      ['memory', null],
      ['key', 'user.employer'],
      ['user', null],
    ]);
    // B2: each forget starts an erasure whose report is pending until the erasure coordinator (not in this stack) completes it.
    expect(all.json.erasureId).toMatch(/^[0-9a-f-]{36}$/);
    expect(forgotten.map((e) => (e.type === 'MemoryForgotten' ? e.payload.erasureId : null))).toEqual([
      del.json.erasureId,
      byKey.json.erasureId,
      all.json.erasureId,
    ]);
    const report = await h.call('GET', `/v1/erasures/${all.json.erasureId}?minPosition=${all.json.position}`);
    expect(report).toMatchObject({
      status: 200,
      json: {
        erasureId: all.json.erasureId,
        status: 'pending',
        subject: { userId: 'u2', target: 'user', memoryId: null },
        completedAt: null,
        removed: {},
      },
    });
    expect(
      await h.call('GET', `/v1/erasures/${all.json.erasureId}`, { headers: { 'x-tenant-id': 'another-tenant' } }),
    ).toMatchObject({ status: 404, json: { error: { code: 'NOT_FOUND' } } });
    expect(await h.call('GET', '/v1/erasures/not-a-uuid')).toMatchObject({
      status: 400,
      json: { error: { code: 'VALIDATION_FAILED' } },
    });
  });

  it('B3 over HTTP: validFrom/validTo on a write, asOf on query and context, both times in the memory and its history', async () => {
    const old = await h.call('POST', '/v1/memories', {
      body: {
        userId: 'u-asof',
        type: 'USER',
        key: 'user.residence',
        content: 'User lives in Lisbon',
        validFrom: '2024-01-01T00:00:00Z',
      },
    });
    const now = await h.call('POST', '/v1/memories', {
      body: {
        userId: 'u-asof',
        type: 'USER',
        key: 'user.residence',
        content: 'User lives in Montreal',
        validFrom: '2026-03-02T00:00:00Z',
      },
    });
    expect(now.status).toBe(202);
    const g = await h.call('GET', `/v1/memories/${old.json.id}?userId=u-asof&minPosition=${now.json.position}`);
    expect(g.json).toMatchObject({
      validFrom: '2024-01-01T00:00:00.000Z',
      validTo: '2026-03-02T00:00:00.000Z',
      recordedAt: expect.any(String),
    });
    const kh = await h.call('GET', '/v1/keys/user.residence/history?userId=u-asof');
    expect(kh.json.history.find((x: { action: string }) => x.action === 'superseded')).toMatchObject({
      validTo: '2026-03-02T00:00:00.000Z',
      recordedAt: expect.any(String),
    });
    const then = await h.call('POST', '/v1/query', {
      body: { userId: 'u-asof', query: 'where does the user live', asOf: '2025-01-01T00:00:00Z' },
    });
    expect(then.status).toBe(200);
    expect(then.json.results.map((x: { content: string }) => x.content)).toEqual(['User lives in Lisbon']);
    const ctx = await h.call('POST', '/v1/context', {
      body: { userId: 'u-asof', query: 'where does the user live', asOf: '2025-01-01T00:00:00Z' },
    });
    expect(ctx.json.context).toContain('User lives in Lisbon');
    expect(ctx.json.context).not.toContain('Montreal');
    const bad = await h.call('POST', '/v1/query', { body: { userId: 'u-asof', query: 'x', asOf: 'last year' } });
    expect(bad.status).toBe(400);
    const backwards = await h.call('POST', '/v1/memories', {
      body: {
        userId: 'u-asof',
        type: 'USER',
        content: 'x',
        validFrom: '2026-01-02T00:00:00Z',
        validTo: '2026-01-01T00:00:00Z',
      },
    });
    expect(backwards.status).toBe(400);
  });

  it('POST /v1/memories/{id}/restore brings an archived entry back to SEMANTIC', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'u4', type: 'ENVIRONMENT', content: 'Old CI ran on Jenkins' },
    });
    const now = systemClock.now().toISOString();
    const archived: MemoryArchived = {
      eventId: newId(),
      type: 'MemoryArchived',
      schemaVersion: 1,
      tenantId: 'default',
      userId: 'u4',
      agentId: null,
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: { memoryId: w.json.id, reason: 'decay', effectiveImportance: 0.01 },
    };
    const res = await h.log.append([archived]);
    const pos = `${res.positions[0]!.partition}:${res.positions[0]!.offset}`;
    expect((await h.call('GET', `/v1/memories/${w.json.id}?userId=u4&minPosition=${pos}`)).json.tier).toBe('ARCHIVAL');
    const r = await h.call('POST', `/v1/memories/${w.json.id}/restore`, { body: { userId: 'u4' } });
    expect(r.status).toBe(202);
    const back = await h.call('GET', `/v1/memories/${w.json.id}?userId=u4&minPosition=${r.json.position}`);
    expect(back.json.tier).toBe('SEMANTIC');
    const history = await h.call('GET', `/v1/memories/${w.json.id}/history?userId=u4`);
    expect(history.json.history.map((x: { action: string }) => x.action)).toEqual(['created', 'archived', 'restored']);
  });

  it('GET /v1/contradictions and POST /v1/contradictions/{id}/resolve', async () => {
    const a = await h.call('POST', '/v1/memories', {
      body: { userId: 'u3', type: 'USER', key: 'team', content: 'On the payments team' },
    });
    const bId = a.json.id;
    const b = await h.call('POST', '/v1/memories', {
      body: { userId: 'u3', type: 'USER', content: 'On the search team' },
    });
    const contradictionId = newId();
    const now = systemClock.now().toISOString();
    const detected: ContradictionDetected = {
      eventId: newId(),
      type: 'ContradictionDetected',
      schemaVersion: 1,
      tenantId: 'default',
      userId: 'u3',
      agentId: null,
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        contradictionId,
        entryAId: bId,
        entryBId: b.json.id,
        description: 'team changed',
        confidence: 0.7,
        candidate: null,
      },
    };
    const res = await h.log.append([detected]);
    const pos = `${res.positions[0]!.partition}:${res.positions[0]!.offset}`;
    const list = await h.call('GET', `/v1/contradictions?userId=u3&minPosition=${pos}`);
    expect(list.status).toBe(200);
    expect(list.json.contradictions).toMatchObject([
      { id: contradictionId, entryAId: bId, entryBId: b.json.id, resolution: null },
    ]);
    const r = await h.call('POST', `/v1/contradictions/${contradictionId}/resolve`, {
      body: { userId: 'u3', winner: 'a' },
    });
    expect(r).toMatchObject({ status: 202, json: { resolution: 'a_wins', winnerMemoryId: bId } });
    const loser = await h.call('GET', `/v1/memories/${b.json.id}?userId=u3&minPosition=${r.json.position}`);
    expect(loser.json.supersededBy).toBe(bId);
    const after = await h.call('GET', '/v1/contradictions?userId=u3&status=all');
    expect(after.json.contradictions[0]).toMatchObject({ resolution: 'a_wins', resolvedBy: 'user' });
    const bad = await h.call('POST', `/v1/contradictions/${contradictionId}/resolve`, {
      body: { userId: 'u3', winner: 'c' },
    });
    expect(bad).toMatchObject({
      status: 400,
      json: { error: { code: 'VALIDATION_FAILED', details: { field: 'winner' } } },
    });
  });

  it('isolation over HTTP: two tenants and two users never see each other’s memories', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'alice', type: 'USER', key: 'pin_code', content: 'Alice keeps her bike lock code 4711 secret' },
      headers: { 'x-tenant-id': 'acme' },
    });
    const own = await h.call('POST', '/v1/query', {
      body: { userId: 'alice', query: 'bike lock code', minPosition: w.json.position },
      headers: { 'x-tenant-id': 'acme' },
    });
    expect(own.json.results.map((r: { id: string }) => r.id)).toContain(w.json.id);
    for (const [tenant, user] of [
      ['globex', 'alice'],
      ['acme', 'bob'],
      ['default', 'alice'],
    ] as const) {
      const headers = { 'x-tenant-id': tenant };
      const q = await h.call('POST', '/v1/query', { body: { userId: user, query: 'bike lock code' }, headers });
      expect(q.json.results).toEqual([]);
      expect((await h.call('GET', `/v1/memories/${w.json.id}?userId=${user}`, { headers })).status).toBe(404);
      expect((await h.call('GET', `/v1/memories/${w.json.id}/history?userId=${user}`, { headers })).status).toBe(404);
      expect((await h.call('GET', `/v1/keys/pin_code/history?userId=${user}`, { headers })).json.history).toEqual([]);
      expect((await h.call('DELETE', `/v1/memories/${w.json.id}?userId=${user}`, { headers })).status).toBe(404);
    }
  });

  it('GET /openapi.json is an OpenAPI 3.1 document listing every route with its schemas', async () => {
    const r = await h.call('GET', '/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.json;
    expect(doc.openapi).toBe('3.1.0');
    const listed = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([p, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`),
    );
    expect(new Set(listed)).toEqual(
      new Set([
        'POST /v1/sessions/{sessionId}/messages',
        'POST /v1/memories',
        'POST /v1/sessions/{sessionId}/end',
        'POST /v1/query',
        'POST /v1/context',
        'GET /v1/memories/{id}',
        'PATCH /v1/memories/{id}',
        'GET /v1/users/{userId}/memories',
        'POST /v1/memories/batch',
        'GET /v1/users/{userId}/export',
        'GET /v1/users',
        'GET /v1/admin/stats',
        'GET /v1/memories/{id}/history',
        'GET /v1/keys/{key}/history',
        'DELETE /v1/memories/{id}',
        'DELETE /v1/users/{userId}/memories',
        'DELETE /v1/keys/{key}/memories',
        'GET /v1/erasures/{id}',
        'GET /v1/erasures',
        'GET /v1/users/{userId}/sessions',
        'GET /v1/sessions/{sessionId}/timeline',
        'GET /v1/memories/{id}/decay',
        'POST /v1/memories/{id}/pin',
        'POST /v1/memories/{id}/unpin',
        'POST /v1/memories/{id}/restore',
        'GET /v1/sessions/{sessionId}/working-memory',
        'GET /v1/contradictions',
        'POST /v1/contradictions/{id}/resolve',
        'POST /v1/admin/consolidate',
        'GET /v1/admin/quarantine',
        'POST /v1/admin/quarantine/{id}/release',
        'POST /v1/admin/quarantine/{id}/discard',
        'GET /v1/events/{eventId}',
        'GET /v1/events/stream',
        'POST /v1/admin/webhooks',
        'GET /v1/admin/webhooks',
        'DELETE /v1/admin/webhooks/{id}',
        'GET /v1/admin/webhooks/{id}/deliveries',
        'GET /v1/admin/dead-letters',
        'POST /v1/admin/dead-letters/retry',
        'POST /v1/admin/keys',
        'GET /v1/admin/keys',
        'DELETE /v1/admin/keys/{id}',
        'GET /healthz',
        'GET /readyz',
        'GET /openapi.json',
      ]),
    );
    const write = doc.paths['/v1/memories'].post;
    expect(write.requestBody.content['application/json'].schema.required).toEqual(['userId', 'type', 'content']);
    expect(write.responses['202'].content['application/json'].schema.properties.id).toBeDefined();
    expect(write.responses['422'].content['application/json'].schema.$ref).toBe('#/components/schemas/Error');
    expect(doc.components.schemas.Error.properties.error.required).toEqual(['code', 'message', 'retriable']);
    const get = doc.paths['/v1/memories/{id}'].get;
    expect(get.parameters.map((p: { name: string; in: string }) => `${p.in}:${p.name}`)).toEqual(
      expect.arrayContaining(['path:id', 'query:userId', 'header:x-tenant-id']),
    );
    expect(
      doc.paths['/v1/sessions/{sessionId}/working-memory'].get.responses['200'].content['text/markdown'],
    ).toBeDefined();
  });
});
