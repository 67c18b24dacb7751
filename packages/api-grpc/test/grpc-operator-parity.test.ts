/**
 * The operator and inspector calls answer over gRPC as their HTTP routes do, on one stack behind
 * both servers: keys (create → list → revoke), the scanner's quarantine, projection dead letters,
 * webhooks (create → list → deliveries from a real dispatcher and receiver → delete), sessions,
 * a session's timeline, decay curves and erasure reports, and their errors.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openAccess } from '@engram/app';
import { newId, systemClock, type ContentQuarantined } from '@engram/core';
import { sqlDeadLetters, sqlProjectionProgress } from '@engram/projections';
import { startWebhookDispatcher, type WebhookDispatcher } from '@engram/webhooks';
import { startGrpcServer, type RunningGrpcServer } from '../src/index';
import { openHttpStack, type HttpStack } from '../../api-http/test/http-server';
import { connect, type EngramClient } from './grpc-client';

const ids = (xs: Array<{ id: string }>) => xs.map((x) => x.id);
/** An answer without the fields proto3 leaves unset (JSON null, '' or 0), for comparing the two APIs' answers. */
function set(o: unknown): unknown {
  if (Array.isArray(o)) return o.map(set);
  if (o === null || typeof o !== 'object') return o;
  return Object.fromEntries(
    Object.entries(o)
      .filter(([, v]) => v !== null && v !== '' && v !== 0 && v !== false && !(Array.isArray(v) && v.length === 0))
      .map(([k, v]) => [k, set(typeof v === 'string' && /^\d+$/.test(v) && k === 'offset' ? Number(v) : v)]),
  );
}

async function until<T>(what: string, probe: () => Promise<T | null>, ms = 60_000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await probe();
    if (v !== null) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe('gRPC operator and inspector calls answer like their HTTP routes', () => {
  let h: HttpStack;
  let server: RunningGrpcServer;
  let client: EngramClient;
  let dispatcher: WebhookDispatcher;
  let receiver: Server;
  let receiverUrl: string;
  const received: string[] = [];
  beforeAll(async () => {
    h = await openHttpStack();
    server = await startGrpcServer({
      app: h.app,
      access: openAccess(),
      keys: h.keys,
      webhooks: h.webhooks,
      host: '127.0.0.1',
      port: 0,
      logger: h.logger,
    });
    client = connect(server.port);
    receiver = createServer((req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString('utf8')));
      req.on('end', () => {
        received.push(body);
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`;
    dispatcher = await startWebhookDispatcher({
      log: h.log,
      db: h.db,
      progress: sqlProjectionProgress(h.db, ['semantic']),
      clock: systemClock,
      logger: h.logger,
      pollMs: 50,
    });
  }, 60_000);
  afterAll(async () => {
    client?.close();
    await dispatcher?.close();
    await server?.close();
    await h?.close();
    await new Promise((resolve) => receiver?.close(resolve));
  });

  it('keys: create → list → revoke, and the same refusals', async () => {
    const created = await client.call('CreateApiKey', { tenantId: 'default', scopes: ['read'], name: 'via grpc' });
    expect(created).toMatchObject({ tenantId: 'default', scopes: ['read'], name: 'via grpc' });
    expect(created.key.startsWith(created.prefix)).toBe(true);
    const httpList = (await h.call('GET', '/v1/admin/keys')).json.keys;
    const grpcList = (await client.call('ListApiKeys', {})).keys ?? [];
    expect(ids(grpcList)).toEqual(ids(httpList));
    expect(ids(grpcList)).toContain(created.id);
    expect(set(grpcList)).toEqual(set(httpList));
    expect(JSON.stringify(grpcList)).not.toContain(created.key);

    const revoked = await client.call('RevokeApiKey', { id: created.id });
    expect(revoked).toMatchObject({ id: created.id, revokedAt: expect.any(String) });
    expect(ids((await client.call('ListApiKeys', {})).keys ?? [])).not.toContain(created.id);
    const withRevoked = await client.call('ListApiKeys', { includeRevoked: true });
    expect(set(withRevoked.keys)).toEqual(set((await h.call('GET', '/v1/admin/keys?includeRevoked=true')).json.keys));

    const ghost = '00000000-0000-4000-8000-000000000000';
    expect((await h.call('DELETE', `/v1/admin/keys/${ghost}`)).json.error.code).toBe('NOT_FOUND');
    expect(await client.fail('RevokeApiKey', { id: ghost })).toMatchObject({
      code: grpc.status.NOT_FOUND,
      engramCode: 'NOT_FOUND',
    });
    const bad = await h.call('POST', '/v1/admin/keys', { body: { tenantId: 'default', scopes: [] } });
    expect(bad.json.error.details.field).toBe('scopes');
    expect(await client.fail('CreateApiKey', { tenantId: 'default', scopes: [] })).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      engramCode: 'VALIDATION_FAILED',
      details: { field: 'scopes' },
    });
    expect(await client.fail('RevokeApiKey', { id: 'not-a-uuid' })).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: { field: 'id' },
    });
  });

  it('quarantine: the same held writes, released and discarded over gRPC', async () => {
    const now = systemClock.now().toISOString();
    const held = (n: number): ContentQuarantined => ({
      eventId: newId(),
      type: 'ContentQuarantined',
      schemaVersion: 2,
      tenantId: 'default',
      userId: 'qu',
      agentId: null,
      sessionId: null,
      occurredAt: now,
      recordedAt: now,
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        quarantineId: `q-${newId()}`,
        attempted: 'memory',
        heldType: 'MessageObserved',
        heldSchemaVersion: 2,
        heldPayload: { messageId: `held-${n}`, role: 'user', content: `held message ${n}`, metadata: {} },
        code: 'CONTENT_BLOCKED_INJECTION',
        reason: 'test hold',
        intents: ['override'],
        score: 0.9,
        field: 'content',
        match: null,
        scanner: 'test',
      },
    });
    const events = [held(1), held(2)];
    const res = await h.log.append(events);
    const last = res.positions[1]!;
    const at = `${last.partition}:${last.offset}`;
    const httpItems = (await h.call('GET', `/v1/admin/quarantine?userId=qu&minPosition=${at}`)).json.items;
    const grpcItems = (await client.call('ListQuarantine', { userId: 'qu', minPosition: at })).items;
    const qids = (items: Array<{ quarantineId: string }>) => items.map((i) => i.quarantineId);
    expect(qids(grpcItems)).toEqual(qids(httpItems));
    expect([...qids(grpcItems)].sort()).toEqual(events.map((e) => e.payload.quarantineId).sort());
    const { heldPayloadJson, ...first } = grpcItems[0];
    const { heldPayload, ...httpFirst } = httpItems[0];
    expect(JSON.parse(heldPayloadJson)).toEqual(heldPayload);
    expect(set(first)).toEqual(set(httpFirst));

    const [a, b] = qids(grpcItems) as [string, string];
    const released = await client.call('ReleaseQuarantined', { id: a, note: 'fine', resolvedBy: 'ops' });
    expect(released).toMatchObject({ quarantineId: a, resolution: 'released', releasedEventId: expect.any(String) });
    const discarded = await client.call('DiscardQuarantined', { id: b, minPosition: released.position });
    expect(discarded).toMatchObject({ quarantineId: b, resolution: 'discarded' });
    const after = (await h.call('GET', `/v1/admin/quarantine?userId=qu&minPosition=${discarded.position}`)).json.items;
    const statusOf = (id: string) => after.find((i: { quarantineId: string }) => i.quarantineId === id);
    expect(statusOf(b)).toMatchObject({ status: 'discarded' });
    expect(statusOf(a)).toMatchObject({
      status: 'released',
      note: 'fine',
      resolvedBy: 'ops',
      releasedEventId: released.releasedEventId,
    });

    const again = await h.call('POST', `/v1/admin/quarantine/${a}/discard`, { body: {} });
    expect(again.status).toBeGreaterThanOrEqual(400);
    expect(await client.fail('DiscardQuarantined', { id: a })).toMatchObject({ engramCode: again.json.error.code });
    expect(await client.fail('ListQuarantine', { status: 'lost' })).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: { field: 'status' },
    });
  });

  it('dead letters: the same list and counts; retry marks them', async () => {
    const w = await client.call('Write', { userId: 'dl', type: 'USER', content: 'a fact a projection once choked on' });
    const [partition, offset] = (w.position as string).split(':').map(Number) as [number, number];
    const dead = await sqlDeadLetters(h.db).record({
      projection: 'archival',
      position: { partition, offset },
      eventId: w.eventId,
      eventType: 'MemoryWritten',
      tenantId: 'default',
      userId: 'dl',
      code: 'INTERNAL',
      error: 'could not apply',
      attempts: 3,
    });
    const httpDl = (await h.call('GET', '/v1/admin/dead-letters?userId=dl&status=dead')).json;
    const grpcDl = await client.call('ListDeadLetters', { userId: 'dl', status: 'dead' });
    expect(ids(grpcDl.deadLetters)).toEqual([dead.id]);
    expect(set(grpcDl.deadLetters)).toEqual(set(httpDl.deadLetters));
    expect(grpcDl.counts).toEqual(httpDl.counts);
    expect(await client.call('RetryDeadLetters', { id: dead.id })).toEqual({ requested: 1 });
    expect(
      (await h.call('POST', '/v1/admin/dead-letters/retry', { body: { id: newId(), userId: 'dl' } })).json,
    ).toEqual({ requested: 0 });
    expect((await client.call('RetryDeadLetters', { id: newId(), userId: 'dl' })).requested ?? 0).toBe(0);
    expect(await client.fail('ListDeadLetters', { limit: -1 })).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      details: { field: 'limit' },
    });
    expect(await client.fail('RetryDeadLetters', { id: 'nope' })).toMatchObject({ details: { field: 'id' } });
  });

  it('webhooks: create → list → deliveries (a real delivery) → delete', async () => {
    const created = await client.call('CreateWebhook', { url: receiverUrl, events: ['memory.added'] });
    expect(created).toMatchObject({ url: receiverUrl, events: ['memory.added'], tenantId: 'default' });
    expect(created.secret).toMatch(/^whsec_/);
    dispatcher.endpointsChanged();
    const httpHooks = (await h.call('GET', '/v1/admin/webhooks')).json.webhooks;
    const grpcHooks = (await client.call('ListWebhooks', {})).webhooks;
    expect(set(grpcHooks)).toEqual(set(httpHooks));
    expect(JSON.stringify(grpcHooks)).not.toContain(created.secret);

    const w = await client.call('Write', { userId: 'wh', type: 'USER', content: 'collects fountain pens' });
    const deliveries = await until('a delivered webhook', async () => {
      const d = (await client.call('ListWebhookDeliveries', { id: created.id })).deliveries ?? [];
      return d.some((x: { eventId: string; status: string }) => x.eventId === w.eventId && x.status === 'delivered')
        ? d
        : null;
    });
    expect(received.some((b) => b.includes(w.id))).toBe(true);
    const httpDeliveries = (await h.call('GET', `/v1/admin/webhooks/${created.id}/deliveries`)).json.deliveries;
    expect(set(deliveries)).toEqual(set(httpDeliveries));
    const filtered = await client.call('ListWebhookDeliveries', { id: created.id, status: 'failed', limit: 5 });
    expect(filtered.deliveries ?? []).toEqual([]);
    expect(await client.fail('ListWebhookDeliveries', { id: created.id, status: 'lost' })).toMatchObject({
      details: { field: 'status' },
    });
    expect(await client.fail('CreateWebhook', { url: 'ftp://example.com/x' })).toMatchObject({
      code: grpc.status.INVALID_ARGUMENT,
      engramCode: 'VALIDATION_FAILED',
      details: { field: 'url' },
    });

    expect(await client.call('DeleteWebhook', { id: created.id })).toMatchObject({ id: created.id });
    expect((await h.call('DELETE', `/v1/admin/webhooks/${created.id}`)).json.error.code).toBe('NOT_FOUND');
    expect(await client.fail('DeleteWebhook', { id: created.id })).toMatchObject({
      code: grpc.status.NOT_FOUND,
      engramCode: 'NOT_FOUND',
    });
    expect((await client.call('ListWebhooks', {})).webhooks ?? []).toEqual([]);
  });

  it('sessions, a timeline, a decay curve and erasure reports', async () => {
    await h.call('POST', '/v1/sessions/s1/messages', {
      body: { userId: 'ins', role: 'user', content: 'I ski in winter' },
    });
    const o = await client.call('Observe', {
      userId: 'ins',
      sessionId: 's2',
      role: 'user',
      content: 'I paint on weekends',
    });
    const w = await client.call('Write', {
      userId: 'ins',
      type: 'ENVIRONMENT',
      sessionId: 's2',
      content: 'The studio is rented by the hour',
      minPosition: o.position,
    });
    const at = w.position as string;
    const httpSessions = (await h.call('GET', `/v1/users/ins/sessions?minPosition=${at}`)).json;
    const grpcSessions = await client.call('ListSessions', { userId: 'ins', minPosition: at });
    expect(grpcSessions.sessions.map((x: { sessionId: string }) => x.sessionId).sort()).toEqual(['s1', 's2']);
    expect(set(grpcSessions)).toEqual(set(httpSessions));
    const page = await client.call('ListSessions', { userId: 'ins', limit: 1 });
    expect(page.sessions).toHaveLength(1);
    const next = await client.call('ListSessions', { userId: 'ins', limit: 1, cursor: page.nextCursor });
    expect(set(next)).toEqual(
      set((await h.call('GET', `/v1/users/ins/sessions?limit=1&cursor=${page.nextCursor}`)).json),
    );

    const tl = await client.call('SessionTimeline', { userId: 'ins', sessionId: 's2', minPosition: at });
    const httpTl = (await h.call('GET', `/v1/sessions/s2/timeline?userId=ins&minPosition=${at}`)).json;
    expect(tl.messages.map((m: { content: string }) => m.content)).toEqual(['I paint on weekends']);
    expect(set(tl.session)).toEqual(set(httpTl.session));
    expect(set(tl.messages)).toEqual(set(httpTl.messages.map((m: { seq: number }) => ({ ...m, seq: String(m.seq) }))));
    expect(ids(tl.memories)).toEqual(ids(httpTl.memories));
    expect(ids(tl.memories)).toContain(w.id);

    const curve = await client.call('DecayCurve', { userId: 'ins', id: w.id, days: 60, points: 10 });
    const httpCurve = (await h.call('GET', `/v1/memories/${w.id}/decay?userId=ins&days=60&points=10`)).json;
    const { now: _n, points, effectiveImportanceNow: _e, ...rest } = curve;
    const { now: _hn, points: hpoints, effectiveImportanceNow: _he, ...httpRest } = httpCurve;
    expect(set(rest)).toEqual(set(httpRest));
    expect(points.map((p: { at: string }) => p.at.slice(0, 13))).toEqual(
      hpoints.map((p: { at: string }) => p.at.slice(0, 13)),
    );
    expect(points).toHaveLength(10);
    expect(await client.fail('DecayCurve', { userId: 'ins', id: w.id, points: 1 })).toMatchObject({
      engramCode: (await h.call('GET', `/v1/memories/${w.id}/decay?userId=ins&points=1`)).json.error.code,
    });
    expect(await client.fail('DecayCurve', { userId: 'other', id: w.id })).toMatchObject({
      code: grpc.status.NOT_FOUND,
    });

    const f = await client.call('Forget', { userId: 'ins', target: 'memory', memoryId: w.id, reason: 'asked' });
    await client.call('GetErasure', { erasureId: f.erasureId, minPosition: f.position });
    const httpErasures = (await h.call('GET', '/v1/erasures?userId=ins')).json;
    const grpcErasures = await client.call('ListErasures', { userId: 'ins' });
    expect(grpcErasures.erasures.map((e: { erasureId: string }) => e.erasureId)).toEqual([f.erasureId]);
    expect(grpcErasures.erasures.map((e: { erasureId: string }) => e.erasureId)).toEqual(
      httpErasures.erasures.map((e: { erasureId: string }) => e.erasureId),
    );
    expect(await client.fail('ListErasures', { cursor: '!!' })).toMatchObject({ details: { field: 'cursor' } });
    expect(await client.fail('SessionTimeline', { sessionId: 's2' })).toMatchObject({ details: { field: 'userId' } });
  });
});
