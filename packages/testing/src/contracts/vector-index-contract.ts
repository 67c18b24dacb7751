import { afterEach, describe, expect, it } from 'vitest';
import type { VectorIndex } from '@engram/core';
import { docId, meta, scopeOf, unwrapIndex, type IndexUnderTest } from './index-contract-support';

/** Every vector in the suite has this many dimensions (size a backend's collection with it). */
export const CONTRACT_VECTOR_DIMENSIONS = 8;

/** A unit-ish vector pointing mostly along axis `axis`, tilted towards `tilt` by `amount`. */
function vec(axis: number, tilt = (axis + 1) % CONTRACT_VECTOR_DIMENSIONS, amount = 0): Float32Array {
  const v = new Float32Array(CONTRACT_VECTOR_DIMENSIONS);
  v[axis] = 1;
  v[tilt] = (v[tilt] ?? 0) + amount;
  return v;
}

const MODEL_A = 'contract-model-a@1';
const MODEL_B = 'contract-model-b@1';

/** R3 / E1 / P3: the behaviour every VectorIndex adapter (local, Qdrant) must show. */
export function vectorIndexContract(
  name: string,
  factory: () => Promise<VectorIndex | IndexUnderTest<VectorIndex>>,
): void {
  describe(`VectorIndex contract: ${name}`, () => {
    const open: Array<IndexUnderTest<VectorIndex>> = [];
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

    it('returns the nearest vectors first, at most k, with descending scores', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('near'), vector: vec(0, 1, 0.1), modelId: MODEL_A, meta: meta('t1', 'u1') },
        { id: docId('mid'), vector: vec(0, 1, 1), modelId: MODEL_A, meta: meta('t1', 'u1') },
        { id: docId('far'), vector: vec(3), modelId: MODEL_A, meta: meta('t1', 'u1') },
      ]);
      const hits = await idx.search(vec(0), MODEL_A, { scope: scopeOf('t1', 'u1') }, 2);
      expect(hits.map((h) => h.id)).toEqual([docId('near'), docId('mid')]);
      expect(hits[0]!.score).toBeGreaterThan(hits[1]!.score);
      expect(hits[0]!.score).toBeGreaterThan(0.9);
    });

    it('never returns another tenant or another user', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('t1u1'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1') },
        { id: docId('t1u2'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u2') },
        { id: docId('t2u1'), vector: vec(0), modelId: MODEL_A, meta: meta('t2', 'u1') },
      ]);
      for (const [t, u] of [
        ['t1', 'u1'],
        ['t1', 'u2'],
        ['t2', 'u1'],
      ] as const) {
        const hits = await idx.search(vec(0), MODEL_A, { scope: scopeOf(t, u) }, 10);
        expect(hits.map((h) => h.id)).toEqual([docId(`${t}${u}`)]);
      }
      expect(await idx.search(vec(0), MODEL_A, { scope: scopeOf('t2', 'u2') }, 10)).toEqual([]);
    });

    it("an agent sees only its own documents, never another agent's nor the agent-less ones", async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('agent-a'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1', { agentId: 'a' }) },
        { id: docId('agent-b'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1', { agentId: 'b' }) },
        { id: docId('no-agent'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1') },
      ]);
      const asA = await idx.search(vec(0), MODEL_A, { scope: scopeOf('t1', 'u1', 'a') }, 10);
      expect(asA.map((h) => h.id)).toEqual([docId('agent-a')]);
      const any = await idx.search(vec(0), MODEL_A, { scope: scopeOf('t1', 'u1') }, 10);
      expect(any).toHaveLength(3);
    });

    it('filters by kind, tier and type', async () => {
      const idx = await fresh();
      await idx.upsert([
        {
          id: docId('msg'),
          vector: vec(0),
          modelId: MODEL_A,
          meta: meta('t1', 'u1', { kind: 'message', tier: 'EPISODIC', type: null }),
        },
        { id: docId('user-fact'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1', { type: 'USER' }) },
        { id: docId('env-fact'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1', { type: 'ENVIRONMENT' }) },
        { id: docId('archived'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1', { tier: 'ARCHIVAL' }) },
      ]);
      const ids = async (f: Omit<Parameters<VectorIndex['search']>[2], 'scope'>) =>
        (await idx.search(vec(0), MODEL_A, { scope: scopeOf('t1', 'u1'), ...f }, 10)).map((h) => h.id).sort();
      expect(await ids({ kinds: ['message'] })).toEqual([docId('msg')]);
      expect(await ids({ types: ['USER'] })).toEqual([docId('user-fact')]);
      expect(await ids({ tiers: ['ARCHIVAL'] })).toEqual([docId('archived')]);
      expect(await ids({ kinds: ['memory'], tiers: ['SEMANTIC'] })).toEqual(
        [docId('env-fact'), docId('user-fact')].sort(),
      );
    });

    it('an upsert of an existing id replaces its vector and metadata', async () => {
      const idx = await fresh();
      await idx.upsert([{ id: docId('x'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1') }]);
      await idx.upsert([
        { id: docId('x'), vector: vec(5), modelId: MODEL_A, meta: meta('t1', 'u1', { tier: 'ARCHIVAL' }) },
      ]);
      const hits = await idx.search(vec(5), MODEL_A, { scope: scopeOf('t1', 'u1') }, 10);
      expect(hits.map((h) => h.id)).toEqual([docId('x')]);
      expect(hits[0]!.score).toBeGreaterThan(0.99);
      expect(await idx.search(vec(5), MODEL_A, { scope: scopeOf('t1', 'u1'), tiers: ['SEMANTIC'] }, 10)).toEqual([]);
    });

    it('delete removes documents and ignores unknown ids', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('keep'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1') },
        { id: docId('drop'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1') },
      ]);
      await idx.delete([docId('drop'), docId('never-indexed')]);
      const hits = await idx.search(vec(0), MODEL_A, { scope: scopeOf('t1', 'u1') }, 10);
      expect(hits.map((h) => h.id)).toEqual([docId('keep')]);
    });

    it('never mixes model ids, and lists vectors of other models as stale (E1)', async () => {
      const idx = await fresh();
      await idx.upsert([
        { id: docId('a1'), vector: vec(0), modelId: MODEL_A, meta: meta('t1', 'u1') },
        { id: docId('a2'), vector: vec(1), modelId: MODEL_A, meta: meta('t1', 'u1') },
        { id: docId('b1'), vector: vec(2), modelId: MODEL_B, meta: meta('t1', 'u1') },
      ]);
      const withB = await idx.search(vec(0), MODEL_B, { scope: scopeOf('t1', 'u1') }, 10);
      expect(withB.map((h) => h.id)).toEqual([docId('b1')]);
      expect((await idx.staleIds(MODEL_B, 10)).sort()).toEqual([docId('a1'), docId('a2')].sort());
      expect(await idx.staleIds(MODEL_B, 1)).toHaveLength(1);
      expect(await idx.staleIds(MODEL_A, 10)).toEqual([docId('b1')]);
      // Re-embedding a stale document under model B moves it out of model A's space.
      await idx.upsert([{ id: docId('a1'), vector: vec(0), modelId: MODEL_B, meta: meta('t1', 'u1') }]);
      expect(await idx.staleIds(MODEL_B, 10)).toEqual([docId('a2')]);
      const withA = await idx.search(vec(0), MODEL_A, { scope: scopeOf('t1', 'u1') }, 10);
      expect(withA.map((h) => h.id)).toEqual([docId('a2')]);
    });
  });
}
