import { afterAll, describe, expect, it } from 'vitest';
import { createUseEmbedder } from '@engram/embedder-use';
import { createEmbeddingPool, type EmbeddingPool } from '../src/embedding-pool';

describe('embedding pool (local model on worker threads)', () => {
  const inThread = createUseEmbedder();
  const pools: EmbeddingPool[] = [];
  const pool = async (workers: number, batchSize?: number) => {
    const p = await createEmbeddingPool({ kind: 'use' }, { workers, ...(batchSize ? { batchSize } : {}) });
    pools.push(p);
    return p;
  };
  afterAll(async () => {
    await inThread.close?.();
    for (const p of pools) await p.close();
  });

  it('gives the in-thread embedder’s model id and vectors, in the caller’s order across batches and workers', async () => {
    const p = await pool(2, 2);
    expect(p.modelId).toBe(inThread.modelId);
    expect(p.dimensions).toBe(inThread.dimensions);
    const texts = [
      'I love hiking in the mountains',
      '',
      '我喜欢在山里徒步',
      'The quarterly report is due Friday',
      'a',
      'stock markets fell sharply today after the announcement',
      'a cat sat on the mat',
    ];
    const [a, b] = await Promise.all([p.embed(texts), inThread.embed(texts)]);
    expect(a).toHaveLength(texts.length);
    a.forEach((v, i) => {
      expect(v).toBeInstanceOf(Float32Array);
      expect(v.length).toBe(inThread.dimensions);
      for (let j = 0; j < v.length; j++) expect(v[j]).toBeCloseTo(b[i]![j]!, 5);
    });
    expect(p.state()).toMatchObject({ state: 'ready', queuedTexts: 0 });
  });

  it('never makes a search wait for the model to load, and serves queries before queued stored text', async () => {
    const p = await pool(1, 1);
    expect(p.state().state).toBe('idle');
    await expect(p.embedQueries!(['where do I hike?'])).rejects.toMatchObject({
      code: 'EMBEDDER_FAILED',
      retriable: true,
    });
    // The refused query started the model loading; stored text waits for it.
    expect(p.state().state).toBe('loading');
    await p.warmup();
    const done: string[] = [];
    const stored = p
      .embed(Array.from({ length: 12 }, (_, i) => `stored text number ${i} about a long day at work`))
      .then(() => done.push('stored'));
    expect(p.state().queuedTexts).toBeGreaterThan(0);
    const query = p.embedQueries!(['where do I hike?']).then((v) => {
      done.push('query');
      return v;
    });
    const [q] = await query;
    await stored;
    expect(done).toEqual(['query', 'stored']);
    const [expected] = await inThread.embed(['where do I hike?']);
    for (let j = 0; j < q!.length; j++) expect(q![j]).toBeCloseTo(expected![j]!, 5);
  });

  it('refuses bad settings and calls after close', async () => {
    await expect(createEmbeddingPool({ kind: 'use' }, { workers: 0 })).rejects.toMatchObject({
      code: 'CONFIG_INVALID',
    });
    const p = await pool(1);
    await p.warmup();
    await p.close();
    await expect(p.embed(['after close'])).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
  });
});
