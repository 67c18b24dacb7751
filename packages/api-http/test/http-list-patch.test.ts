import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack, type HttpStack } from './http-server';

describe('GET /v1/users/{userId}/memories and PATCH /v1/memories/{id} over HTTP', () => {
  let s: HttpStack;
  beforeAll(async () => {
    s = await openHttpStack();
  });
  afterAll(async () => {
    await s?.close();
  });

  it('lists page by page with repeatable filters, and the cursor carries on to the end', async () => {
    let position = '';
    for (let i = 0; i < 7; i++) {
      const w = await s.call('POST', '/v1/memories', {
        body: { userId: 'lena', type: i < 5 ? 'USER' : 'ENVIRONMENT', content: `lena fact ${i}`, tags: ['x', `n${i}`] },
      });
      expect(w.status).toBe(202);
      position = w.json.position;
    }
    const ids: string[] = [];
    let next: string | null = null;
    let pages = 0;
    do {
      const qs: string = `limit=3&tier=SEMANTIC&tier=ARCHIVAL&type=USER&tag=x${next ? `&cursor=${next}` : `&minPosition=${position}`}`;
      const r = await s.call('GET', `/v1/users/lena/memories?${qs}`);
      expect(r.status, r.text).toBe(200);
      ids.push(...r.json.memories.map((m: { id: string; type: string }) => m.id));
      for (const m of r.json.memories)
        expect(m).toMatchObject({ userId: 'lena', type: 'USER', tags: expect.arrayContaining(['x']) });
      next = r.json.nextCursor;
      pages++;
    } while (next);
    expect(pages).toBe(2);
    expect(new Set(ids).size).toBe(5);
    const one = await s.call('GET', '/v1/users/lena/memories?tag=n6&type=ENVIRONMENT');
    expect(one.json.memories).toHaveLength(1);
    expect(one.json.nextCursor).toBeNull();
  });

  it('bad list requests are 400 with the field', async () => {
    for (const [qs, field] of [
      ['cursor=zzz', 'cursor'],
      ['tier=NOPE', 'tier'],
      ['limit=0', 'limit'],
      ['limit=abc', 'limit'],
      ['updatedSince=yesterday', 'updatedSince'],
      ['order=sideways', 'order'],
      ['bogus=1', 'bogus'],
    ] as const) {
      const r = await s.call('GET', `/v1/users/lena/memories?${qs}`);
      expect(r.status, qs).toBe(400);
      expect(r.json.error.code).toBe('VALIDATION_FAILED');
      expect(String(r.json.error.details.field), qs).toContain(field);
    }
  });

  it('PATCH answers 202 with the new version; it is readable at its position and the old one is superseded', async () => {
    const w = await s.call('POST', '/v1/memories', {
      body: { userId: 'pat', type: 'USER', key: 'pref.color', content: 'likes blue', tags: ['colors'] },
    });
    const p = await s.call('PATCH', `/v1/memories/${w.json.id}`, {
      body: { userId: 'pat', content: 'likes green', importance: 0.8, minPosition: w.json.position },
    });
    expect(p.status, p.text).toBe(202);
    expect(p.json).toMatchObject({
      id: expect.any(String),
      previousId: w.json.id,
      deduplicated: false,
      eventId: expect.any(String),
      position: expect.any(String),
    });
    const now = await s.call('GET', `/v1/memories/${p.json.id}?userId=pat&minPosition=${p.json.position}`);
    expect(now.json).toMatchObject({
      content: 'likes green',
      importance: 0.8,
      tags: ['colors'],
      key: 'pref.color',
      version: 2,
    });
    expect((await s.call('GET', `/v1/memories/${w.json.id}?userId=pat`)).json).toMatchObject({
      supersededBy: p.json.id,
      tier: 'ARCHIVAL',
    });
    const stale = await s.call('PATCH', `/v1/memories/${w.json.id}`, { body: { userId: 'pat', content: 'likes red' } });
    expect([stale.status, stale.json.error.code]).toEqual([409, 'CONFLICT']);
    const missing = await s.call('PATCH', '/v1/memories/00000000-0000-4000-8000-000000000000', {
      body: { userId: 'pat', content: 'x' },
    });
    expect([missing.status, missing.json.error.code]).toEqual([404, 'NOT_FOUND']);
    for (const [body, field] of [
      [{ userId: 'pat', key: 'other' }, 'key'],
      [{ userId: 'pat', importance: 2 }, 'importance'],
      [{ userId: 'pat', content: '   ' }, 'content'],
      [{ userId: 'pat' }, 'body'],
    ] as const) {
      const r = await s.call('PATCH', `/v1/memories/${p.json.id}`, { body });
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(String(r.json.error.details.field)).toContain(field);
    }
  });

  it('the OpenAPI document lists both operations with their parameters', async () => {
    const doc = (await s.call('GET', '/openapi.json')).json;
    const list = doc.paths['/v1/users/{userId}/memories'].get;
    expect(list.operationId).toBe('listMemories');
    expect(list.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining([
        'userId',
        'tier',
        'type',
        'tag',
        'keyPrefix',
        'updatedSince',
        'limit',
        'cursor',
        'order',
      ]),
    );
    expect(doc.paths['/v1/memories/{id}'].patch.operationId).toBe('patchMemory');
  });
});
