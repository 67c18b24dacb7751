import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { systemClock } from '@engram/core';
import { createLexicalRetriever } from '../src/index';
import { openStack, scopeOf } from './harness';
import type { Stack } from './harness';

describe('lexical SQL retriever (fallback): token overlap, scoped, filtered', () => {
  let s: Stack;
  const ids: Record<string, string> = {};
  let message = '';
  beforeAll(async () => {
    s = await openStack();
    const scope = scopeOf('lex');
    const writes: Array<[string, { type: 'USER' | 'ENVIRONMENT'; content: string; tags?: string[] }]> = [
      ['user', { type: 'USER', content: 'Prefers window seats on long flights', tags: ['travel'] }],
      ['env', { type: 'ENVIRONMENT', content: 'Flights are booked through the corporate travel portal', tags: ['travel', 'work'] }],
      ['zh', { type: 'USER', content: '喜欢靠窗的座位和安静的航班' }],
    ];
    for (const [name, w] of writes) ids[name] = (await s.app.writeMemory({ scope, ...w })).id;
    const m = await s.app.observeMessage({ scope, sessionId: 'l1', role: 'user', content: 'My flight to Oslo got delayed again' });
    message = m.eventId;
    await s.app.query({ scope, query: 'warm up', minPosition: m.position });
  });
  afterAll(async () => {
    await s.close();
  });

  const search = (req: Record<string, unknown>) => s.retriever.search({ scope: scopeOf('lex'), k: 10, query: 'flights', ...req });

  it('ranks memories and messages that share query tokens, and nothing else', async () => {
    const hits = await search({ query: 'long flights window seats' });
    expect(hits[0]!.id).toBe(ids.user);
    expect(hits.map((h) => h.id)).toContain(ids.env);
    expect(hits.map((h) => h.id)).not.toContain(ids.zh);
    const flight = await search({ query: 'flight delayed' });
    expect(flight.map((h) => [h.id, h.kind])).toContainEqual([message, 'message']);
  });

  it('matches Chinese by character bigrams', async () => {
    expect((await search({ query: '靠窗座位' })).map((h) => h.id)).toEqual([ids.zh]);
  });

  it('applies type, tag, tier and time filters', async () => {
    expect((await search({ types: ['ENVIRONMENT'] })).map((h) => h.id)).toEqual([ids.env]);
    expect((await search({ query: 'flights travel', tags: ['work'] })).map((h) => h.id)).toEqual([ids.env]);
    expect((await search({ query: 'flight delayed', tiers: ['SEMANTIC'] })).map((h) => h.kind)).not.toContain('message');
    expect(await search({ query: 'flights flight', to: '2000-01-01T00:00:00.000Z' })).toEqual([]);
    expect(await search({ query: 'flights', k: 1 })).toHaveLength(1);
  });

  it('never reads another user or tenant', async () => {
    expect(await s.retriever.search({ scope: scopeOf('lex', 'other-tenant'), query: 'flights window', k: 10 })).toEqual([]);
    expect(await s.retriever.search({ scope: scopeOf('someone-else'), query: 'flights window', k: 10 })).toEqual([]);
  });

  it('spreads hits over sessions with the configured sessionDiversity, and a request overrides it', async () => {
    const scope = scopeOf('lex-div');
    const say = (sessionId: string, content: string) => s.app.observeMessage({ scope, sessionId, role: 'user', content });
    await say('a', 'sailing lessons on the lake every sunday');
    await say('a', 'sailing lessons moved to the lake harbour');
    const last = await say('b', 'sailing lessons were cancelled once because of rain');
    await s.app.query({ scope, query: 'warm up', minPosition: last.position });
    const sessions = (hits: Array<{ sessionId: string | null }>) => hits.map((h) => h.sessionId);
    const req = { scope, query: 'sailing lessons lake', k: 2 };

    const spreading = createLexicalRetriever({ db: s.db, clock: systemClock, sessionDiversity: 0.5 });
    expect(sessions(await s.retriever.search(req))).toEqual(['a', 'a']);
    expect(sessions(await spreading.search(req))).toEqual(['a', 'b']);
    expect(sessions(await spreading.search({ ...req, sessionDiversity: 1 }))).toEqual(['a', 'a']);
  });
});
