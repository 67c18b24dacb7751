import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { IndexedDocMeta } from '@engram/core';
import { createLocalTextIndex, createLocalVectorIndex, dot } from '@engram/index-local';

const meta = (userId: string, over: Partial<IndexedDocMeta> = {}): IndexedDocMeta => ({
  tenantId: 't',
  userId,
  agentId: null,
  kind: 'memory',
  tier: 'SEMANTIC',
  type: 'USER',
  tags: ['x'],
  at: '2026-01-01T00:00:00.000Z',
  ...over,
});

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'engram-index-local-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('local text index snapshots', () => {
  it('restores documents, statistics and the checkpoint after a restart', async () => {
    const a = await createLocalTextIndex({ dir });
    expect(a.loadedCheckpoint()).toBeNull();
    await a.upsert([
      { id: 'd1', text: 'Alice plays the cello', meta: meta('u1') },
      { id: 'd2', text: '爱丽丝会拉大提琴', meta: meta('u1') },
      { id: 'd3', text: 'cello lessons on Friday', meta: meta('u2') },
    ]);
    const before = await a.search('cello', { scope: { tenantId: 't', userId: 'u1', agentId: null } }, 10);
    await a.snapshot({ next: { 0: 42 } });
    await a.upsert([{ id: 'd4', text: 'cello after the snapshot', meta: meta('u1') }]);
    await a.close();

    const b = await createLocalTextIndex({ dir });
    expect(b.loadedCheckpoint()).toEqual({ next: { 0: 42 } });
    expect(b.size()).toBe(3);
    const after = await b.search('cello', { scope: { tenantId: 't', userId: 'u1', agentId: null } }, 10);
    expect(after).toEqual(before);
    expect(
      (await b.search('大提琴', { scope: { tenantId: 't', userId: 'u1', agentId: null } }, 10)).map((h) => h.id),
    ).toEqual(['d2']);
    const stats = await b.termStats({ tenantId: 't', userId: 'u1' }, ['cello', 'friday']);
    expect(stats.docCount).toBe(2);
    expect(stats.df.get('cello')).toBe(1);
    expect(stats.df.get('friday')).toBe(0);
    // No temp files are left behind by the atomic write.
    expect((await readdir(dir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('captureSnapshot serialises the index when called; what changes before its write is not in the file', async () => {
    const a = await createLocalTextIndex({ dir });
    await a.upsert([{ id: 'd1', text: 'Alice plays the cello', meta: meta('u1') }]);
    const write = a.captureSnapshot({ next: { 0: 1 } });
    await a.upsert([{ id: 'd2', text: 'cello after the capture', meta: meta('u1') }]);
    await a.delete(['d1']);
    expect(a.loadedCheckpoint()).toBeNull(); // nothing written yet
    await write();
    expect(a.loadedCheckpoint()).toEqual({ next: { 0: 1 } });
    await a.close();

    const b = await createLocalTextIndex({ dir });
    expect(b.loadedCheckpoint()).toEqual({ next: { 0: 1 } });
    expect(b.size()).toBe(1);
    const hits = await b.search('cello', { scope: { tenantId: 't', userId: 'u1', agentId: null } }, 10);
    expect(hits.map((h) => h.id)).toEqual(['d1']);
  });

  it('drops a snapshot of unstemmed terms (version 1): empty, no checkpoint, so the log is replayed', async () => {
    const v1 = {
      version: 1,
      checkpoint: { next: { 0: 7 } },
      docs: [['d1', meta('u1'), 3, ['user', 'lives', 'berlin'], [1, 1, 1]]],
    };
    await writeFile(join(dir, 'text-index.json'), JSON.stringify(v1));
    const idx = await createLocalTextIndex({ dir });
    expect(idx.size()).toBe(0);
    expect(idx.loadedCheckpoint()).toBeNull();
  });

  it('refuses a snapshot version it does not know', async () => {
    await writeFile(join(dir, 'text-index.json'), JSON.stringify({ version: 99, checkpoint: null, docs: [] }));
    await expect(createLocalTextIndex({ dir })).rejects.toMatchObject({ code: 'INDEX_UNAVAILABLE' });
  });

  it('refuses a corrupt snapshot with a clear error', async () => {
    await writeFile(join(dir, 'text-index.json'), '{"version":1,"docs":[');
    await expect(createLocalTextIndex({ dir })).rejects.toMatchObject({ code: 'INDEX_UNAVAILABLE' });
  });
});

describe('local vector index snapshots', () => {
  it('restores vectors of every model with their metadata and the checkpoint', async () => {
    const a = await createLocalVectorIndex({ dir });
    const v = (xs: number[]) => Float32Array.from(xs);
    await a.upsert([
      { id: 'm1', vector: v([1, 0, 0]), modelId: 'A', meta: meta('u1') },
      {
        id: 'm2',
        vector: v([0, 2, 0]),
        modelId: 'A',
        meta: meta('u1', { kind: 'message', tier: 'EPISODIC', type: null }),
      },
      { id: 'm3', vector: v([0, 0, 1, 0, 0]), modelId: 'B', meta: meta('u2') },
    ]);
    await a.delete(['m1']);
    await a.upsert([{ id: 'm1', vector: v([1, 1, 0]), modelId: 'A', meta: meta('u1') }]);
    await a.snapshot({ modelId: 'A', next: { 0: 7 } });
    await a.close();

    const b = await createLocalVectorIndex({ dir });
    expect(b.loadedCheckpoint()).toEqual({ modelId: 'A', next: { 0: 7 } });
    expect(b.size()).toBe(3);
    const hits = await b.search(v([0, 1, 0]), 'A', { scope: { tenantId: 't', userId: 'u1', agentId: null } }, 10);
    expect(hits.map((h) => h.id)).toEqual(['m2', 'm1']);
    expect(hits[0]!.score).toBeCloseTo(1, 6);
    expect(hits[1]!.score).toBeCloseTo(Math.SQRT1_2, 6);
    const msgs = await b.search(
      v([0, 1, 0]),
      'A',
      { scope: { tenantId: 't', userId: 'u1', agentId: null }, kinds: ['message'] },
      10,
    );
    expect(msgs.map((h) => h.id)).toEqual(['m2']);
    expect(await b.staleIds('A', 10)).toEqual(['m3']);
  });

  it('rejects a query vector of the wrong size for the model', async () => {
    const a = await createLocalVectorIndex();
    await a.upsert([{ id: 'x', vector: Float32Array.from([1, 0]), modelId: 'A', meta: meta('u1') }]);
    await expect(
      a.search(Float32Array.from([1, 0, 0]), 'A', { scope: { tenantId: 't', userId: 'u1', agentId: null } }, 1),
    ).rejects.toMatchObject({ code: 'VALIDATION_FAILED' });
  });
});

describe('dot', () => {
  it('matches the naive sum for lengths that are not multiples of four', () => {
    for (const n of [1, 3, 4, 7, 13]) {
      const a = Float32Array.from({ length: n + 2 }, (_, i) => Math.sin(i + 1));
      const b = Float32Array.from({ length: n }, (_, i) => Math.cos(i * 3));
      let naive = 0;
      for (let i = 0; i < n; i++) naive += a[i + 2]! * b[i]!;
      expect(dot(a, 2, b, n)).toBeCloseTo(naive, 5);
    }
  });
});
