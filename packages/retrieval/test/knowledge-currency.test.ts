import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deterministicId, type SqlDatabase } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { createHybridRetriever, nameAwareQueries } from '@engram/retrieval';
import { ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const scope = { tenantId: 't1', userId: 'u1', agentId: null };
const embedder = createHashEmbedder({ dimensions: 64 });
let db: SqlDatabase;
let h: Harness;

beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  h = await openHarness(embedder, db);
});
afterEach(async () => {
  await h.close();
});

const retriever = (config: Record<string, unknown> = {}) =>
  createHybridRetriever({
    db,
    textIndex: h.text,
    vectorIndex: h.vectors,
    embedder,
    clock: { now: () => new Date('2026-06-01T00:00:00Z') },
    config: { rerankEnabled: false, ...config },
  });

const at = (iso: string) => ({ occurredAt: iso });

/** Old city in a message and a fact, then the move: the fact replaces the old one by key. */
async function moved(): Promise<{ lisbon: string; montreal: string; oldMessage: string }> {
  const lisbon = memory(
    'User lives in Lisbon',
    { type: 'USER', key: 'user.residence', metadata: { object: 'Lisbon' } },
    at('2025-01-10T09:00:00.000Z'),
  );
  const montreal = memory(
    'User lives in Montreal',
    { type: 'USER', key: 'user.residence', metadata: { object: 'Montreal' } },
    at('2026-03-02T09:00:00.000Z'),
  );
  const old = message('I live in Lisbon and love the trams', 'm-old', {
    ...at('2025-01-10T08:59:00.000Z'),
    sessionId: 's1',
  });
  await h.append([old, lisbon, montreal]);
  return { lisbon: lisbon.payload.memoryId, montreal: montreal.payload.memoryId, oldMessage: old.eventId };
}

describe('what is true now ranks first (item 4) and what was true then answers asOf (B3)', () => {
  it('the current fact outranks an older message and the superseded fact that state the old value; both are marked', async () => {
    const ids = await moved();
    const hits = await retriever().search({ scope, query: 'where does the user live now? Lisbon?', k: 10 });
    const rank = (id: string) => hits.findIndex((x) => x.id === id);
    expect(rank(ids.montreal)).toBe(0);
    expect(rank(ids.oldMessage)).toBeGreaterThan(0);
    const oldHit = hits.find((x) => x.id === ids.oldMessage)!;
    expect(oldHit.metadata.outdated).toMatchObject({
      key: 'user.residence',
      value: 'Lisbon',
      current: 'Montreal',
      currentId: ids.montreal,
    });
    const superseded = hits.find((x) => x.id === ids.lisbon);
    if (superseded) expect(rank(ids.lisbon)).toBeGreaterThan(0);
  });

  it('an older episode that states the superseded value ranks below the current fact and is marked, for a now question in EN and ZH', async () => {
    const ids = await moved();
    const episode = (episodeId: string, summary: string) =>
      ev(
        'EpisodeCreated',
        {
          episodeId,
          sessionKey: 's1',
          summary,
          messageRangeStart: ids.oldMessage,
          messageRangeEnd: ids.oldMessage,
          entityIds: [],
          importance: 0.9,
          sourceMessageIds: [ids.oldMessage],
          startedAt: '2025-01-10T08:59:00.000Z',
          endedAt: '2025-01-10T09:05:00.000Z',
        },
        { sessionId: 's1', ...at('2025-01-10T09:05:00.000Z') },
      );
    const en = episode(deterministicId('ep-lisbon'), 'The user talked about living in Lisbon, the trams and the river');
    const zh = episode(deterministicId('ep-lisbon-zh'), '用户聊到住在Lisbon的生活和电车');
    await h.append([en, zh]);
    for (const [query, ep] of [
      ['where does the user live currently? Lisbon trams', en],
      ['用户现在住在哪里？Lisbon', zh],
    ] as const) {
      const hits = await retriever().search({ scope, query, k: 10 });
      const rank = (id: string) => hits.findIndex((x) => x.id === id);
      expect(rank(ids.montreal), query).toBe(0);
      expect(rank(ep.payload.episodeId), query).toBeGreaterThan(0);
      expect(hits[rank(ep.payload.episodeId)]!.metadata.outdated, query).toMatchObject({
        key: 'user.residence',
        value: 'Lisbon',
        current: 'Montreal',
      });
    }
  });

  it('a Chinese value is found as written in an older document (search terms are bigrams: "50张" is no term of "50张邮票")', async () => {
    const fifty = memory(
      '用户有50张邮票',
      { type: 'USER', key: 'user.count.邮票', metadata: { object: '50张' } },
      at('2025-01-10T09:00:00.000Z'),
    );
    const eighty = memory(
      '用户的邮票有80张',
      { type: 'USER', key: 'user.count.邮票', metadata: { object: '80' } },
      at('2026-03-02T09:00:00.000Z'),
    );
    const old = message('我收集了50张邮票。', 'm-zh', { ...at('2025-01-10T08:59:00.000Z'), sessionId: 's1' });
    await h.append([old, fifty, eighty]);
    const hits = await retriever().search({ scope, query: '用户有多少张邮票？', k: 10 });
    expect(hits[0]!.id).toBe(eighty.payload.memoryId);
    expect(hits.find((x) => x.id === old.eventId)?.metadata.outdated).toMatchObject({
      key: 'user.count.邮票',
      value: '50张',
      current: '80',
    });
  });

  it('an older message is marked and ranked below when the value was replaced under another name of the slot, or ended by a "not" fact', async () => {
    const flatWhite = memory(
      "User's usual coffee is a flat white",
      { type: 'USER', key: 'user.usual_coffee', metadata: { object: 'a flat white' } },
      at('2025-01-10T09:00:00.000Z'),
    );
    const oatLatte = memory(
      "User's favourite order is an oat latte",
      { type: 'USER', key: 'user.favourite_order', metadata: { object: 'an oat latte' } },
      at('2026-03-02T09:00:00.000Z'),
    );
    const replaced = ev(
      'MemorySuperseded',
      {
        memoryId: flatWhite.payload.memoryId,
        supersededBy: oatLatte.payload.memoryId,
        reason: 'contradicted by a newer consolidated fact (recency)',
        contradictionId: null,
      },
      at('2026-03-02T09:00:01.000Z'),
    );
    const dell = memory(
      "User's laptop is Dell XPS laptop",
      { type: 'USER', key: 'user.laptop', metadata: { object: 'Dell XPS laptop' } },
      at('2025-01-10T09:00:00.000Z'),
    );
    const notDell = memory(
      "User's laptop is not Dell XPS laptop",
      { type: 'USER', key: 'user.laptop', metadata: { object: 'Dell XPS laptop' } },
      at('2026-03-02T09:00:00.000Z'),
    );
    const coffeeMsg = message('My usual coffee is a flat white, every morning', 'm-coffee', {
      ...at('2025-01-10T08:59:00.000Z'),
      sessionId: 's1',
    });
    const laptopMsg = message('I use a Dell XPS laptop for work', 'm-laptop', {
      ...at('2025-01-10T08:58:00.000Z'),
      sessionId: 's1',
    });
    await h.append([coffeeMsg, laptopMsg, flatWhite, dell, oatLatte, replaced, notDell]);
    const coffee = await retriever().search({ scope, query: 'What coffee does the user usually order now?', k: 10 });
    expect(coffee.find((x) => x.id === coffeeMsg.eventId)?.metadata.outdated).toMatchObject({
      key: 'user.usual_coffee',
      value: 'a flat white',
      current: 'an oat latte',
      currentId: oatLatte.payload.memoryId,
    });
    const rank = (hits: typeof coffee, id: string) => hits.findIndex((x) => x.id === id);
    expect(rank(coffee, oatLatte.payload.memoryId)).toBeLessThan(rank(coffee, coffeeMsg.eventId));
    const laptop = await retriever().search({ scope, query: 'Which laptop does the user use?', k: 10 });
    expect(laptop.find((x) => x.id === laptopMsg.eventId)?.metadata.outdated).toMatchObject({
      key: 'user.laptop',
      current: "User's laptop is not Dell XPS laptop",
    });
  });

  it('a question about the past leaves the old value alone', async () => {
    const ids = await moved();
    const hits = await retriever().search({ scope, query: 'where did the user live before? Lisbon trams', k: 10 });
    expect(hits.find((x) => x.id === ids.oldMessage)?.metadata.outdated).toBeUndefined();
  });

  it('asOf returns what was valid then: the superseded value at full weight, nothing said later', async () => {
    const ids = await moved();
    const hits = await retriever().search({
      scope,
      query: 'where does the user live?',
      k: 10,
      asOf: '2025-06-01T00:00:00.000Z',
    });
    expect(hits[0]!.id).toBe(ids.lisbon);
    expect(hits.map((x) => x.id)).not.toContain(ids.montreal);
    expect(hits[0]).toMatchObject({ validFrom: '2025-01-10T09:00:00.000Z', validTo: '2026-03-02T09:00:00.000Z' });
    const later = await retriever().search({
      scope,
      query: 'where does the user live?',
      k: 10,
      asOf: '2026-04-01T00:00:00.000Z',
    });
    expect(later[0]!.id).toBe(ids.montreal);
    expect(later.map((x) => x.id)).not.toContain(ids.lisbon);
  });

  it('rejects an asOf that is not a time', async () => {
    await expect(retriever().search({ scope, query: 'x', k: 3, asOf: 'yesterday' })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});

describe('minimum score (item 7)', () => {
  it('never returns a hit scoring 0, and memory.minScore drops hits below it', async () => {
    await h.append([
      memory('The Frankfurt cluster runs Kubernetes'),
      memory('Gardening needs patience'),
      memory('Sourdough bread takes two days'),
    ]);
    const all = await retriever().search({ scope, query: 'Frankfurt cluster', k: 10 });
    expect(all.length).toBeGreaterThan(0);
    expect(all.every((x) => x.score > 0)).toBe(true);
    const top = all[0]!.score;
    const strict = await retriever({ minScore: top * 0.999 }).search({ scope, query: 'Frankfurt cluster', k: 10 });
    expect(strict.map((x) => x.id)).toEqual([all[0]!.id]);
    expect(() => retriever({ minScore: -1 })).toThrow(/memory\.minScore/);
  });
});

describe("the user's name is the user (item 3)", () => {
  it('rewrites a question naming the user for the vector side and adds "user" to the keyword side', () => {
    expect(nameAwareQueries("What is Maria's job?", ['Maria'])).toEqual({
      vectorQuery: "What is the user's job?",
      keywordExtra: ['user'],
    });
    expect(nameAwareQueries('李娜现在住在哪里？', ['李娜'])).toEqual({
      vectorQuery: '用户现在住在哪里?',
      keywordExtra: ['用户', 'user'],
    });
    expect(nameAwareQueries('陳怡君現在住在哪裡？', ['陳怡君']).vectorQuery).toBe('用户现在住在哪里?');
    expect(nameAwareQueries("What is the user's job?", ['Maria Lopez', 'Maria'])).toEqual({
      vectorQuery: "What is the user's job?",
      keywordExtra: ['Maria Lopez', 'Maria'],
    });
    expect(nameAwareQueries('What is Mariano doing?', ['Maria'])).toEqual({
      vectorQuery: 'What is Mariano doing?',
      keywordExtra: [],
    });
  });

  it('"what is Maria\'s job?" finds the fact stored about "User", and "the user" finds a fact stored under the name', async () => {
    const name = memory("User's name is Maria", { type: 'USER', key: 'user.name', metadata: { object: 'Maria' } });
    const job = memory('User works as a nurse', {
      type: 'USER',
      key: 'user.occupation',
      metadata: { object: 'a nurse' },
    });
    const byName = memory('Maria volunteers at the animal shelter on Sundays', { type: 'USER' });
    await h.append([name, job, byName]);
    const hits = await retriever().search({ scope, query: "what is Maria's occupation?", k: 5 });
    expect(hits[0]!.id).toBe(job.payload.memoryId);
    const reverse = await retriever().search({ scope, query: 'what does the user do on Sundays?', k: 5 });
    // (the name fact itself, which also says "user" and the name, may rank beside it)
    expect(reverse.slice(0, 2).map((x) => x.id)).toContain(byName.payload.memoryId);
    expect(reverse.findIndex((x) => x.id === byName.payload.memoryId)).toBeLessThan(
      reverse.findIndex((x) => x.id === job.payload.memoryId) >>> 0,
    );
  });
});
