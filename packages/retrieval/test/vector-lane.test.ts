import { describe, expect, it } from 'vitest';
import { EngramError, type Embedder, type IndexedDocMeta, type VectorIndex } from '@engram/core';
import { createVectorLane, type VectorItem } from '../src/vector-lane';

const meta: IndexedDocMeta = {
  tenantId: 't1',
  userId: 'u1',
  agentId: null,
  kind: 'memory',
  tier: 'SEMANTIC',
  type: null,
  tags: [],
  at: '2026-01-01T00:00:00.000Z',
};
const source = { eventId: null, type: null, tenantId: 't1', userId: 'u1', recordedAt: null };
const item = (n: number): VectorItem => ({
  op: 'upsert',
  id: `doc-${n}`,
  embedText: `text ${n}`,
  meta,
  position: { partition: 0, offset: n },
  source,
});
const vectorOf = (text: string) => new Float32Array([text.length, Number(text.split(' ')[1])]);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A log of what the lane did and when, an embedder and an index that each take `ms` a call. */
function rig(ms: number, failCall: number | null = null) {
  const events: string[] = [];
  const stored = new Map<string, Float32Array>();
  let calls = 0;
  const embedder: Embedder = {
    modelId: 'test@1',
    dimensions: 2,
    async embed(texts) {
      const call = ++calls;
      events.push(`embed ${texts[0]} start`);
      await sleep(ms);
      events.push(`embed ${texts[0]} end`);
      if (call === failCall) throw new EngramError('EMBEDDER_FAILED', 'worker crashed', { retriable: true });
      return texts.map(vectorOf);
    },
  };
  const vectorIndex = {
    async upsert(docs: Array<{ id: string; vector: Float32Array }>) {
      events.push(`upsert ${docs[0]!.id} start`);
      await sleep(ms);
      for (const d of docs) stored.set(d.id, d.vector);
      events.push(`upsert ${docs[0]!.id} end`);
    },
    async delete() {},
  } as unknown as VectorIndex;
  const errors: unknown[] = [];
  const dead: VectorItem[] = [];
  const lane = createVectorLane({
    vectorIndex,
    embedder,
    cache: null,
    backlog: [],
    batchSize: 4,
    maxBacklog: 1000,
    deadLetter: async (i) => void dead.push(i),
    onApplied: () => undefined,
    onError: (e) => void errors.push(e),
  });
  return { lane, events, stored, errors, dead, calls: () => calls };
}

describe('vector lane', () => {
  it("embeds the next step's texts while this step's vectors are upserted", async () => {
    const r = rig(40);
    r.lane.enqueue(Array.from({ length: 12 }, (_, n) => item(n)));
    await r.lane.drain();
    await r.lane.close();
    expect([...r.stored.keys()].sort()).toEqual(Array.from({ length: 12 }, (_, n) => `doc-${n}`).sort());
    for (const [id, v] of r.stored) expect([...v]).toEqual([...vectorOf(`text ${id.slice(4)}`)]);
    // Step 2's texts (text 4…7) start embedding before step 1's upsert ends, and step 3's before step 2's.
    const at = (e: string) => r.events.indexOf(e);
    expect(at('embed text 4 start')).toBeLessThan(at('upsert doc-0 end'));
    expect(at('embed text 8 start')).toBeLessThan(at('upsert doc-4 end'));
    expect(r.calls()).toBe(3);
    expect(r.dead).toEqual([]);
  });

  it('a failed embedding ahead is embedded again by its own step, nothing lost or dead-lettered', async () => {
    const r = rig(10, 2);
    r.lane.enqueue(Array.from({ length: 8 }, (_, n) => item(n)));
    await r.lane.drain();
    await r.lane.close();
    expect(r.stored.size).toBe(8);
    for (const [id, v] of r.stored) expect([...v]).toEqual([...vectorOf(`text ${id.slice(4)}`)]);
    expect(r.calls()).toBe(3);
    expect(r.dead).toEqual([]);
    expect(r.errors).toEqual([]);
  });
});
