import { afterEach, describe, expect, it } from 'vitest';
import type { IndexFilter, TextIndex } from '@engram/core';
import { docId, meta, scopeOf, unwrapIndex, type IndexUnderTest } from './index-contract-support';

/** R1 / R2 / P3: the behaviour every TextIndex adapter must show. */
export function textIndexContract(name: string, factory: () => Promise<TextIndex | IndexUnderTest<TextIndex>>): void {
  describe(`TextIndex contract: ${name}`, () => {
    const open: Array<IndexUnderTest<TextIndex>> = [];
    const fresh = async () => {
      const s = unwrapIndex(await factory());
      open.push(s);
      return s.index;
    };
    afterEach(async () => {
      for (const s of open.splice(0)) {
        await s.index.close();
        await s.teardown?.();
      }
    });
    const u1: IndexFilter = { scope: scopeOf('t1', 'u1') };

    it('ranks by BM25: a rare matching term outweighs a common one', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('rare'), text: 'my sister adopted a greyhound', meta: meta('t1', 'u1') },
        { id: docId('common1'), text: 'my sister likes tea', meta: meta('t1', 'u1') },
        { id: docId('common2'), text: 'my sister moved to Berlin', meta: meta('t1', 'u1') },
        { id: docId('none'), text: 'completely unrelated words', meta: meta('t1', 'u1') },
      ]);
      const hits = await idx.search('sister greyhound', u1, 10);
      expect(hits[0]!.id).toBe(docId('rare'));
      expect(hits.map((h) => h.id)).not.toContain(docId('none'));
      expect(hits).toHaveLength(3);
      for (let i = 1; i < hits.length; i++) expect(hits[i - 1]!.score).toBeGreaterThanOrEqual(hits[i]!.score);
      expect(await idx.search('sister', u1, 1)).toHaveLength(1);
    });

    it('anyOfTerms keeps only documents with one of those terms, scored on the whole query (R5 gate)', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('both'), text: 'my sister adopted a greyhound', meta: meta('t1', 'u1') },
        { id: docId('common'), text: 'my sister likes tea', meta: meta('t1', 'u1') },
        { id: docId('rare'), text: 'a greyhound at the park', meta: meta('t1', 'u1') },
      ]);
      const all = await idx.search('sister greyhound', u1, 10);
      const gated = await idx.search('sister greyhound', { ...u1, anyOfTerms: ['greyhound'] }, 10);
      expect(gated.map((h) => h.id).sort()).toEqual([docId('both'), docId('rare')].sort());
      for (const h of gated) expect(h.score).toBeCloseTo(all.find((x) => x.id === h.id)!.score, 9);
      expect(await idx.search('sister', { ...u1, anyOfTerms: ['unknownterm'] }, 10)).toEqual([]);
    });

    it('matches case-insensitively and on Chinese bigrams', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('zh'), text: '我每天早上都喝咖啡', meta: meta('t1', 'u1') },
        { id: docId('zh-other'), text: '周末我去爬山', meta: meta('t1', 'u1') },
        { id: docId('en'), text: 'Deploys run on KUBERNETES', meta: meta('t1', 'u1') },
      ]);
      expect((await idx.search('喝咖啡', u1, 10)).map((h) => h.id)).toEqual([docId('zh')]);
      expect((await idx.search('kubernetes', u1, 10)).map((h) => h.id)).toEqual([docId('en')]);
      expect(await idx.search('nothing matches this', u1, 10)).toEqual([]);
    });

    it('keeps tenants and users apart, including their term statistics', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('u2-doc'), text: 'the launch codes are blue', meta: meta('t1', 'u2') },
        { id: docId('u2-filler'), text: 'lunch was fine', meta: meta('t1', 'u2') },
      ]);
      const before = await idx.search('launch codes', { scope: scopeOf('t1', 'u2') }, 10);
      await idx.upsert(
        Array.from({ length: 20 }, (_, i) => ({
          id: docId(`u1-${i}`),
          text: `launch codes copy ${i}`,
          meta: meta('t1', 'u1'),
        })),
      );
      await idx.upsert([{ id: docId('t2-doc'), text: 'launch codes', meta: meta('t2', 'u2') }]);
      const after = await idx.search('launch codes', { scope: scopeOf('t1', 'u2') }, 10);
      expect(after.map((h) => h.id)).toEqual([docId('u2-doc')]);
      expect(after[0]!.score).toBeCloseTo(before[0]!.score, 9);
      expect((await idx.search('launch', { scope: scopeOf('t2', 'u2') }, 10)).map((h) => h.id)).toEqual([
        docId('t2-doc'),
      ]);
      expect(await idx.search('launch', { scope: scopeOf('t2', 'u1') }, 10)).toEqual([]);
      expect(await idx.search('launch', u1, 50)).toHaveLength(20);
    });

    it('filters by agent, kind, tier and type', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('a'), text: 'pasta recipe', meta: meta('t1', 'u1', { agentId: 'a' }) },
        { id: docId('b'), text: 'pasta recipe', meta: meta('t1', 'u1', { agentId: 'b' }) },
        {
          id: docId('msg'),
          text: 'pasta recipe',
          meta: meta('t1', 'u1', { kind: 'message', tier: 'EPISODIC', type: null }),
        },
        { id: docId('user'), text: 'pasta recipe', meta: meta('t1', 'u1', { type: 'USER' }) },
      ]);
      const ids = async (f: IndexFilter) => (await idx.search('pasta', f, 10)).map((h) => h.id).sort();
      // P3: an agent scope sees only that agent's documents, not another agent's nor agent-less ones.
      expect(await ids({ scope: scopeOf('t1', 'u1', 'a') })).toEqual([docId('a')]);
      expect(await ids({ scope: scopeOf('t1', 'u1', 'b') })).toEqual([docId('b')]);
      expect(await ids({ ...u1, kinds: ['message'] })).toEqual([docId('msg')]);
      expect(await ids({ ...u1, tiers: ['EPISODIC'] })).toEqual([docId('msg')]);
      expect(await ids({ ...u1, types: ['USER'] })).toEqual([docId('user')]);
    });

    it('an upsert replaces the text of an id; delete removes it', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('x'), text: 'old words here', meta: meta('t1', 'u1') },
        { id: docId('y'), text: 'other old words', meta: meta('t1', 'u1') },
      ]);
      await idx.upsert([{ id: docId('x'), text: 'fresh content', meta: meta('t1', 'u1') }]);
      expect((await idx.search('old', u1, 10)).map((h) => h.id)).toEqual([docId('y')]);
      expect((await idx.search('fresh', u1, 10)).map((h) => h.id)).toEqual([docId('x')]);
      await idx.delete([docId('y'), docId('never-indexed')]);
      expect(await idx.search('old words', u1, 10)).toEqual([]);
      expect((await idx.search('fresh', u1, 10)).map((h) => h.id)).toEqual([docId('x')]);
    });
  });
}
