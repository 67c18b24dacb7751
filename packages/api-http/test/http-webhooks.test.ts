import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack, type HttpStack } from './http-server';

describe('webhook routes (/v1/admin/webhooks)', () => {
  let h: HttpStack;
  beforeAll(async () => {
    h = await openHttpStack();
  }, 60_000);
  afterAll(async () => {
    await h?.close();
  });

  it('registers (the secret once), lists without secrets, reads the delivery log, deletes; bad input is a 400', async () => {
    const c = await h.call('POST', '/v1/admin/webhooks', {
      body: { url: 'https://hooks.example.com/engram', events: ['memory.added', 'memory.forgotten'] },
    });
    expect(c.status).toBe(201);
    expect(c.json).toMatchObject({
      url: 'https://hooks.example.com/engram',
      events: ['memory.added', 'memory.forgotten'],
    });
    expect(c.json.secret).toMatch(/^whsec_/);
    const l = await h.call('GET', '/v1/admin/webhooks');
    expect(l.json.webhooks.map((w: { id: string }) => w.id)).toEqual([c.json.id]);
    expect(l.text).not.toContain(c.json.secret);
    const d = await h.call('GET', `/v1/admin/webhooks/${c.json.id}/deliveries?status=failed&limit=10`);
    expect(d).toMatchObject({ status: 200, json: { deliveries: [] } });
    for (const body of [
      { url: 'ftp://example.com/x' },
      { url: 'https://user:pw@example.com/x' },
      { url: 'https://example.com/x', events: ['memory.exploded'] },
      { url: 'https://example.com/x', extra: 1 },
    ]) {
      const bad = await h.call('POST', '/v1/admin/webhooks', { body });
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.json.error.code).toBe('VALIDATION_FAILED');
    }
    expect((await h.call('DELETE', `/v1/admin/webhooks/${c.json.id}`)).status).toBe(200);
    expect((await h.call('DELETE', `/v1/admin/webhooks/${c.json.id}`)).json.error.code).toBe('NOT_FOUND');
    expect((await h.call('GET', '/v1/admin/webhooks')).json.webhooks).toEqual([]);
  });
});
