import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Clock, Embedder, SqlDatabase } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import {
  contentQuery,
  createHybridRetriever,
  dateWords,
  scoreFusion,
  TurnWindows,
  windowTexts,
} from '@engram/retrieval';
import { ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const upserted = (op: ReturnType<TurnWindows['opFor']>) => {
  if (op.op !== 'upsert') throw new Error(`expected an upsert, got ${op.op}`);
  return op;
};

describe('scoreFusion', () => {
  it('adds weight × (score − floor) / spread per list, so lists of different scales weigh alike', () => {
    const bm25 = [
      { id: 'a', score: 12 },
      { id: 'b', score: 6 },
    ];
    const cosine = [
      { id: 'c', score: 0.9 },
      { id: 'a', score: 0.5 },
    ];
    // The keyword list covers 4 documents: a, b and two more at its floor 0.
    const f = scoreFusion([
      { hits: bm25, floor: 0, unlisted: 2 },
      { hits: cosine, weight: 2 },
    ]);
    const mean = (12 + 6) / 4;
    const sd1 = Math.sqrt(((12 - mean) ** 2 + (6 - mean) ** 2 + 2 * mean ** 2) / 4);
    expect(f.get('a')).toBeCloseTo(12 / sd1 + 0, 12);
    expect(f.get('b')).toBeCloseTo(6 / sd1, 12);
    // The vector list's floor is its lowest score: 'a' gets nothing from it, 'c' 2 × 0.4 / 0.2.
    expect(f.get('c')).toBeCloseTo(2 * (0.4 / 0.2), 12);
    expect([...f.values()].every((v) => v >= 0)).toBe(true);
  });

  it('gives the last of a short keyword list its due (floor 0, not its own minimum)', () => {
    const f = scoreFusion([
      {
        hits: [
          { id: 'x', score: 3 },
          { id: 'y', score: 1 },
        ],
        floor: 0,
        unlisted: 10,
      },
    ]);
    expect(f.get('y')).toBeGreaterThan(0);
    expect(f.get('x')! / f.get('y')!).toBeCloseTo(3, 12);
  });

  it('gives every document of a list whose scores do not spread a full weight', () => {
    const f = scoreFusion([{ hits: [{ id: 'only', score: 4.2 }], weight: 2 }, { hits: [] }]);
    expect(f.get('only')).toBe(2);
    expect(scoreFusion([{ hits: [] }]).size).toBe(0);
  });
});

describe('contentQuery', () => {
  it('drops stop words and keeps the words as written', () => {
    expect(contentQuery('What did Caroline say about the lighthouses?')).toBe('caroline say lighthouses');
  });

  it('leaves a query of stop words only alone, and keeps Chinese bigrams', () => {
    expect(contentQuery('what is it')).toBe('what is it');
    expect(contentQuery('我喜欢爬山').split(' ')).toContain('爬山');
  });
});

describe('conversation windows', () => {
  it('embeds the turn first, and keeps only the start of a long previous turn in both windows', () => {
    const long = 'x'.repeat(1000);
    const { embedText, contextText } = windowTexts('Short answer', [long, long], '2023-05-08T00:00:00Z');
    expect(embedText.startsWith('Short answer\n')).toBe(true);
    expect(embedText.length).toBeLessThan(450);
    expect(contextText.endsWith('\nShort answer')).toBe(true);
    expect(contextText.length).toBeLessThan(900);
  });

  it('dates a document in words', () => {
    expect(dateWords('2023-05-08T13:56:00.000Z')).toBe('8 May 2023');
    expect(dateWords('not a date')).toBe('');
    expect(windowTexts('Went hiking', ['Hi!', 'What did you do?'], '2023-05-08T00:00:00Z')).toEqual({
      embedText: 'Went hiking\nWhat did you do?',
      contextText: '8 May 2023\nHi!\nWhat did you do?\nWent hiking',
    });
    expect(windowTexts('Hello', [], 'not a date')).toEqual({ embedText: 'Hello', contextText: 'Hello' });
  });

  it('indexes each turn with the previous turn of its own session, and forgets ended sessions and forgotten users', () => {
    const w = new TurnWindows();
    const at = '2024-02-03T10:00:00.000Z';
    const a1 = upserted(w.opFor(message('What did you do on Saturday?', 'a1', { sessionId: 'A', occurredAt: at })));
    const b1 = upserted(w.opFor(message('Book me a table', 'b1', { sessionId: 'B', occurredAt: at })));
    const a2 = upserted(w.opFor(message('Went hiking at Mount Tam', 'a2', { sessionId: 'A', occurredAt: at })));
    expect(a1.embedText).toBe('What did you do on Saturday?');
    expect(b1.embedText).toBe('Book me a table');
    expect(a2.text).toBe('Went hiking at Mount Tam');
    expect(a2.embedText).toBe('Went hiking at Mount Tam\nWhat did you do on Saturday?');
    expect(a2.contextText).toBe('3 February 2024\nWhat did you do on Saturday?\nWent hiking at Mount Tam');
    const a3 = upserted(w.opFor(message('Nice, was it crowded?', 'a3', { sessionId: 'A', occurredAt: at })));
    // The vector looks one turn back, the window keyword index two.
    expect(a3.embedText).toBe('Nice, was it crowded?\nWent hiking at Mount Tam');
    expect(a3.contextText).toBe(
      '3 February 2024\nWhat did you do on Saturday?\nWent hiking at Mount Tam\nNice, was it crowded?',
    );

    w.opFor(ev('SessionEnded', { sessionId: 'A', reason: 'explicit' }, { sessionId: 'A' }));
    expect(upserted(w.opFor(message('New session, same id', 'a4', { sessionId: 'A' }))).embedText).toBe(
      'New session, same id',
    );
    expect(w.size).toBe(2);
    w.opFor(ev('MemoryForgotten', { target: 'user', memoryId: null, key: null, reason: 'user request' } as never));
    expect(w.size).toBe(0);
  });

  it('a memory entry is its own window, with its date for the window index', () => {
    const w = new TurnWindows();
    const op = upserted(w.opFor(memory('User prefers tea', { validFrom: '2025-12-24T00:00:00.000Z' })));
    expect(op.embedText).toBe('User prefers tea');
    expect(op.contextText).toBe('24 December 2025\nUser prefers tea');
  });

  it('rolls back the turns of a failed batch, and saves and restores its state', () => {
    const w = new TurnWindows();
    w.opFor(message('first', 'm1', { sessionId: 'S' }));
    w.begin();
    w.opFor(message('second', 'm2', { sessionId: 'S' }));
    w.opFor(message('other', 'o1', { sessionId: 'T' }));
    w.rollback();
    expect(w.toJSON().map(([, t]) => t)).toEqual([['first']]);
    const again = upserted(w.opFor(message('second', 'm2', { sessionId: 'S' })));
    expect(again.embedText).toBe('second\nfirst');
    const restored = TurnWindows.fromJSON(w.toJSON());
    const third = upserted(restored.opFor(message('third', 'm3', { sessionId: 'S' })));
    expect(third.embedText).toBe('third\nsecond');
    expect(third.contextText.endsWith('first\nsecond\nthird')).toBe(true);
  });

  it('keeps at most maxSessions open sessions, dropping the least recently active', () => {
    const w = new TurnWindows(2);
    w.opFor(message('one', '1', { sessionId: 'S1' }));
    w.opFor(message('two', '2', { sessionId: 'S2' }));
    w.opFor(message('one again', '3', { sessionId: 'S1' }));
    w.opFor(message('three', '4', { sessionId: 'S3' }));
    expect(w.toJSON().map(([, t]) => t)).toEqual([['one', 'one again'], ['three']]);
  });
});

describe('the window keyword list in the retriever', () => {
  const NOW = new Date('2026-03-01T00:00:00.000Z');
  const clock: Clock = { now: () => NOW };
  const scope = { tenantId: 't1', userId: 'u1', agentId: null };
  let db: SqlDatabase;
  let h: Harness;
  const embedder: Embedder = createHashEmbedder({ dimensions: 64 });
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

  it('finds an answer whose words are only in the turn before it, and survives a restart from the snapshot', async () => {
    const question = message('Where did you go for your birthday weekend?', 'q1', { sessionId: 'S' });
    const answer = message('Lisbon! The pastries were amazing.', 'a1', { sessionId: 'S' });
    const filler = [
      'I need to renew my passport soon',
      'The weather was cold all week',
      'My sister adopted a puppy',
      'Work has been busy lately',
    ].map((c, i) => message(c, `f${i}`, { sessionId: 'F' }));
    await h.append([...filler, question, answer]);
    const retriever = () =>
      createHybridRetriever({
        db,
        textIndex: h.text,
        contextTextIndex: h.context,
        vectorIndex: h.vectors,
        embedder,
        clock,
        config: { rerankEnabled: false },
      });
    const hits = await retriever().search({ scope, query: 'birthday weekend trip', k: 3 });
    expect(hits.map((x) => x.id)).toContain(answer.eventId);
    // Without the window list the answer has no keyword match at all.
    expect((await h.text.search('birthday weekend', { scope }, 10)).map((x) => x.id)).not.toContain(answer.eventId);

    await h.searchIndex.snapshotNow();
    await h.restartIndexes();
    expect((await h.context.search('birthday weekend', { scope }, 10)).map((x) => x.id)).toContain(answer.eventId);
    const next = message('We also visited Sintra', 'a2', { sessionId: 'S' });
    await h.append([next]);
    // The window state came back with the snapshot: the new turn is indexed with the answer before it.
    expect((await h.context.search('pastries', { scope }, 10)).map((x) => x.id)).toContain(next.eventId);
  });
});
