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
import type { Candidate } from '@engram/retrieval';
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

describe('latestStatementFirst: only where another value competes for the key', () => {
  const topic = topicTerms('Which bakery does the user buy bread from?', new Set());
  const day = (d: string) => `2026-0${d}T09:00:00.000Z`;
  const opts = { band: 0.5, gapMs: 12 * 3_600_000 };
  const user = (content: string, d: string) =>
    candidate({ kind: 'message', content, at: day(d), metadata: { role: 'user' } });
  const fact = (content: string, object: string, d: string, over: Partial<Candidate> = {}) =>
    candidate({ content, key: 'user.bakery', metadata: { object }, at: day(d), type: 'USER', ...over });
  const crumb = fact('User buys bread at the Crumb bakery', 'the Crumb bakery', '4-02');

  it('a fact that holds passes an earlier message on its slot with another value within the band; an off-topic one is not touched', () => {
    const old = user('I buy my bread at Kowalski bakery, their rye bread is great', '1-10');
    const offTopic = user('My sister visits in May', '1-11');
    const ranked = [
      { item: old, score: 2 },
      { item: crumb, score: 1.5 },
      { item: offTopic, score: 1.8 },
    ];
    expect([...latestStatementFirst(ranked, topic, opts)]).toEqual([crumb.id]);
    expect(ranked[1]!.score).toBeGreaterThan(ranked[0]!.score);
    expect(ranked[0]!.score).toBe(2);
    expect(ranked[2]!.score).toBe(1.8);
  });

  it("a document's terms are kept only while it cannot change: a frozen (hydrated) one gives the same answer each time, an unfrozen one edited in place is read again", () => {
    const frozenCrumb = Object.freeze({ ...crumb });
    const other = user('My sister visits in May', '1-10');
    const ranked = () => [
      { item: other, score: 2 },
      { item: frozenCrumb, score: 1.5 },
    ];
    expect(latestStatementFirst(ranked(), topic, opts).size).toBe(0);
    expect(latestStatementFirst(ranked(), topic, opts).size).toBe(0);
    // The same object, now on the topic with another value: the fact passes it.
    other.content = 'I buy my bread at Kowalski bakery, their rye bread is great';
    expect([...latestStatementFirst(ranked(), topic, opts)]).toEqual([crumb.id]);
    expect([...latestStatementFirst(ranked(), topic, opts)]).toEqual([crumb.id]);
  });

  it('no competing value, no reordering: an earlier message restating the value, an unkeyed fact, a far weaker fact', () => {
    const same = user('The Crumb bakery bread is the best bread I buy', '1-10');
    expect(
      latestStatementFirst(
        [
          { item: same, score: 2 },
          { item: crumb, score: 1.5 },
        ],
        topic,
        opts,
      ).size,
    ).toBe(0);
    const old = user('I buy my bread at Kowalski bakery, their rye bread is great', '1-10');
    const unkeyed = candidate({ content: 'User buys bread at the Crumb bakery', at: day('4-02') });
    expect(
      latestStatementFirst(
        [
          { item: old, score: 2 },
          { item: unkeyed, score: 1.9 },
        ],
        topic,
        opts,
      ).size,
    ).toBe(0);
    expect(
      latestStatementFirst(
        [
          { item: old, score: 2 },
          { item: crumb, score: 0.9 },
        ],
        topic,
        opts,
      ).size,
    ).toBe(0);
  });

  it('once the key changed (a superseded history), the fact passes earlier statements on the topic', () => {
    const old = user('Saturday mornings mean fresh bread for breakfast', '1-10');
    const ranked = [
      { item: old, score: 2 },
      { item: crumb, score: 1.5 },
    ];
    expect(latestStatementFirst(ranked, topic, opts).size).toBe(0);
    expect([...latestStatementFirst(ranked, topic, { ...opts, changed: new Set([crumb.id]) })]).toEqual([crumb.id]);
  });

  it("a later user message passes the fact only when it states another value for the key, never an assistant's turn", () => {
    const kowalski = fact('User buys bread at Kowalski bakery', 'Kowalski bakery', '1-10');
    const changed = user('These days I get bread from the Crumb bakery on Elm', '4-02');
    const stopped = user("I don't go to Kowalski bakery anymore", '4-02');
    const restates = user('Kowalski bakery had fresh rye today', '4-02');
    const chat = user('Bread and butter pudding is my dessert of the week', '4-02');
    const assistant = candidate({
      kind: 'message',
      content: 'Enjoy the bread from the Crumb bakery!',
      at: day('4-03'),
      metadata: { role: 'assistant' },
    });
    for (const later of [changed, stopped])
      expect([
        ...latestStatementFirst(
          [
            { item: kowalski, score: 3 },
            { item: later, score: 0.5 },
          ],
          topic,
          opts,
        ),
      ]).toEqual([later.id]);
    for (const later of [restates, chat, assistant])
      expect(
        latestStatementFirst(
          [
            { item: kowalski, score: 3 },
            { item: later, score: 0.5 },
          ],
          topic,
          opts,
        ).size,
      ).toBe(0);
  });

  it("a surname is passed by a later statement of a new name in other words (taken a husband's name, 改名), EN and ZH", () => {
    const cases = [
      [
        "What is the user's surname?",
        "User's surname is Brown",
        'Brown',
        "Since the wedding I've taken my husband's name, so it's Anna Kowalski now",
        'I still teach yoga twice a week',
      ],
      ['用户现在的姓氏是什么？', '用户姓张', '张', '我改名了，现在随我妈姓刘。', '我是厨师，喜欢做菜。'],
    ] as const;
    for (const [q, content, object, later, unrelated] of cases) {
      const t = topicTerms(q, new Set());
      const surname = candidate({ content, key: 'user.surname', metadata: { object }, at: day('1-10'), type: 'USER' });
      const renamed = user(later, '4-02');
      expect(
        [
          ...latestStatementFirst(
            [
              { item: surname, score: 3 },
              { item: renamed, score: 0.1 },
            ],
            t,
            opts,
          ),
        ],
        q,
      ).toEqual([renamed.id]);
      // A later message that names no slot word of the surname moves nothing.
      const other = user(unrelated, '4-02');
      expect(
        latestStatementFirst(
          [
            { item: surname, score: 3 },
            { item: other, score: 0.1 },
          ],
          t,
          opts,
        ).size,
        q,
      ).toBe(0);
    }
  });

  it('what is no evidence: a word of the key that is not its head, an event (it happened once, nothing replaces it)', () => {
    const bike = candidate({
      content: "User's road bike is a Trek",
      key: 'user.road_bike',
      metadata: { object: 'a Trek' },
      at: day('1-10'),
    });
    const bikeTopic = topicTerms('What road bike does the user ride?', new Set());
    const road = user('The road to the lake was closed all week', '4-02');
    expect(
      latestStatementFirst(
        [
          { item: bike, score: 3 },
          { item: road, score: 0.5 },
        ],
        bikeTopic,
        opts,
      ).size,
    ).toBe(0);
    const bought = user('My bike is a Canyon now', '4-02');
    expect([
      ...latestStatementFirst(
        [
          { item: bike, score: 3 },
          { item: bought, score: 0.5 },
        ],
        bikeTopic,
        opts,
      ),
    ]).toEqual([bought.id]);
    const hike = candidate({
      content: 'User went hiking last week (2026-03-28)',
      key: 'user.event.went_hiking',
      metadata: { object: '2026-03-28' },
      at: day('4-02'),
    });
    const hikeTopic = topicTerms('Where does the user go hiking?', new Set());
    const earlier = user('Hiking in the hills is what I do every Sunday', '1-10');
    expect(
      latestStatementFirst(
        [
          { item: earlier, score: 2 },
          { item: hike, score: 1.9 },
        ],
        hikeTopic,
        opts,
      ).size,
    ).toBe(0);
  });

  it('a measure competes only about what it measures, a relative only about that relative; a measure of a pronoun or a predicate as a value is no state fact', () => {
    const lift = (f: Candidate, later: string, q: string) =>
      latestStatementFirst(
        [
          { item: f, score: 3 },
          { item: user(later, '4-02'), score: 0.5 },
        ],
        topicTerms(q, new Set()),
        opts,
      ).size;
    const keyed = (content: string, key: string, object: string) =>
      candidate({ content, key, metadata: { object }, at: day('1-10'), type: 'USER' });
    const swim = keyed('User swims twice a week', 'user.frequency.swim', 'twice a week');
    const howOften = 'How often does the user swim?';
    expect(lift(swim, "I'm swimming four times a week these days", howOften)).toBe(1);
    // Another thing done a few times a week is no other frequency of swimming.
    expect(lift(swim, 'We go to the park a few times a week with the kids', howOften)).toBe(0);
    const run = keyed('用户每周跑步三次', 'user.frequency.跑步', '每周三次');
    expect(lift(run, '我现在每周跑步五次', '用户多久跑一次步？')).toBe(1);
    expect(lift(run, '我们每周去两次公园', '用户多久跑一次步？')).toBe(0);
    const gym = keyed('User goes to the gym three times a week', 'user.frequency.go_to_gym', 'three times a week');
    expect(lift(gym, 'We go a few times a week', 'How often does the user go to the gym?')).toBe(0);
    // A relative's home competes with a statement about that relative, not with one about "family".
    const brother = keyed("User's brother lives in Spain", 'user.family.brother.residence', 'Spain');
    const where = "Where does the user's brother live?";
    expect(lift(brother, 'My brother moved to Italy last month', where)).toBe(1);
    expect(lift(brother, 'My family is awesome, we moved into a bigger home', where)).toBe(0);
    // Nothing to compete with: a frequency of "them", a value that is a predicate.
    const them = keyed('User sees them at least once a week', 'user.frequency.them_least', 'at least once a week');
    expect(lift(them, 'Yeah, we go a few times a week, the kids love it', 'How often does the user see them?')).toBe(0);
    const kids = keyed(
      "User's kids is getting excited about staying active",
      'user.kids',
      'getting excited about staying active',
    );
    expect(lift(kids, 'We take the kids to the park a few times a week', "How are the user's kids?")).toBe(0);
    expect(
      lift(
        keyed("User's kids are Ava and Leo", 'user.kids', 'Ava and Leo'),
        'The kids, Mia and Tom, love the park',
        "Who are the user's kids?",
      ),
    ).toBe(1);
  });

  it('a superseded fact is passed but never lifted itself', () => {
    const old = user('I buy my bread at Kowalski bakery', '1-10');
    const superseded = fact('User buys bread at the Crumb bakery', 'the Crumb bakery', '4-05', {
      supersededBy: old.id,
    });
    expect(
      latestStatementFirst(
        [
          { item: old, score: 2 },
          { item: superseded, score: 1.9 },
        ],
        topic,
        opts,
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
