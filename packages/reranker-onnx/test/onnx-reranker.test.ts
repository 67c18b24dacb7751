import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOnnxReranker } from '@engram/reranker-onnx';
import { TINY_VOCAB, writeTinyCrossEncoderDir } from './tiny-cross-encoder';

const id = (w: string) => TINY_VOCAB.indexOf(w);
const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));
/** What the tiny model gives a document whose pieces (after the query, type id 1) are `pieces`. */
const expected = (pieces: string[]) => sigmoid(0.001 * (pieces.reduce((s, p) => s + id(p), 0) + id('[SEP]')) - 3);

describe('ONNX cross-encoder reranker (tiny real ONNX graph)', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'engram-rerank-onnx-'));
    await writeTinyCrossEncoderDir(join(root, 'tiny-ce'));
    await writeTinyCrossEncoderDir(join(root, 'tiny-ce-2'), { twoClasses: true });
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });

  const query = 'Where did she go hiking?';
  const docs = ['Paris.', 'hiking in the mountains', '', 'cats cats cats cats cats', 'the mountains'];
  const docPieces = [
    ['paris', '.'],
    ['hiking', 'in', 'the', 'mountains'],
    [],
    ['cats', 'cats', 'cats', 'cats', 'cats'],
    ['the', 'mountains'],
  ];

  for (const variant of ['tiny-ce', 'tiny-ce-2'] as const) {
    it(`scores every (query, document) pair from the document side, in the caller order, across batches (${variant})`, async () => {
      const reranker = createOnnxReranker({ modelDir: join(root, variant), batchSize: 2, threads: 1 });
      try {
        const scores = await reranker.score(query, docs, { timeoutMs: 60_000 });
        expect(scores).toHaveLength(docs.length);
        scores.forEach((s, i) => expect(s, docs[i]).toBeCloseTo(expected(docPieces[i]!), 6));
        expect(await reranker.score(query, [], { timeoutMs: 1000 })).toEqual([]);
      } finally {
        await reranker.close();
      }
    });
  }

  it('cuts long pairs to maxLength, the longer side first', async () => {
    const reranker = createOnnxReranker({ modelDir: join(root, 'tiny-ce'), maxLength: 9 });
    try {
      // query 6 pieces, document 10: budget 6 → query keeps 3, document 3.
      const [s] = await reranker.score(query, ['cats '.repeat(10)], { timeoutMs: 60_000 });
      expect(s).toBeCloseTo(expected(['cats', 'cats', 'cats']), 6);
    } finally {
      await reranker.close();
    }
  });

  it('has a model id naming the directory, and gives up between batches once the timeout has passed', async () => {
    const reranker = createOnnxReranker({ modelDir: join(root, 'tiny-ce'), batchSize: 1 });
    try {
      expect(reranker.modelId).toMatch(/^onnx-rerank:tiny-ce@[0-9a-f]{10}:32$/);
      await reranker.warmup();
      await expect(reranker.score(query, docs, { timeoutMs: 0 })).rejects.toMatchObject({
        code: 'LLM_FAILED',
        message: expect.stringMatching(/within 0 ms/),
      });
    } finally {
      await reranker.close();
    }
    await expect(reranker.score(query, docs, { timeoutMs: 1000 })).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
  });

  it('refuses bad settings and reports an unloadable model as LLM_FAILED', async () => {
    expect(() => createOnnxReranker({ modelDir: join(root, 'tiny-ce'), maxLength: 33 })).toThrow(
      /maxLength must be between 3 and 32/,
    );
    expect(() => createOnnxReranker({ modelDir: join(root, 'absent') })).toThrow(/does not exist/);
    const { writeFile } = await import('node:fs/promises');
    await writeTinyCrossEncoderDir(join(root, 'broken'));
    await writeFile(join(root, 'broken', 'onnx', 'model.onnx'), 'not protobuf');
    const broken = createOnnxReranker({ modelDir: join(root, 'broken') });
    await expect(broken.score(query, ['x'], { timeoutMs: 1000 })).rejects.toMatchObject({
      code: 'LLM_FAILED',
      message: expect.stringMatching(/cannot load the ONNX cross-encoder/),
    });
  });
});
