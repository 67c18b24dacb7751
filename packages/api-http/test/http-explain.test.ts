import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

const TENANT = { 'x-tenant-id': 'ex-t' };

describe('POST /v1/query explain and reinforce', () => {
  let h: HttpStack;
  let memoryId = '';
  let position = '';
  beforeAll(async () => {
    h = await openHttpStack({ config: { accessFlushMs: 600_000 } });
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'ex', type: 'USER', content: 'Plays the bassoon in a community orchestra' },
      headers: TENANT,
    });
    const m = await h.call('POST', '/v1/sessions/es/messages', {
      body: { userId: 'ex', role: 'user', content: 'The orchestra rehearses on Thursday evenings' },
      headers: TENANT,
    });
    expect([w.status, m.status]).toEqual([202, 202]);
    memoryId = w.json.id;
    position = m.json.position;
  });
  afterAll(async () => {
    await h?.close();
  });

  it('returns each hit with its score breakdown, the ranking unchanged', async () => {
    const plain = await h.call('POST', '/v1/query', {
      body: { userId: 'ex', query: 'which instrument in the orchestra', minPosition: position, reinforce: false },
      headers: TENANT,
    });
    const explained = await h.call('POST', '/v1/query', {
      body: { userId: 'ex', query: 'which instrument in the orchestra', explain: true, reinforce: false },
      headers: TENANT,
    });
    expect([plain.status, explained.status]).toEqual([200, 200]);
    expect(plain.json.results[0]).not.toHaveProperty('explain');
    expect(explained.json.results.map((r: { id: string; score: number }) => [r.id, r.score])).toEqual(
      plain.json.results.map((r: { id: string; score: number }) => [r.id, r.score]),
    );
    const hit = explained.json.results.find((r: { id: string }) => r.id === memoryId);
    expect(hit.explain).toMatchObject({
      keyword: { rank: expect.any(Number), score: expect.any(Number), contribution: expect.any(Number) },
      vector: { rank: expect.any(Number), score: expect.any(Number), contribution: expect.any(Number) },
      gate: { active: expect.any(Boolean), terms: expect.any(Array) },
      fusion: { method: 'zscore', score: expect.any(Number), rank: expect.any(Number) },
      rerank: null,
      forgetting: { importance: 0.5, effectiveImportance: expect.any(Number), weight: expect.any(Number) },
      intent: {
        weight: expect.any(Number),
        freshness: false,
        temporal: false,
        preference: false,
        identity: false,
        past: false,
      },
      currency: 1,
      sessionDiversity: 1,
    });
    const e = hit.explain;
    expect(hit.score).toBeCloseTo(
      e.fusion.score * e.forgetting.weight * e.intent.weight * e.currency * e.sessionDiversity,
      9,
    );
  });

  it('reinforce: false records no MemoryAccessed; the default does', async () => {
    const accessed = async () => (await h.events()).filter((e) => e.type === 'MemoryAccessed' && e.userId === 'ex');
    await h.app.flushAccesses();
    expect(await accessed()).toEqual([]);
    const q = await h.call('POST', '/v1/query', { body: { userId: 'ex', query: 'bassoon' }, headers: TENANT });
    expect(q.json.results.map((r: { id: string }) => r.id)).toContain(memoryId);
    await h.app.flushAccesses();
    expect((await accessed()).map((e) => (e.type === 'MemoryAccessed' ? e.payload.memoryIds : []))).toEqual([
      [memoryId],
    ]);
  });

  it('rejects a non-boolean explain or reinforce with VALIDATION_FAILED and the field', async () => {
    for (const field of ['explain', 'reinforce']) {
      const r = await h.call('POST', '/v1/query', {
        body: { userId: 'ex', query: 'bassoon', [field]: 'yes' },
        headers: TENANT,
      });
      expect(r.status).toBe(400);
      expect(r.json.error).toMatchObject({ code: 'VALIDATION_FAILED', details: { field } });
    }
  });

  it('documents both fields and the explanation in the OpenAPI document', async () => {
    const doc = (await h.call('GET', '/openapi.json')).json;
    const body = doc.paths['/v1/query'].post.requestBody.content['application/json'].schema;
    expect(body.properties).toHaveProperty('explain');
    expect(body.properties).toHaveProperty('reinforce');
    const hit =
      doc.paths['/v1/query'].post.responses['200'].content['application/json'].schema.properties.results.items;
    expect(hit.properties.explain.properties).toHaveProperty('forgetting');
  });
});

describe('an HTTP server that takes writes only (the ingest service)', () => {
  let h: HttpStack;
  beforeAll(async () => {
    h = await openHttpStack({ reads: false });
  });
  afterAll(async () => {
    await h?.close();
  });

  it('appends writes, and answers every read with 404 NOT_FOUND pointing at the query service', async () => {
    const w = await h.call('POST', '/v1/memories', {
      body: { userId: 'in', type: 'USER', content: 'Grows chillies on the balcony' },
      headers: TENANT,
    });
    expect(w.status).toBe(202);
    const reads: Array<[string, string, unknown?]> = [
      ['POST', '/v1/query', { userId: 'in', query: 'chillies' }],
      ['POST', '/v1/context', { userId: 'in', query: 'chillies' }],
      ['GET', `/v1/memories/${w.json.id}?userId=in`],
      ['GET', `/v1/memories/${w.json.id}/history?userId=in`],
      ['GET', '/v1/keys/user.plant/history?userId=in'],
      ['GET', '/v1/sessions/s1/working-memory?userId=in'],
      ['GET', '/v1/contradictions?userId=in'],
    ];
    for (const [method, path, body] of reads) {
      const r = await h.call(method, path, { ...(body ? { body } : {}), headers: TENANT });
      expect([path, r.status, r.json.error.code]).toEqual([path, 404, 'NOT_FOUND']);
      expect(r.json.error.message).toMatch(/takes writes only: send .* to the query service/);
    }
    const doc = (await h.call('GET', '/openapi.json')).json;
    expect(Object.keys(doc.paths)).not.toContain('/v1/query');
    expect(Object.keys(doc.paths)).toContain('/v1/memories');
  });
});
