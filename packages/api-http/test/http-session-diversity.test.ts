import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openHttpStack } from './http-server';
import type { HttpStack } from './http-server';

const TENANT = { 'x-tenant-id': 'div-t' };

describe('POST /v1/query with sessionDiversity, hybrid retriever', () => {
  let h: HttpStack;
  let lastPosition = '';
  const said: Record<string, string> = {};

  const query = (body: Record<string, unknown>) =>
    h.call('POST', '/v1/query', {
      body: { userId: 'div', query: 'hiking trip in the Alps', k: 3, minPosition: lastPosition, ...body },
      headers: TENANT,
    });
  const sessionsOf = (r: { json: { results: Array<{ sessionId: string | null }> } }) =>
    r.json.results.map((x) => x.sessionId);

  beforeAll(async () => {
    h = await openHttpStack();
    const say = async (session: string, name: string, content: string) => {
      const r = await h.call('POST', `/v1/sessions/${session}/messages`, {
        body: { userId: 'div', role: 'user', content },
        headers: TENANT,
      });
      expect(r.status).toBe(202);
      said[name] = r.json.eventId;
      lastPosition = r.json.position;
    };
    // One conversation all about the trip, another that mentions it once, a third about something else.
    await say('june', 'plan', 'Planning a hiking trip in the Alps for July, hiking the trails around Chamonix.');
    await say('june', 'gear', 'For the Alps hiking trip I bought new hiking boots and poles.');
    await say('june', 'route', 'The Alps hiking trip route crosses two passes on the second day of hiking.');
    await say('june', 'hut', 'We booked mountain huts for every night of the hiking trip in the Alps.');
    await say('march', 'memory', 'Last spring I went on a hiking trip with my brother.');
    await say('march', 'other', 'The quarterly report is due next week.');
  }, 60_000);

  afterAll(async () => {
    await h?.close();
  });

  it('without it, the best-matching conversation fills the results', async () => {
    const r = await query({});
    expect(r.status).toBe(200);
    expect(sessionsOf(r)).toEqual(['june', 'june', 'june']);
  });

  it('with it, a second conversation takes a place, and scores stay in descending order', async () => {
    const r = await query({ sessionDiversity: 0.4 });
    expect(r.status).toBe(200);
    expect(sessionsOf(r)).toContain('march');
    expect(r.json.results.map((x: { id: string }) => x.id)).toContain(said.memory);
    const scores = r.json.results.map((x: { score: number }) => x.score);
    expect([...scores].sort((a, b) => b - a)).toEqual(scores);
  });

  it('1 keeps the ranking as it is', async () => {
    const plain = await query({});
    const one = await query({ sessionDiversity: 1 });
    expect(one.json.results).toEqual(plain.json.results);
  });

  it.each([
    ['0', 0],
    ['above 1', 1.5],
    ['a string', 'half'],
  ])('rejects %s with VALIDATION_FAILED and loses nothing', async (_name, value) => {
    const r = await query({ sessionDiversity: value });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatchObject({ code: 'VALIDATION_FAILED', retriable: false });
    expect(JSON.stringify(r.json.error)).toMatch(/sessionDiversity/);
    expect((await query({})).json.results).toHaveLength(3);
  });

  it('documents the field in /openapi.json', async () => {
    const doc = (await h.call('GET', '/openapi.json')).json;
    const field =
      doc.paths['/v1/query'].post.requestBody.content['application/json'].schema.properties.sessionDiversity;
    expect(field).toMatchObject({ type: 'number', exclusiveMinimum: 0, maximum: 1 });
  });
});
