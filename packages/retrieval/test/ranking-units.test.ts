import { describe, expect, it } from 'vitest';
import { diversifyBySession, silentLogger, type Reranker } from '@engram/core';
import {
  buildTokenGate,
  DocRegistry,
  reciprocalRankFusion,
  rerankStage,
  resolveRetrievalConfig,
} from '@engram/retrieval';
import { iso } from '../src/candidates';

const quiet = silentLogger;

describe('reciprocalRankFusion', () => {
  it('sums 1/(k + rank) with ranks from 1', () => {
    const f = reciprocalRankFusion(
      [
        ['a', 'b', 'c'],
        ['c', 'a'],
      ],
      60,
    );
    expect(f.get('a')).toBeCloseTo(1 / 61 + 1 / 62, 15);
    expect(f.get('b')).toBeCloseTo(1 / 62, 15);
    expect(f.get('c')).toBeCloseTo(1 / 63 + 1 / 61, 15);
    expect(f.size).toBe(3);
  });
});

describe('token gate', () => {
  it('treats stop words and very common tokens as non-discriminative', () => {
    const stats = {
      docCount: 100,
      df: new Map([
        ['project', 80],
        ['falcon', 3],
      ]),
    };
    const gate = buildTokenGate('what is the project falcon', stats, { commonRatio: 0.5, minDocs: 20 });
    expect([...gate.discriminative]).toEqual(['falcon']);
    expect(gate.passes('the project is late')).toBe(false);
    expect(gate.passes('Falcon launches Friday')).toBe(true);
  });

  it('ignores frequencies on small corpora and lets everything through for an all-stop-word query', () => {
    const small = buildTokenGate(
      'project',
      { docCount: 3, df: new Map([['project', 3]]) },
      { commonRatio: 0.5, minDocs: 20 },
    );
    expect(small.passes('project notes')).toBe(true);
    const empty = buildTokenGate('what is it', null, { commonRatio: 0.5, minDocs: 20 });
    expect(empty.active).toBe(false);
    expect(empty.passes('anything')).toBe(true);
  });

  it("matches stemmed forms and treats the given terms (the user's names) as non-discriminative", () => {
    const gate = buildTokenGate('where does Alice live?', null, {
      commonRatio: 0.5,
      minDocs: 20,
      nonDiscriminative: new Set(['alic']),
    });
    expect([...gate.discriminative]).toEqual(['live']);
    expect(gate.passes("User's name is Alice")).toBe(false);
    expect(gate.passes('User lives in Berlin')).toBe(true);
  });

  it('gates Chinese function-word bigrams', () => {
    const gate = buildTokenGate('我们的咖啡', null, { commonRatio: 0.5, minDocs: 20 });
    expect(gate.passes('我们今天去公园')).toBe(false);
    expect(gate.passes('她爱喝咖啡')).toBe(true);
  });
});

describe('rerankStage', () => {
  const ranked = ['a', 'b', 'c', 'd'].map((item, i) => ({ item, score: 1 - i * 0.1 }));
  const fixed = (scores: number[] | (() => Promise<number[]>)): Reranker => ({
    modelId: 'test',
    score: async () => (typeof scores === 'function' ? scores() : scores),
  });
  const s = { enabled: true, topK: 3, timeoutMs: 1000, minScore: 0 };

  it('reorders the head and keeps slot scores', async () => {
    const r = await rerankStage('q', ranked, (x) => x, fixed([0.1, 0.9, 0.5]), s, quiet);
    expect(r.ranked.map((x) => x.item)).toEqual(['b', 'c', 'a', 'd']);
    expect(r.ranked.map((x) => x.score)).toEqual(ranked.map((x) => x.score));
  });

  it('falls back on a malformed answer or a hang', async () => {
    expect((await rerankStage('q', ranked, (x) => x, fixed([1]), s, quiet)).ranked).toBe(ranked);
    const hang = fixed(() => new Promise<number[]>(() => {}));
    expect((await rerankStage('q', ranked, (x) => x, hang, { ...s, timeoutMs: 20 }, quiet)).reranked).toBe(false);
  });
});

describe('DocRegistry', () => {
  it('tracks ids per stream and key, and survives a JSON round-trip', () => {
    const r = new DocRegistry();
    r.add('t/u', 'a', 'k1');
    r.add('t/u', 'b', 'k1');
    r.add('t/u', 'c', null);
    r.add('t/v', 'd', 'k1');
    r.remove('b');
    const copy = new DocRegistry();
    copy.merge(JSON.parse(JSON.stringify(r.toJSON())));
    expect(copy.idsOfKey('t/u', 'k1')).toEqual(['a']);
    expect(copy.idsOfStream('t/u').sort()).toEqual(['a', 'c']);
    expect(copy.idsOfKey('t/v', 'k1')).toEqual(['d']);
    expect(copy.size).toBe(3);
  });
});

describe('config', () => {
  it('fills defaults from SPEC and rejects bad values', () => {
    const c = resolveRetrievalConfig({ rerankTopK: 5 });
    expect(c).toMatchObject({
      rerankEnabled: true,
      rerankTopK: 5,
      rerankTimeoutSeconds: 5,
      rerankMinScore: 0,
      rrfK: 60,
      archivedWeight: 0.5,
    });
    expect(() => resolveRetrievalConfig({ rerankTopK: 0 })).toThrow(/rerankTopK/);
    expect(() => resolveRetrievalConfig({ archivedWeight: 2 })).toThrow(/archivedWeight/);
    expect(resolveRetrievalConfig({ sessionDiversity: 0.5 }).sessionDiversity).toBe(0.5);
    expect(() => resolveRetrievalConfig({ sessionDiversity: 0 })).toThrow(/sessionDiversity/);
  });
});

describe('diversifyBySession', () => {
  const hit = (id: string, sessionId: string | null, score: number) => ({ id, sessionId, score });
  const ranked = [
    hit('a1', 'A', 1),
    hit('a2', 'A', 0.9),
    hit('a3', 'A', 0.8),
    hit('b1', 'B', 0.6),
    hit('f', null, 0.5),
  ];

  it('keeps the order and scores with factor 1, cut to k', () => {
    expect(diversifyBySession(ranked, 1, 3)).toEqual(ranked.slice(0, 3));
  });

  it('scales each further hit of a session by factor^n and re-sorts greedily', () => {
    const out = diversifyBySession(ranked, 0.5, 5);
    // a2 at 0.9·0.5 = 0.45 and a3 at 0.8·0.25 = 0.2 fall behind b1 (0.6) and the session-less f (0.5).
    expect(out.map((h) => h.id)).toEqual(['a1', 'b1', 'f', 'a2', 'a3']);
    expect(out.map((h) => h.score)).toEqual([1, 0.6, 0.5, 0.45, 0.2]);
    expect(ranked[1]!.score).toBe(0.9); // the input is not changed
  });

  it('leaves hits with no session unscaled however many there are', () => {
    const noSession = [hit('x', null, 0.9), hit('y', null, 0.8), hit('z', null, 0.7)];
    expect(diversifyBySession(noSession, 0.1, 3)).toEqual(noSession);
  });

  it('takes a second hit of a session when it is still far ahead', () => {
    const out = diversifyBySession([hit('a1', 'A', 1), hit('a2', 'A', 0.95), hit('b1', 'B', 0.2)], 0.75, 2);
    expect(out.map((h) => h.id)).toEqual(['a1', 'a2']);
  });
});

describe('iso (timestamps of hydrated rows)', () => {
  it('rewrites UTC JSON timestamps exactly as Date#toISOString does, and parses every other form', () => {
    const samples = [
      '2026-12-01T22:36:48.605999+00:00',
      '2026-12-01T22:36:48.6+00:00',
      '2026-12-01T22:36:48+00:00',
      '1999-01-01T00:00:00.9999+00:00',
      '2026-12-01T23:36:48.605+01:00',
      '2026-12-01 22:36:48.605+00',
      '2026-12-01T22:36:48.605Z',
    ];
    for (const s of samples) expect(iso(s)).toBe(new Date(Date.parse(s)).toISOString());
    expect(iso(new Date(0))).toBe('1970-01-01T00:00:00.000Z');
    expect(iso('not a time')).toBe('not a time');
  });
});
