import { afterAll, describe, expect, it } from 'vitest';
import { createUseEmbedder } from '@engram/embedder-use';

describe('USE embedder on a worker thread (inWorker)', () => {
  const inThread = createUseEmbedder();
  const inWorker = createUseEmbedder({ inWorker: true });
  afterAll(async () => {
    await inThread.close?.();
    await inWorker.close?.();
  });

  it('gives the same vectors and model id as the in-thread embedder', async () => {
    expect(inWorker.modelId).toBe(inThread.modelId);
    const texts = ['I love hiking in the mountains', '', '我喜欢在山里徒步', 'The quarterly report is due Friday'];
    const [a, b] = await Promise.all([inWorker.embed(texts), inThread.embed(texts)]);
    expect(a).toHaveLength(texts.length);
    a.forEach((v, i) => {
      expect(v.length).toBe(inThread.dimensions);
      for (let j = 0; j < v.length; j++) expect(v[j]).toBeCloseTo(b[i]![j]!, 6);
    });
  });

  it('answers concurrent calls each with its own texts', async () => {
    const one = ['a cat sat on the mat'];
    const two = ['stock markets fell sharply today', 'a cat sat on the mat'];
    const [r1, r2] = await Promise.all([inWorker.embed(one), inWorker.embed(two)]);
    expect(r1).toHaveLength(1);
    expect(r2).toHaveLength(2);
    expect([...r1[0]!]).toEqual([...r2[1]!]);
    expect([...r2[0]!]).not.toEqual([...r2[1]!]);
  });

  it('refuses custom weights (the thread loads the bundled ones) and fails after close', async () => {
    expect(() => createUseEmbedder({ inWorker: true, modelSource: {} as never })).toThrow(/bundled weights/);
    const e = createUseEmbedder({ inWorker: true });
    await e.embed(['warm up']);
    await e.close?.();
    await expect(e.embed(['after close'])).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
  });
});
