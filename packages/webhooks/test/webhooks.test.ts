/**
 * Outbound webhooks against real loopback HTTP receivers: signed deliveries a receiver verifies,
 * retries with backoff until a receiver recovers, giving up (logged, in the delivery log) on one
 * that never does, and writes that do not wait for a receiver that hangs.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_PRINCIPAL, systemClock, type Principal, type Scope } from '@engram/core';
import { runMigrations, sqlProjectionProgress } from '@engram/projections';
import { openStack, type Stack } from '../../app/test/harness';
import {
  createWebhookAdmin,
  startWebhookDispatcher,
  verifyWebhook,
  WEBHOOK_HEADERS,
  WEBHOOK_MIGRATIONS_DIR,
  WEBHOOK_MIGRATIONS_NAMESPACE,
  type WebhookAdmin,
  type WebhookDispatcher,
} from '../src/index';

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

/** A real HTTP receiver on a loopback port; `answer` decides each response (null = never answer). */
async function receiver(answer: (n: number) => number | null) {
  const got: Received[] = [];
  const hanging: ServerResponse[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.setEncoding('utf8');
    req.on('data', (c: string) => (body += c));
    req.on('end', () => {
      got.push({ headers: req.headers, body });
      const status = answer(got.length);
      if (status === null) hanging.push(res);
      else res.writeHead(status, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook`,
    got,
    hanging,
    close: () =>
      new Promise<void>((r) => {
        for (const h of hanging) h.destroy();
        server.closeAllConnections();
        server.close(() => r());
      }),
  };
}

const scope: Scope = { tenantId: 'default', userId: 'ana', agentId: null };
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

describe('outbound webhooks', () => {
  let s: Stack;
  let admin: WebhookAdmin;
  let dispatcher: WebhookDispatcher;

  beforeAll(async () => {
    s = await openStack();
    await runMigrations(s.db, { dir: WEBHOOK_MIGRATIONS_DIR, namespace: WEBHOOK_MIGRATIONS_NAMESPACE });
    dispatcher = await startWebhookDispatcher({
      log: s.log,
      db: s.db,
      progress: sqlProjectionProgress(s.db, ['semantic']),
      clock: systemClock,
      logger: s.logger,
      maxAttempts: 3,
      backoff: { initialMs: 50, maxMs: 200 },
      timeoutMs: 2000,
      pollMs: 50,
      endpointRefreshMs: 500,
    });
    admin = createWebhookAdmin({ db: s.db, clock: systemClock, onChange: () => dispatcher.endpointsChanged() });
  }, 60_000);
  afterAll(async () => {
    await dispatcher?.close();
    await s?.close();
  });

  const deliveriesOf = (id: string) => admin.deliveries(OPEN_PRINCIPAL, 'default', id);

  it('POSTs memory.added / updated / forgotten, signed so the receiver verifies them, without user content', async () => {
    const r = await receiver(() => 204);
    try {
      const hook = await admin.create(OPEN_PRINCIPAL, 'default', { url: r.url, description: 'crm sync' });
      expect(hook.secret).toMatch(/^whsec_/);
      expect((await admin.list(OPEN_PRINCIPAL, 'default')).map((h) => h.id)).toContain(hook.id);
      expect(JSON.stringify(await admin.list(OPEN_PRINCIPAL, 'default'))).not.toContain(hook.secret);

      const w = await s.app.writeMemory({ scope, type: 'USER', key: 'user.city', content: 'Ana lives in Porto' });
      const p = await s.app.patchMemory({
        scope,
        memoryId: w.id,
        content: 'Ana lives in Braga',
        minPosition: w.position!,
      });
      await s.app.forget({ scope, target: 'memory', memoryId: p.id, minPosition: p.position! });

      // At least once: a delivery whose answer came too late is sent again (same id); receivers dedupe by it.
      const distinct = () => [
        ...new Map(r.got.map((g) => [JSON.parse(g.body).id as string, JSON.parse(g.body)])).values(),
      ];
      await expect.poll(() => distinct().length, { timeout: 60_000 }).toBeGreaterThanOrEqual(3);
      const bodies = distinct();
      expect(bodies.map((b) => b.type)).toEqual(['memory.added', 'memory.updated', 'memory.forgotten']);
      expect(bodies[0]).toMatchObject({
        webhookId: hook.id,
        data: { memoryId: w.id },
        event: { type: 'MemoryWritten', userId: 'ana', content: null },
      });
      expect(bodies[1]).toMatchObject({ data: { memoryId: p.id, previousId: w.id } });
      expect(bodies[2]).toMatchObject({ data: { memoryId: p.id }, event: { type: 'MemoryForgotten' } });
      for (const g of r.got) {
        expect(g.body).not.toMatch(/Porto|Braga|user\.city/);
        const headers = {
          timestamp: g.headers[WEBHOOK_HEADERS.timestamp] as string,
          signature: g.headers[WEBHOOK_HEADERS.signature] as string,
        };
        expect(verifyWebhook(hook.secret, headers, g.body)).toBe(true);
        // A tampered body or another secret does not verify.
        expect(verifyWebhook(hook.secret, headers, g.body.replace('memory', 'Memory'))).toBe(false);
        expect(verifyWebhook('whsec_other', headers, g.body)).toBe(false);
        expect(g.headers[WEBHOOK_HEADERS.id]).toBe(JSON.parse(g.body).id);
      }
      await expect
        .poll(async () => (await deliveriesOf(hook.id)).map((d) => d.status))
        .toEqual(['delivered', 'delivered', 'delivered']);
      await admin.remove(OPEN_PRINCIPAL, 'default', hook.id);
      await expect(deliveriesOf(hook.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    } finally {
      await r.close();
    }
  });

  it('retries a receiver that fails, with backoff, until it answers 2xx (the delivery log shows every attempt)', async () => {
    const r = await receiver((n) => (n <= 2 ? 500 : 200));
    try {
      const hook = await admin.create(OPEN_PRINCIPAL, 'default', { url: r.url, events: ['memory.added'] });
      await s.app.writeMemory({ scope: { ...scope, userId: 'bea' }, type: 'USER', content: 'Bea collects stamps' });
      await expect.poll(async () => (await deliveriesOf(hook.id))[0]?.status, { timeout: 60_000 }).toBe('delivered');
      const [d] = await deliveriesOf(hook.id);
      expect(d).toMatchObject({ attempts: 3, lastStatus: 200, lastError: null, type: 'memory.added' });
      // The same delivery each time: one id, one body.
      expect(new Set(r.got.map((g) => g.headers[WEBHOOK_HEADERS.id])).size).toBe(1);
      expect(new Set(r.got.map((g) => g.body)).size).toBe(1);
      await admin.remove(OPEN_PRINCIPAL, 'default', hook.id);
    } finally {
      await r.close();
    }
  });

  it('gives up on a receiver that always fails after maxAttempts: failed in the delivery log, logged', async () => {
    const r = await receiver(() => 503);
    try {
      const hook = await admin.create(OPEN_PRINCIPAL, 'default', { url: r.url, events: ['memory.added'] });
      await s.app.writeMemory({ scope: { ...scope, userId: 'cid' }, type: 'USER', content: 'Cid runs marathons' });
      await expect.poll(async () => (await deliveriesOf(hook.id))[0]?.status, { timeout: 60_000 }).toBe('failed');
      const [d] = await deliveriesOf(hook.id);
      expect(d).toMatchObject({
        attempts: 3,
        lastStatus: 503,
        lastError: 'the receiver answered HTTP 503',
        nextAttemptAt: null,
      });
      expect(r.got).toHaveLength(3);
      expect(s.logger.entries.some((e) => e.level === 'warn' && e.msg === 'webhook delivery failed; giving up')).toBe(
        true,
      );
      await admin.remove(OPEN_PRINCIPAL, 'default', hook.id);
    } finally {
      await r.close();
    }
  });

  it('writes do not wait for a receiver that hangs', async () => {
    const timeWrites = async (userId: string, n: number) => {
      const ms: number[] = [];
      for (let i = 0; i < n; i++) {
        const t = performance.now();
        await s.app.writeMemory({
          scope: { ...scope, userId },
          type: 'USER',
          content: `fact number ${i} of ${userId}`,
        });
        ms.push(performance.now() - t);
      }
      return ms;
    };
    const baseline = await timeWrites('dia', 20);
    const r = await receiver(() => null);
    try {
      const hook = await admin.create(OPEN_PRINCIPAL, 'default', { url: r.url, events: ['memory.added'] });
      await s.app.writeMemory({ scope: { ...scope, userId: 'eve' }, type: 'USER', content: 'Eve is first' });
      // The receiver holds a delivery open…
      await expect.poll(() => r.hanging.length, { timeout: 60_000 }).toBeGreaterThan(0);
      // …while every write is acknowledged as fast as without it.
      const during = await timeWrites('eve', 20);
      expect(r.hanging.length).toBeGreaterThan(0);
      expect(median(during)).toBeLessThan(median(baseline) * 5 + 20);
      // The hung attempt timed out and is retried (the log says so), the writes are all in the log.
      await expect
        .poll(async () => (await deliveriesOf(hook.id)).some((d) => d.lastError?.startsWith('no answer within')), {
          timeout: 60_000,
        })
        .toBe(true);
      await admin.remove(OPEN_PRINCIPAL, 'default', hook.id);
    } finally {
      await r.close();
    }
  });

  it('an endpoint registered through another process (a second replica) is routed to after the refresh', async () => {
    const r = await receiver(() => 204);
    try {
      // No onChange: this dispatcher learns of the endpoint only by reading the table again.
      const elsewhere = createWebhookAdmin({ db: s.db, clock: systemClock });
      const hook = await elsewhere.create(OPEN_PRINCIPAL, 'default', { url: r.url, events: ['memory.added'] });
      await new Promise((ok) => setTimeout(ok, 600));
      const w = await s.app.writeMemory({ scope: { ...scope, userId: 'fay' }, type: 'USER', content: 'Fay paints' });
      await expect
        .poll(() => r.got.map((g) => (JSON.parse(g.body) as { data: { memoryId: string } }).data.memoryId), {
          timeout: 60_000,
        })
        .toContain(w.id);
      await elsewhere.remove(OPEN_PRINCIPAL, 'default', hook.id);
    } finally {
      await r.close();
    }
  });

  it('only an admin of the tenant manages webhooks', async () => {
    const reader: Principal = {
      ...OPEN_PRINCIPAL,
      kind: 'key',
      keyId: 'k1',
      tenantId: 'default',
      scopes: ['read', 'write'],
    };
    await expect(admin.create(reader, 'default', { url: 'http://127.0.0.1:1/x' })).rejects.toMatchObject({
      code: 'FORBIDDEN',
      details: { reason: 'SCOPE_MISSING' },
    });
    const other: Principal = { ...reader, tenantId: 'globex', scopes: ['admin'] };
    await expect(admin.list(other, 'default')).rejects.toMatchObject({ details: { reason: 'TENANT_NOT_ALLOWED' } });
    const mine = await admin.create(other, 'globex', { url: 'http://127.0.0.1:1/x' });
    expect(mine.createdBy).toBe('k1');
    await expect(admin.remove(OPEN_PRINCIPAL, 'default', mine.id)).rejects.toMatchObject({ code: 'NOT_FOUND' });
    await admin.remove(other, 'globex', mine.id);
  });
});
