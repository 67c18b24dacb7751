import { describe, expect, it } from 'vitest';
import { searchTerms, type IndexedDocMeta, type IndexFilter, type ScoredId } from '@engram/core';
import { createLocalTextIndex } from '@engram/index-local';

const meta = (over: Partial<IndexedDocMeta> = {}): IndexedDocMeta => ({
  tenantId: 't',
  userId: 'u',
  agentId: null,
  kind: 'memory',
  tier: 'SEMANTIC',
  type: 'USER',
  tags: [],
  at: '2026-01-01T00:00:00.000Z',
  ...over,
});
const scope: IndexFilter = { scope: { tenantId: 't', userId: 'u', agentId: null } };

/** Textbook exhaustive BM25 (k1 1.2, b 0.4) over maps: what the typed-array index must reproduce exactly. */
function referenceBm25(
  docs: Map<string, { text: string; meta: IndexedDocMeta }>,
  query: string,
  k: number,
  keep: (id: string, m: IndexedDocMeta) => boolean,
): ScoredId[] {
  const tfs = new Map<string, Map<string, number>>();
  let total = 0;
  for (const [id, d] of docs) {
    const terms = searchTerms(d.text);
    total += terms.length;
    const tf = new Map<string, number>();
    for (const t of terms) tf.set(t, (tf.get(t) ?? 0) + 1);
    tfs.set(id, tf);
  }
  const n = docs.size;
  const avgdl = total / n || 1;
  const scores = new Map<string, number>();
  for (const term of new Set(searchTerms(query))) {
    const df = [...tfs.values()].filter((tf) => tf.has(term)).length;
    if (df === 0) continue;
    const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
    for (const [id, tf] of tfs) {
      const f = tf.get(term);
      if (!f) continue;
      const len = [...tf.values()].reduce((a, b) => a + b, 0);
      scores.set(id, (scores.get(id) ?? 0) + (idf * f * (1.2 + 1)) / (f + 1.2 * (1 - 0.4 + (0.4 * len) / avgdl)));
    }
  }
  return [...scores]
    .filter(([id]) => keep(id, docs.get(id)!.meta))
    .map(([id, score]) => ({ id, score }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
    .slice(0, k);
}

const WORDS = [
  'alice',
  'bob',
  'guitar',
  'lives',
  'living',
  'berlin',
  'the',
  'a',
  'coffee',
  'bakery',
  'friday',
  'played',
  'plays',
  'cello',
  'garden',
  'red',
  'blue',
];

describe('local text index ranking', () => {
  it('equals exhaustive BM25 (scores, order, ties by id) through upserts, removals and compaction', async () => {
    let seed = 5;
    const r = () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31;
    let made = 0;
    const sentence = () =>
      Array.from({ length: 2 + Math.floor(r() * 8) }, () => WORDS[Math.floor(r() * WORDS.length)]).join(' ') +
      (++made % 97 === 0 ? ' zebra' : '');
    const index = await createLocalTextIndex();
    const live = new Map<string, { text: string; meta: IndexedDocMeta }>();
    const check = async () => {
      for (const q of [
        'alice guitar',
        'the living bakery',
        'played cello friday',
        'red',
        'a the',
        'the zebra plays a red guitar',
        'zebra garden blue coffee bob alice the',
      ]) {
        expect(await index.search(q, scope, 25)).toEqual(referenceBm25(live, q, 25, () => true));
        for (const k of [1, 3]) expect(await index.search(q, scope, k)).toEqual(referenceBm25(live, q, k, () => true));
        const episodes: IndexFilter = { ...scope, kinds: ['episode'] };
        expect(await index.search(q, episodes, 10)).toEqual(referenceBm25(live, q, 10, (_, m) => m.kind === 'episode'));
        // R5 gate: a rare term (scored document by document) and common ones (term at a time).
        for (const anyOfTerms of [['zebra'], ['zebra', 'nowhere'], ['the', 'red'], ['play']]) {
          const holds = (id: string) => searchTerms(live.get(id)!.text).some((t) => anyOfTerms.includes(t));
          expect(await index.search(q, { ...scope, anyOfTerms }, 20)).toEqual(referenceBm25(live, q, 20, holds));
        }
      }
    };
    for (let i = 0; i < 3000; i++) {
      const d = { text: sentence(), meta: meta(i % 7 === 0 ? { kind: 'episode', tier: 'EPISODIC', type: null } : {}) };
      live.set(`d${i}`, d);
      await index.upsert([{ id: `d${i}`, ...d }]);
    }
    await check();
    // Re-index some documents and remove most of the rest: dead slots, then a compaction.
    for (let i = 0; i < 300; i++) {
      const d = { text: sentence(), meta: meta() };
      live.set(`d${i}`, d);
      await index.upsert([{ id: `d${i}`, ...d }]);
    }
    await check();
    const gone = Array.from({ length: 2200 }, (_, i) => `d${i + 500}`);
    for (const id of gone) live.delete(id);
    await index.delete(gone);
    expect(index.size()).toBe(live.size);
    await check();
    const stats = await index.termStats({ tenantId: 't', userId: 'u' }, ['guitar']);
    expect(stats.docCount).toBe(live.size);
    expect(stats.df.get('guitar')).toBe(
      [...live.values()].filter((d) => searchTerms(d.text).includes('guitar')).length,
    );
  });
});
