import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom, type IndexedDocMeta, type IndexFilter } from '@engram/core';
import { createLocalVectorIndex } from '@engram/index-local';

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

function vectors(n: number, dims: number, seed: number): Float32Array[] {
  const random = seededRandom(seed);
  return Array.from({ length: n }, () => Float32Array.from({ length: dims }, () => random() - 0.5));
}

const DIMS = 24;
const docs = vectors(1200, DIMS, 11);
const queries = vectors(30, DIMS, 12);
const id = (i: number) => `v${String(i).padStart(5, '0')}`;

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-vec-ann-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

async function overlap(
  index: Awaited<ReturnType<typeof createLocalVectorIndex>>,
  k: number,
  filter: IndexFilter = scope,
): Promise<number> {
  let same = 0;
  for (const q of queries) {
    const approx = await index.search(q, 'M', filter, k);
    const exact = await index.searchExact(q, 'M', filter, k);
    expect(approx).toHaveLength(exact.length);
    const ids = new Set(exact.map((h) => h.id));
    same += approx.filter((h) => ids.has(h.id)).length / exact.length;
  }
  return same / queries.length;
}

describe('local vector index on a graph (partitions past the ANN threshold)', () => {
  it('answers like the exact scan (≥ 95 % of the top 10) and only for the asked model', async () => {
    const index = await createLocalVectorIndex({ annMinVectors: 200 });
    await index.upsert(docs.map((v, i) => ({ id: id(i), vector: v, modelId: 'M', meta: meta() })));
    await index.upsert([{ id: 'other-model', vector: queries[0]!, modelId: 'N', meta: meta() }]);
    expect(await overlap(index, 10)).toBeGreaterThanOrEqual(0.95);
    expect((await index.search(queries[0]!, 'M', scope, 5)).map((h) => h.id)).not.toContain('other-model');
    expect((await index.search(queries[0]!, 'N', scope, 5)).map((h) => h.id)).toEqual(['other-model']);
  });

  it('falls back to the exact scan when a filter leaves fewer than k on the graph path', async () => {
    const index = await createLocalVectorIndex({ annMinVectors: 200 });
    await index.upsert(
      docs.map((v, i) => ({
        id: id(i),
        vector: v,
        modelId: 'M',
        meta: meta(i % 300 === 0 ? { kind: 'episode', tier: 'EPISODIC', type: null } : {}),
      })),
    );
    const episodes: IndexFilter = { ...scope, kinds: ['episode'] };
    const hits = await index.search(queries[0]!, 'M', episodes, 10);
    expect(hits.map((h) => h.id).sort()).toEqual([0, 300, 600, 900].map(id));
  });

  it('drops removed vectors from results, compacts after many removals and keeps answering', async () => {
    const index = await createLocalVectorIndex({ annMinVectors: 200 });
    await index.upsert(docs.map((v, i) => ({ id: id(i), vector: v, modelId: 'M', meta: meta() })));
    const gone = Array.from({ length: 1100 }, (_, i) => id(i));
    await index.delete(gone.slice(0, 500));
    for (const q of queries.slice(0, 5)) {
      const hits = await index.search(q, 'M', scope, 20);
      expect(hits.every((h) => Number(h.id.slice(1)) >= 500)).toBe(true);
    }
    await index.delete(gone.slice(500)); // more dead than live: compaction
    expect(index.size()).toBe(100);
    const hits = await index.search(queries[0]!, 'M', scope, 200);
    expect(hits).toHaveLength(100);
    expect(hits.every((h) => Number(h.id.slice(1)) >= 1100)).toBe(true);
  });

  it('updates metadata in place when the vector is unchanged, re-links when it changes', async () => {
    const index = await createLocalVectorIndex({ annMinVectors: 200 });
    await index.upsert(docs.slice(0, 300).map((v, i) => ({ id: id(i), vector: v, modelId: 'M', meta: meta() })));
    await index.upsert([{ id: id(7), vector: docs[7]!, modelId: 'M', meta: meta({ tier: 'ARCHIVAL' }) }]);
    expect((await index.search(docs[7]!, 'M', { ...scope, tiers: ['ARCHIVAL'] }, 3)).map((h) => h.id)).toEqual([id(7)]);
    await index.upsert([{ id: id(8), vector: queries[3]!, modelId: 'M', meta: meta() }]);
    expect((await index.search(queries[3]!, 'M', scope, 1))[0]!.id).toBe(id(8));
    expect(index.size()).toBe(300);
  });

  it('stores the graph in the snapshot and gives the same answers after a reload', async () => {
    const a = await createLocalVectorIndex({ dir, annMinVectors: 200 });
    await a.upsert(docs.map((v, i) => ({ id: id(i), vector: v, modelId: 'M', meta: meta() })));
    await a.delete([id(3), id(4)]);
    const before = await Promise.all(queries.map((q) => a.search(q, 'M', scope, 10)));
    await a.snapshot({ at: 1 });
    await a.close();
    const b = await createLocalVectorIndex({ dir, annMinVectors: 200 });
    expect(b.loadedCheckpoint()).toEqual({ at: 1 });
    expect(b.size()).toBe(1198);
    expect(await Promise.all(queries.map((q) => b.search(q, 'M', scope, 10)))).toEqual(before);
    // Still writable after the reload: new vectors join the restored graph.
    await b.upsert([{ id: 'late', vector: queries[5]!, modelId: 'M', meta: meta() }]);
    expect((await b.search(queries[5]!, 'M', scope, 1))[0]!.id).toBe('late');
  });

  it('loads a version 1 snapshot (live vectors, no graph) and builds the graph', async () => {
    const header = {
      version: 1,
      checkpoint: { at: 9 },
      blocks: [
        {
          modelId: 'M',
          dims: DIMS,
          ids: docs.slice(0, 300).map((_, i) => id(i)),
          metas: docs.slice(0, 300).map(() => meta()),
        },
      ],
    };
    const h = Buffer.from(JSON.stringify(header));
    const len = Buffer.alloc(4);
    len.writeUInt32LE(h.length, 0);
    const body = new Float32Array(300 * DIMS);
    docs.slice(0, 300).forEach((v, i) => {
      const norm = Math.hypot(...v);
      body.set(
        v.map((x) => x / norm),
        i * DIMS,
      );
    });
    await writeFile(join(dir, 'vector-index.bin'), Buffer.concat([len, h, Buffer.from(body.buffer)]));
    const index = await createLocalVectorIndex({ dir, annMinVectors: 200 });
    expect(index.size()).toBe(300);
    expect(index.loadedCheckpoint()).toEqual({ at: 9 });
    expect((await index.search(docs[42]!, 'M', scope, 1))[0]!.id).toBe(id(42));
  });
});
