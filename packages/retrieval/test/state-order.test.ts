import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import {
  createHybridRetriever,
  detectQueryIntent,
  isStateQuestion,
  latestStatementFirst,
  topicTerms,
} from '@engram/retrieval';
import { candidate } from './candidate';
import { memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const state = (q: string) => isStateQuestion(q, detectQueryIntent(q));

describe('state questions: about how things are now (issue 17 item 4)', () => {
  it('asks about the present by its words or by its tense, in English and Chinese', () => {
    for (const q of [
      'Which bakery does the user buy bread from?',
      'What instrument is Tomasz learning?',
      "What's the user's landlord called?",
      'Who does the user carpool with these days?',
      'Is the user still in the choir?',
      'How many plants does the user have?',
      '用户在哪家面包店买面包？',
      '用户目前的房东叫什么？',
      '他现在还在合唱团吗？',
      '小芳養了幾隻貓？',
    ])
      expect(state(q), q).toBe(true);
  });

  it('a question about the past, a time, or the future is no state question', () => {
    for (const q of [
      'Which bakery did the user buy bread from last spring?',
      'When did the user join the choir?',
      'Where was the user living in 2023?',
      'What will the user cook on Friday?',
      'Where did the user use to work?',
      '用户以前在哪家面包店买面包？',
      '用户什么时候加入合唱团的？',
      'The user is a baker.',
    ])
      expect(state(q), q).toBe(false);
  });

  it("the topic is the question's words and the paraphrase class of the slot they name, never 'user' or the user's names", () => {
    const t = topicTerms('Where does Ingrid live?', new Set(['ingrid']));
    expect(t.has('live')).toBe(true);
    expect(t.has('move')).toBe(true); // residence: "moved"
    expect(t.has('user')).toBe(false);
    expect(t.has('ingrid')).toBe(false);
    const zh = topicTerms('用户住在哪里？', new Set());
    expect(zh.has('住在')).toBe(true);
    expect(zh.has('用户')).toBe(false);
  });
});

describe('latestStatementFirst', () => {
  const topic = topicTerms('Which bakery does the user buy bread from?', new Set());
  const day = (d: string) => `2026-0${d}T09:00:00.000Z`;
  const old = candidate({
    kind: 'message',
    content: 'I buy my bread at Kowalski bakery, their rye bread is great',
    at: day('1-10'),
    metadata: { role: 'user' },
  });
  const later = candidate({
    kind: 'message',
    content: 'These days I get bread from the Crumb bakery on Elm',
    at: day('4-02'),
    metadata: { role: 'user' },
  });
  const offTopic = candidate({
    kind: 'message',
    content: 'My sister visits in May',
    at: day('4-03'),
    metadata: { role: 'user' },
  });

  it('a later statement on the topic with a comparable score passes an earlier one; an unrelated document is not touched', () => {
    const ranked = [
      { item: old, score: 2 },
      { item: later, score: 1.5 },
      { item: offTopic, score: 1.8 },
    ];
    const lifted = latestStatementFirst(ranked, topic, { band: 0.5, gapMs: 12 * 3_600_000, statements: true });
    expect([...lifted]).toEqual([later.id]);
    expect(ranked[1]!.score).toBeGreaterThan(ranked[0]!.score);
    expect(ranked[0]!.score).toBe(2);
    expect(ranked[2]!.score).toBe(1.8);
  });

  it('a far weaker later match, a statement of the same occasion, or an assistant turn is not lifted', () => {
    const weak = [
      { item: old, score: 2 },
      { item: later, score: 0.9 },
    ];
    expect(latestStatementFirst(weak, topic, { band: 0.5, gapMs: 0, statements: true }).size).toBe(0);
    const sameDay = candidate({
      kind: 'message',
      content: 'bread from the Crumb bakery',
      at: '2026-01-10T10:00:00.000Z',
      metadata: { role: 'user' },
    });
    expect(
      latestStatementFirst(
        [
          { item: old, score: 2 },
          { item: sameDay, score: 1.9 },
        ],
        topic,
        { band: 0.5, gapMs: 12 * 3_600_000, statements: true },
      ).size,
    ).toBe(0);
    const assistant = candidate({
      kind: 'message',
      content: 'Enjoy the bread from the Crumb bakery!',
      at: day('4-02'),
      metadata: { role: 'assistant' },
    });
    expect(
      latestStatementFirst(
        [
          { item: old, score: 2 },
          { item: assistant, score: 1.9 },
        ],
        topic,
        { band: 0.5, gapMs: 0, statements: true },
      ).size,
    ).toBe(0);
  });

  it('a superseded fact is passed by a later statement but never lifted itself', () => {
    const superseded = candidate({
      content: 'User buys bread at Kowalski bakery',
      key: 'user.bakery',
      supersededBy: later.id,
      at: day('4-05'),
    });
    expect(
      latestStatementFirst(
        [
          { item: old, score: 2 },
          { item: superseded, score: 1.9 },
        ],
        topic,
        { band: 0.5, gapMs: 0, statements: true },
      ).size,
    ).toBe(0);
  });
});

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

const retriever = (intentConfig: Record<string, unknown> = {}) =>
  createHybridRetriever({
    db,
    textIndex: h.text,
    vectorIndex: h.vectors,
    embedder,
    clock: { now: () => new Date('2026-09-01T00:00:00Z') },
    config: { rerankEnabled: false },
    intentConfig: { latestStatementBand: 0.5, ...intentConfig },
  });
const at = (iso: string, sessionId: string) => ({ occurredAt: iso, sessionId });
const ids = async (query: string, r = retriever()) => (await r.search({ scope, query, k: 10 })).map((x) => x.id);

describe('the latest statement first, end to end', () => {
  it('messages alone keep their order (English and Chinese, now or not): recency alone lifts only facts that hold', async () => {
    const older = message(
      'I buy bread at the Kowalski bakery, the bakery bread there is the best bread',
      'm1',
      at('2026-02-01T09:00:00Z', 's1'),
    );
    const newer = message('Since spring I buy my bread at the Crumb bakery', 'm2', at('2026-06-01T09:00:00Z', 's2'));
    const olderZh = message('我一般在老王面包店买面包，老王面包店的面包很好吃', 'z1', at('2026-02-01T09:00:00Z', 's1'));
    const newerZh = message('我最近改去街角的麦香面包店买面包了', 'z2', at('2026-06-01T09:00:00Z', 's2'));
    await h.append([older, newer, olderZh, newerZh]);
    for (const [q, o, n] of [
      ['Which bakery does the user buy bread from these days?', older, newer],
      ['What did the user say about the Kowalski bakery bread?', older, newer],
      ['用户现在在哪家面包店买面包？', olderZh, newerZh],
    ] as const) {
      const off = await ids(q, retriever({ latestStatementBand: 0 }));
      expect(await ids(q), q).toEqual(off);
      expect(off, q).toContain(o.eventId);
      expect(off, q).toContain(n.eventId);
    }
  });

  it('a fact that holds is passed by a later message of the user that shares its words (a change the extractor missed); a past question keeps the fact first', async () => {
    const fact = memory(
      "User's landlord is Mr. Brandt",
      { type: 'USER', key: 'user.landlord', metadata: { object: 'Mr. Brandt' } },
      at('2026-02-01T09:05:00Z', 's1'),
    );
    const later = message(
      'We finally have a new landlord, Ms. Okafor bought the building',
      'm2',
      at('2026-06-01T09:00:00Z', 's2'),
    );
    await h.append([fact, later]);
    const q = "Who is the user's landlord?";
    const off = await ids(q, retriever({ latestStatementBand: 0 }));
    expect(off[0]).toBe(fact.payload.memoryId);
    expect((await ids(q))[0]).toBe(later.eventId);
    expect((await ids("Who was the user's landlord in February?"))[0]).toBe(fact.payload.memoryId);
  });

  it('Chinese: a fact that holds is passed by the later 我不打篮球了 message', async () => {
    const fact = memory(
      '用户每周打两次篮球',
      { type: 'USER', key: 'user.does.打.篮球', metadata: { object: '篮球' } },
      at('2026-02-01T09:05:00Z', 's1'),
    );
    const later = message('膝盖受伤以后我不打篮球了，运动改成每天游泳', 'z2', at('2026-06-01T09:00:00Z', 's2'));
    await h.append([fact, later]);
    const q = '用户平时做什么运动？';
    const off = await ids(q, retriever({ latestStatementBand: 0 }));
    expect(off[0]).toBe(fact.payload.memoryId);
    expect((await ids(q))[0]).toBe(later.eventId);
  });

  it('a current fact outranks an older message with more words in common', async () => {
    const oldMsg = message(
      'My landlord is Mr. Brandt, Mr. Brandt the landlord lives downstairs',
      'm1',
      at('2026-02-01T09:00:00Z', 's1'),
    );
    const fact = memory(
      "User's landlord is Ms. Okafor",
      { type: 'USER', key: 'user.landlord', metadata: { object: 'Ms. Okafor' } },
      at('2026-06-01T09:05:00Z', 's2'),
    );
    await h.append([oldMsg, fact]);
    expect((await ids("Who is the user's landlord now?"))[0]).toBe(fact.payload.memoryId);
  });
});
