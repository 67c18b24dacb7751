import { afterAll, beforeAll, beforeEach, afterEach, describe, expect, it } from 'vitest';
import {
  deterministicId,
  effectiveImportance,
  type Clock,
  type Embedder,
  type QueryHit,
  type SqlDatabase,
} from '@engram/core';
import { createUseEmbedder } from '@engram/embedder-use';
import { createHttpReranker } from '@engram/openai-adapters';
import { startFakeOpenAi, type FakeOpenAiServer } from '@engram/testing';
import { createHybridRetriever, type HybridRetrieverOptions, type RetrievalConfig } from '@engram/retrieval';
import { ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const NOW = new Date('2026-03-01T00:00:00.000Z');
const clock: Clock = { now: () => NOW };
const scope = { tenantId: 't1', userId: 'u1', agentId: null };

let db: SqlDatabase;
let embedder: Embedder;
let h: Harness;
let favored = '';
let fake: FakeOpenAiServer;
let slow: FakeOpenAiServer;
let broken: FakeOpenAiServer;

beforeAll(async () => {
  db = await openTestDatabase();
  embedder = createUseEmbedder();
  fake = await startFakeOpenAi({ rerank: (_q, doc) => (doc === favored ? 1 : 0) });
  slow = await startFakeOpenAi({ hang: true });
  broken = await startFakeOpenAi({
    rerank: () => {
      throw new Error('model crashed');
    },
  });
}, 60_000);
afterAll(async () => {
  await Promise.all([fake.close(), slow.close(), broken.close()]);
  await db.close();
});
beforeEach(async () => {
  h = await openHarness(embedder, db);
});
afterEach(async () => {
  await h.close();
});

function retriever(config: Partial<RetrievalConfig> = {}, over: Partial<HybridRetrieverOptions> = {}) {
  return createHybridRetriever({
    db,
    textIndex: h.text,
    vectorIndex: h.vectors,
    embedder,
    clock,
    config: { rerankEnabled: false, ...config },
    ...over,
  });
}

const ids = (hits: Array<{ id: string }>) => hits.map((x) => x.id);

const SAFARI = [
  'We saw elephants on the safari in Kenya',
  'The safari guide spotted a leopard at dawn',
  'Our safari tent had a view of the river',
  'Lions slept under a tree during the safari drive',
  'The safari ended with a sunset over the savanna',
  'I booked the safari lodge for next spring',
];

describe('fusion (R4)', () => {
  it('scores each hit as Σ 1/(60 + rank) over the BM25 and vector lists, times its importance', async () => {
    await h.append(SAFARI.map((c, i) => message(c, `m${i}`)));
    const q = 'safari leopard river';
    const hits = await retriever({ fusion: 'rrf' }).search({ scope, query: q, k: 10 });
    const lexical = ids(await h.text.search(q, { scope }, 100));
    const [qv] = await embedder.embed([q]);
    const vector = ids(await h.vectors.search(qv!, embedder.modelId, { scope }, 100));
    expect(hits).toHaveLength(SAFARI.length);
    for (const hit of hits) {
      const rl = lexical.indexOf(hit.id);
      const rv = vector.indexOf(hit.id);
      const fused = (rl >= 0 ? 1 / (61 + rl) : 0) + (rv >= 0 ? 1 / (61 + rv) : 0);
      expect(hit.score).toBeCloseTo(fused * 0.5, 12);
      expect(hit.kind).toBe('message');
      expect(hit.tier).toBe('EPISODIC');
    }
    for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
  });
});

describe('discriminative-token gate (R5)', () => {
  it('takes away the keyword rank of a document that matches only stop words', async () => {
    const stopOnly = message('what did you do with it', 'm-stop');
    const real = message('the lighthouse keeper retired last year', 'm-real');
    await h.append([
      stopOnly,
      real,
      message('rye flour bread recipe', 'm-x'),
      message('train tickets to Porto', 'm-y'),
    ]);
    const r = retriever({ fusion: 'rrf' });
    const q = 'what did you do with the lighthouse';
    const hits = await r.search({ scope, query: q, k: 10, explain: true });
    expect(hits[0]!.explain!.gate).toEqual({ active: true, terms: ['lighthous'] });
    expect(ids(await h.text.search('lighthouse', { scope }, 100))).not.toContain(stopOnly.eventId);
    expect(hits[0]!.id).toBe(real.eventId);
    const [qv] = await embedder.embed([q]);
    const vector = ids(await h.vectors.search(qv!, embedder.modelId, { scope }, 100));
    const stopHit = hits.find((x) => x.id === stopOnly.eventId)!;
    // Only its vector rank counts.
    expect(stopHit.score).toBeCloseTo((1 / (61 + vector.indexOf(stopOnly.eventId))) * 0.5, 12);
    expect(stopHit.explain).toMatchObject({
      keyword: null,
      window: null,
      vector: { rank: vector.indexOf(stopOnly.eventId) + 1 },
    });
  });
});

describe('rerank (R6)', () => {
  const setup = async () => {
    await h.append(SAFARI.map((c, i) => message(c, `m${i}`)));
    return retriever().search({ scope, query: 'safari', k: 10 });
  };

  it('reorders only the top K; the rest keep fused order and the fused score scale', async () => {
    const baseline = await setup();
    favored = baseline[2]!.content;
    const r = retriever(
      { rerankEnabled: true, rerankTopK: 3 },
      { reranker: createHttpReranker({ url: fake.baseUrl }) },
    );
    const hits = await r.search({ scope, query: 'safari', k: 10, explain: true });
    expect(hits.map((x) => x.explain!.rerank?.rank ?? null)).toEqual([1, 2, 3, null, null, null]);
    expect(hits.map((x) => x.explain!.fusion.rank)).toEqual([3, 1, 2, 4, 5, 6]);
    expect(ids(hits)).toEqual([baseline[2]!.id, baseline[0]!.id, baseline[1]!.id, ...ids(baseline.slice(3))]);
    expect(hits.map((x) => x.score)).toEqual(baseline.map((x) => x.score));
  });

  it('keeps fused order when the reranker times out or fails', async () => {
    const baseline = await setup();
    const timeouts = retriever(
      { rerankEnabled: true, rerankTimeoutSeconds: 0.05 },
      { reranker: createHttpReranker({ url: slow.baseUrl }) },
    );
    expect(await timeouts.search({ scope, query: 'safari', k: 10 })).toEqual(baseline);
    expect(
      (await timeouts.search({ scope, query: 'safari', k: 10, explain: true })).map((x) => x.explain!.rerank),
    ).toEqual(baseline.map(() => null));
    const failing = retriever({ rerankEnabled: true }, { reranker: createHttpReranker({ url: broken.baseUrl }) });
    expect(await failing.search({ scope, query: 'safari', k: 10 })).toEqual(baseline);
  });

  it('rerankMinScore drops low scorers among the top K, but never all of them', async () => {
    const baseline = await setup();
    favored = 'no document has this text';
    const none = retriever(
      { rerankEnabled: true, rerankTopK: 3, rerankMinScore: 0.5 },
      { reranker: createHttpReranker({ url: fake.baseUrl }) },
    );
    expect(ids(await none.search({ scope, query: 'safari', k: 10 }))).toEqual(ids(baseline));

    favored = baseline[1]!.content;
    const some = retriever(
      { rerankEnabled: true, rerankTopK: 3, rerankMinScore: 0.5 },
      { reranker: createHttpReranker({ url: fake.baseUrl }) },
    );
    expect(ids(await some.search({ scope, query: 'safari', k: 10 }))).toEqual([
      baseline[1]!.id,
      ...ids(baseline.slice(3)),
    ]);
  });

  it('does nothing when disabled', async () => {
    const baseline = await setup();
    favored = baseline[4]!.content;
    const off = retriever({ rerankEnabled: false }, { reranker: createHttpReranker({ url: fake.baseUrl }) });
    expect(await off.search({ scope, query: 'safari', k: 10 })).toEqual(baseline);
  });
});

describe('importance (R7, D1) and tiers', () => {
  it('ranks a fresh ENVIRONMENT entry above a stale one; USER entries do not decay', async () => {
    const old = memory(
      'The staging server listens on port 8080',
      { importance: 0.8 },
      { occurredAt: '2025-09-01T00:00:00.000Z' },
    );
    const fresh = memory(
      'The staging server listens on port 9090',
      { importance: 0.8 },
      { occurredAt: '2026-02-28T00:00:00.000Z' },
    );
    const oldUser = memory(
      'My staging server nickname is Bob',
      { importance: 0.8, type: 'USER' },
      { occurredAt: '2025-01-01T00:00:00.000Z' },
    );
    await h.append([old, fresh, oldUser]);
    const hits = await retriever().search({ scope, query: 'staging server port', k: 10 });
    const byId = new Map(hits.map((x) => [x.id, x]));
    expect(ids(hits).indexOf(fresh.payload.memoryId)).toBeLessThan(ids(hits).indexOf(old.payload.memoryId));
    const expected = effectiveImportance(
      { importance: 0.8, type: 'ENVIRONMENT', pinned: false, accessCount: 0, lastTouched: old.occurredAt },
      NOW,
      { importanceDecayDays: 30 },
    );
    expect(byId.get(old.payload.memoryId)!.effectiveImportance).toBeCloseTo(expected, 12);
    expect(byId.get(oldUser.payload.memoryId)!.effectiveImportance).toBe(0.8);
  });

  it('down-weights ARCHIVAL entries by archivedWeight and reads the current tier from SQL', async () => {
    const a = memory('The boat is moored at pier seven', { type: 'USER' });
    const b = memory('The boat engine was serviced in May', { type: 'USER' });
    await h.append([a, b]);
    await h.append([
      ev('MemoryArchived', { memoryId: a.payload.memoryId, reason: 'manual', effectiveImportance: null }),
    ]);
    const full = await retriever({ archivedWeight: 1 }).search({ scope, query: 'boat pier', k: 10 });
    const half = await retriever({ archivedWeight: 0.5 }).search({ scope, query: 'boat pier', k: 10 });
    const at = (hits: QueryHit[]) => hits.find((x) => x.id === a.payload.memoryId)!;
    expect(at(half).tier).toBe('ARCHIVAL');
    expect(at(half).score).toBeCloseTo(at(full).score * 0.5, 12);
    expect(ids(await retriever().search({ scope, query: 'boat pier', k: 10, tiers: ['SEMANTIC'] }))).toEqual([
      b.payload.memoryId,
    ]);
    expect(ids(await retriever().search({ scope, query: 'boat pier', k: 10, tiers: ['ARCHIVAL'] }))).toEqual([
      a.payload.memoryId,
    ]);
  });
});

describe('scope, filters and hydration', () => {
  it('never returns another tenant, user or agent', async () => {
    const mk = (tenantId: string, userId: string, agentId: string | null) =>
      memory(`favourite colour is teal (${tenantId}/${userId}/${agentId})`, {}, { tenantId, userId, agentId });
    const docs = [
      mk('t1', 'u1', null),
      mk('t1', 'u1', 'a'),
      mk('t1', 'u1', 'b'),
      mk('t1', 'u2', null),
      mk('t2', 'u1', null),
    ];
    await h.append(docs);
    const r = retriever();
    const q = 'favourite colour teal';
    expect(ids(await r.search({ scope: { tenantId: 't1', userId: 'u2', agentId: null }, query: q, k: 10 }))).toEqual([
      docs[3]!.payload.memoryId,
    ]);
    expect(ids(await r.search({ scope: { tenantId: 't2', userId: 'u1', agentId: null }, query: q, k: 10 }))).toEqual([
      docs[4]!.payload.memoryId,
    ]);
    const asA = ids(await r.search({ scope: { tenantId: 't1', userId: 'u1', agentId: 'a' }, query: q, k: 10 }));
    // P3: an agent-scoped search sees only that agent's memories.
    expect(asA).toEqual([docs[1]!.payload.memoryId]);
    expect(await r.search({ scope: { tenantId: 't3', userId: 'u1', agentId: null }, query: q, k: 10 })).toEqual([]);
  });

  it('applies type, tag, scope-tag, session and time filters on the current rows', async () => {
    const tagged = memory('Prefers window seats on flights', { type: 'USER', tags: ['travel'], scope: 'trips' });
    const env = memory('The flights API key rotates monthly', { tags: ['ops'] });
    const msg = message('my flights to Oslo are booked', 'm1', {
      sessionId: 's9',
      occurredAt: '2026-02-10T10:00:00.000Z',
    });
    await h.append([tagged, env, msg]);
    const r = retriever();
    const q = 'flights';
    expect(ids(await r.search({ scope, query: q, k: 10, types: ['USER'] }))).toEqual([tagged.payload.memoryId]);
    expect(ids(await r.search({ scope, query: q, k: 10, tags: ['ops'] }))).toEqual([env.payload.memoryId]);
    expect(ids(await r.search({ scope, query: q, k: 10, scopeTag: 'trips' }))).toEqual([tagged.payload.memoryId]);
    expect(ids(await r.search({ scope, query: q, k: 10, sessionId: 's9' }))).toEqual([msg.eventId]);
    expect(
      ids(await r.search({ scope, query: q, k: 10, from: '2026-02-01T00:00:00Z', to: '2026-02-20T00:00:00Z' })),
    ).toEqual([msg.eventId]);
    const [hit] = await r.search({ scope, query: 'Oslo', k: 1 });
    expect(hit).toMatchObject({
      kind: 'message',
      sessionId: 's9',
      sourceMessageIds: ['m1'],
      metadata: { messageId: 'm1', role: 'user' },
    });
  });

  it('drops documents whose rows are gone (forgotten) even if an index still holds them', async () => {
    const a = memory('The alarm code is 4455');
    await h.append([a]);
    await db.query('DELETE FROM memories WHERE id = $1', [a.payload.memoryId]);
    expect(await h.text.search('alarm code', { scope }, 10)).toHaveLength(1);
    expect(await retriever().search({ scope, query: 'alarm code', k: 10 })).toEqual([]);
  });

  it('reuses a document hydrated by an earlier search only while its row is unchanged', async () => {
    const a = memory('The garage door code is 7788', { type: 'USER' });
    await h.append([a, memory('The garage has two bikes', { type: 'USER' })]);
    const r = retriever();
    const q = 'garage door code';
    const hitOf = async () => (await r.search({ scope, query: q, k: 10 })).find((x) => x.id === a.payload.memoryId);
    expect(await hitOf()).toMatchObject({ tier: 'SEMANTIC', importance: 0.5 });
    expect(await hitOf()).toMatchObject({ tier: 'SEMANTIC', importance: 0.5 });
    // Through the projector, and written behind its back (another process sharing the database).
    await h.append([
      ev('MemoryArchived', { memoryId: a.payload.memoryId, reason: 'manual', effectiveImportance: null }),
    ]);
    expect(await hitOf()).toMatchObject({ tier: 'ARCHIVAL', importance: 0.5 });
    await db.query('UPDATE memories SET importance = 0.9 WHERE id = $1', [a.payload.memoryId]);
    expect(await hitOf()).toMatchObject({ tier: 'ARCHIVAL', importance: 0.9 });
    await db.query('DELETE FROM memories WHERE id = $1', [a.payload.memoryId]);
    expect(await hitOf()).toBeUndefined();
  });

  it('answers from BM25 alone when the embedder fails', async () => {
    const a = memory('The wifi password is on the fridge');
    await h.append([a, memory('Bought a new fridge magnet')]);
    const failing: Embedder = {
      modelId: embedder.modelId,
      dimensions: embedder.dimensions,
      embed: async () => Promise.reject(new Error('down')),
    };
    const hits = await retriever({}, { embedder: failing }).search({ scope, query: 'wifi password', k: 10 });
    expect(ids(hits)).toEqual([a.payload.memoryId]);
  });

  it("embeds the query with the embedder's query side when it has one (e5-style prompts)", async () => {
    const a = memory('Lunch with Dana at the noodle bar on Friday');
    await h.append([a, memory('The printer on floor two is broken')]);
    const queries: string[] = [];
    const asymmetric: Embedder = {
      modelId: embedder.modelId,
      dimensions: embedder.dimensions,
      embed: () => Promise.reject(new Error('stored-text side must not embed queries')),
      embedQueries: (texts) => {
        queries.push(...texts);
        return embedder.embed(texts);
      },
    };
    const hits = await retriever({}, { embedder: asymmetric }).search({
      scope,
      query: 'where did I eat with Dana',
      k: 10,
    });
    expect(queries).toEqual(['where did I eat with Dana']);
    expect(ids(hits)[0]).toBe(a.payload.memoryId);
  });
});

describe('explain', () => {
  it('breaks each score down into lists, fusion, forgetting curve, intent and session diversity, without changing the ranking', async () => {
    const a = memory('Allergic to peanuts');
    await h.append([
      a,
      message('peanuts are in the satay sauce', 'm1'),
      message('we had satay at the night market', 'm2'),
    ]);
    const r = retriever({ sessionDiversity: 0.5 });
    const plain = await r.search({ scope, query: 'peanuts satay', k: 10 });
    const explained = await r.search({ scope, query: 'peanuts satay', k: 10, explain: true });
    expect(explained.map(({ explain: _e, ...hit }) => hit)).toEqual(plain);
    for (const hit of explained) {
      const e = hit.explain!;
      const lists = [e.keyword, e.window, e.vector].filter((x) => x !== null);
      expect(lists.length).toBeGreaterThan(0);
      expect(e.fusion.method).toBe('zscore');
      expect(e.fusion.score).toBeCloseTo(
        lists.reduce((sum, l) => sum + l.contribution, 0),
        12,
      );
      expect(e.rerank).toBeNull();
      expect(hit.score).toBeCloseTo(
        e.fusion.score * e.forgetting.weight * e.intent.weight * e.currency * e.sessionDiversity,
        12,
      );
      expect(e.forgetting.effectiveImportance).toBe(hit.effectiveImportance);
    }
    const memoryHit = explained.find((x) => x.id === a.payload.memoryId)!;
    expect(memoryHit.explain!.keyword).toMatchObject({ rank: expect.any(Number), score: expect.any(Number) });
    // The two messages share session s1 in this harness: the second one is scaled by the factor.
    expect(
      explained
        .filter((x) => x.kind === 'message')
        .map((x) => x.explain!.sessionDiversity)
        .sort(),
    ).toEqual([0.5, 1]);
  });

  it('gives concurrent searches their own explanations (no state kept between searches)', async () => {
    await h.append([memory('The cabin is in the Tatra mountains'), memory('The dentist appointment is on Monday')]);
    const r = retriever();
    const [cabin, dentist] = await Promise.all([
      r.search({ scope, query: 'cabin mountains', k: 1, explain: true }),
      r.search({ scope, query: 'dentist appointment', k: 1, explain: true }),
    ]);
    expect(cabin[0]!.content).toMatch(/cabin/);
    expect(cabin[0]!.explain!.gate.terms).toEqual(expect.arrayContaining(['cabin']));
    expect(dentist[0]!.content).toMatch(/dentist/);
    expect(dentist[0]!.explain!.gate.terms).toEqual(expect.arrayContaining(['dentist']));
  });
});

describe('Chinese', () => {
  it('finds Chinese memories for a Chinese query', async () => {
    const school = memory('我女儿下个月要去北京上大学');
    const coffee = memory('我每天早上喝一杯黑咖啡');
    const camping = memory('周末我们全家去海边露营');
    await h.append([school, coffee, camping, memory('The printer on floor two is broken')]);
    const r = retriever();
    expect((await r.search({ scope, query: '女儿在哪里上大学', k: 3 }))[0]!.id).toBe(school.payload.memoryId);
    expect((await r.search({ scope, query: '喝咖啡的习惯', k: 3 }))[0]!.id).toBe(coffee.payload.memoryId);
    expect((await r.search({ scope, query: '去海边', k: 3 }))[0]!.id).toBe(camping.payload.memoryId);
  });
});

describe('validation', () => {
  it('rejects a bad k and answers an empty query with nothing', async () => {
    await expect(retriever().search({ scope, query: 'x', k: 0 })).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(await retriever().search({ scope, query: '   ', k: 5 })).toEqual([]);
    await expect(retriever().search({ scope, query: 'x', k: 5, from: 'last tuesday' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
    expect(deterministicId('x')).toBeTypeOf('string');
  });
});
