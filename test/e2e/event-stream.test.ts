/**
 * B1 acceptance: GET /v1/events/stream over real HTTP with auth required — what a key may see
 * (tenant, user binding, scopes), the SSE wire format (id = log position, event = type, data = the
 * event), content on live events only, resuming with Last-Event-ID or `from`, heartbeats, and the
 * gRPC StreamEvents twin.
 */
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CreatedKey } from '@engram/app';
import { loadEngramProto } from '@engram/api-grpc';
import { sseMessages, type SseMessage } from '../../packages/client/src/event-stream';
import { openAuthStack, type AuthStack } from './support/auth-stack';

interface OpenStream {
  status: number;
  json: any;
  /** The next message (events and errors; heartbeats are counted, not returned). */
  next(timeoutMs?: number): Promise<SseMessage>;
  heartbeats(): number;
  close(): void;
}

async function openStream(base: string, path: string, key: string, headers: Record<string, string> = {}) {
  const ctl = new AbortController();
  const res = await fetch(base + path, {
    headers: { authorization: `Bearer ${key}`, accept: 'text/event-stream', ...headers },
    signal: ctl.signal,
  });
  if (!res.ok) return { status: res.status, json: await res.json(), close: () => ctl.abort() } as OpenStream;
  expect(res.headers.get('content-type')).toMatch(/^text\/event-stream/);
  // Heartbeats are comment lines, which the parser skips: count them from the raw bytes.
  let beats = 0;
  const [forMessages, forBeats] = res.body!.tee();
  void (async () => {
    const dec = new TextDecoder();
    const reader = forBeats.getReader();
    try {
      for (;;) {
        const { value, done } = await reader.read();
        if (done) return;
        beats += dec.decode(value).split(': heartbeat\n').length - 1;
      }
    } catch {
      // closed
    }
  })();
  const it = sseMessages(forMessages)[Symbol.asyncIterator]();
  return {
    status: res.status,
    json: null,
    async next(timeoutMs = 15_000) {
      let t: NodeJS.Timeout | undefined;
      const r = await Promise.race([
        it.next(),
        new Promise<never>((_, rej) => (t = setTimeout(() => rej(new Error('no SSE message in time')), timeoutMs))),
      ]);
      clearTimeout(t);
      if (r.done) throw new Error('the stream ended');
      return r.value;
    },
    heartbeats: () => beats,
    close: () => ctl.abort(),
  } satisfies OpenStream;
}

const write = (s: AuthStack, key: string, userId: string, content: string, extra: Record<string, unknown> = {}) =>
  s.call('POST', '/v1/memories', { key, body: { userId, type: 'USER', content, ...extra } }).then((r) => {
    expect(r.status).toBe(202);
    return r.json as { id: string; eventId: string; position: string };
  });

describe('GET /v1/events/stream', () => {
  let s: AuthStack;
  let writer: CreatedKey;
  let tenantReader: CreatedKey;
  let aliceReader: CreatedKey;
  let otherTenant: CreatedKey;
  let writeOnly: CreatedKey;

  beforeAll(async () => {
    s = await openAuthStack({ streamHeartbeatMs: 300 });
    writer = await s.newKey({ tenantId: 'acme', scopes: ['read', 'write', 'write:user_stated'] });
    tenantReader = await s.newKey({ tenantId: 'acme', scopes: ['read'] });
    aliceReader = await s.newKey({ tenantId: 'acme', userId: 'alice', scopes: ['read'] });
    otherTenant = await s.newKey({ tenantId: 'globex', scopes: ['read', 'write'] });
    writeOnly = await s.newKey({ tenantId: 'acme', scopes: ['write'] });
  }, 60_000);
  afterAll(async () => {
    await s?.close();
  });

  it('a user-bound key sees its user’s events live, with content; ids are log positions; heartbeats keep it open', async () => {
    const alice = await openStream(s.base, '/v1/events/stream', aliceReader.key);
    const tenant = await openStream(s.base, '/v1/events/stream?types=MemoryWritten', tenantReader.key);
    const globex = await openStream(s.base, '/v1/events/stream', otherTenant.key);
    expect(alice.status).toBe(200);
    const b = await write(s, writer.key, 'bob', 'Bob drinks green tea');
    const a = await write(s, writer.key, 'alice', 'Alice plays the cello', { key: 'user.instrument', tags: ['music'] });

    const m = await alice.next();
    expect(m.event).toBe('MemoryWritten');
    expect(m.id).toBe(a.position);
    const e = JSON.parse(m.data);
    expect(e).toMatchObject({
      position: a.position,
      eventId: a.eventId,
      type: 'MemoryWritten',
      tenantId: 'acme',
      userId: 'alice',
      erased: false,
      data: { memoryId: a.id, tier: 'SEMANTIC', source: 'user_stated' },
      content: { content: 'Alice plays the cello', key: 'user.instrument', tags: ['music'] },
    });
    // The user content is under content only, never among the clear fields.
    expect(JSON.stringify(e.data)).not.toContain('cello');

    const t1 = JSON.parse((await tenant.next()).data);
    const t2 = JSON.parse((await tenant.next()).data);
    expect([t1.userId, t2.userId]).toEqual(['bob', 'alice']);
    expect(t1.data.memoryId).toBe(b.id);

    const g = await write(s, otherTenant.key, 'alice', 'Globex Alice likes chess');
    const gm = await globex.next();
    expect(gm.id).toBe(g.position);
    expect(JSON.parse(gm.data).tenantId).toBe('globex');

    await expect.poll(() => alice.heartbeats(), { timeout: 10_000 }).toBeGreaterThan(0);
    for (const x of [alice, tenant, globex]) x.close();
  });

  it('resumes after Last-Event-ID (replayed events carry ids, not content) and starts at `from` inclusively', async () => {
    const first = await write(s, writer.key, 'carol', 'Carol lives in Lyon');
    const second = await write(s, writer.key, 'carol', 'Carol works at a bakery');
    const third = await write(s, writer.key, 'carol', 'Carol has two dogs');

    const resumed = await openStream(s.base, '/v1/events/stream?userId=carol', tenantReader.key, {
      'last-event-id': first.position,
    });
    const r1 = await resumed.next();
    const r2 = await resumed.next();
    expect([r1.id, r2.id]).toEqual([second.position, third.position]);
    expect(JSON.parse(r1.data)).toMatchObject({ data: { memoryId: second.id }, content: null });
    // Then live, with content.
    const fourth = await write(s, writer.key, 'carol', 'Carol bakes rye bread');
    const live = JSON.parse((await resumed.next()).data);
    expect(live).toMatchObject({ position: fourth.position, content: { content: 'Carol bakes rye bread' } });
    resumed.close();

    const from = await openStream(s.base, `/v1/events/stream?userId=carol&from=${second.position}`, tenantReader.key);
    expect((await from.next()).id).toBe(second.position);
    expect((await from.next()).id).toBe(third.position);
    from.close();
  });

  it('refuses what the key may not see before streaming (401, 403, 400) and gRPC StreamEvents streams the same events', async () => {
    const none = await fetch(`${s.base}/v1/events/stream`);
    expect(none.status).toBe(401);
    const scope = await openStream(s.base, '/v1/events/stream', writeOnly.key);
    expect(scope).toMatchObject({
      status: 403,
      json: { error: { code: 'FORBIDDEN', details: { reason: 'SCOPE_MISSING' } } },
    });
    const user = await openStream(s.base, '/v1/events/stream?userId=bob', aliceReader.key);
    expect(user).toMatchObject({ status: 403, json: { error: { details: { reason: 'USER_NOT_ALLOWED' } } } });
    const bad = await openStream(s.base, '/v1/events/stream', tenantReader.key, { 'last-event-id': 'yesterday' });
    expect(bad).toMatchObject({ status: 400, json: { error: { code: 'VALIDATION_FAILED' } } });
    const badType = await openStream(s.base, '/v1/events/stream?types=Nope', tenantReader.key);
    expect(badType.status).toBe(400);

    const w = await write(s, writer.key, 'dave', 'Dave sails on weekends');
    const { Client } = loadEngramProto();
    const client = new Client(`127.0.0.1:${s.grpcServer.port}`, grpc.credentials.createInsecure()) as grpc.Client &
      Record<string, Function>;
    try {
      const md = new grpc.Metadata();
      md.set('authorization', `Bearer ${tenantReader.key}`);
      const call = client.StreamEvents!.call(
        client,
        { userId: 'dave', from: w.position },
        md,
      ) as grpc.ClientReadableStream<{
        id: string;
        json: string;
      }>;
      const got = await new Promise<{ id: string; json: string }>((resolve, reject) => {
        call.once('data', resolve);
        call.once('error', reject);
      });
      expect(got.id).toBe(w.position);
      expect(JSON.parse(got.json)).toMatchObject({ type: 'MemoryWritten', userId: 'dave', data: { memoryId: w.id } });
      call.cancel();
      const denied = await new Promise<grpc.ServiceError>((resolve) => {
        const md2 = new grpc.Metadata();
        md2.set('authorization', `Bearer ${aliceReader.key}`);
        const c2 = client.StreamEvents!.call(client, { userId: 'dave' }, md2) as grpc.ClientReadableStream<unknown>;
        c2.on('error', resolve);
        c2.on('data', () => undefined);
      });
      expect(denied.code).toBe(grpc.status.PERMISSION_DENIED);
    } finally {
      client.close();
    }
  });
});
