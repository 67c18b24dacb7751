import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isEngramError } from '@engram/core';
import { createOnnxEmbedder, readModelDir, type OnnxEmbedder } from '@engram/embedder-onnx';
import { testModelDir } from './model-location';

const dot = (a: Float32Array, b: Float32Array) => a.reduce((s, x, i) => s + x * b[i]!, 0);
const norm = (a: Float32Array) => Math.sqrt(dot(a, a));

describe('ONNX embedder configuration errors', () => {
  it('names a missing model directory and how to get one', () => {
    const dir = join(tmpdir(), 'engram-no-such-model-dir');
    expect(() => createOnnxEmbedder({ modelDir: dir })).toThrow(/does not exist.*engram models pull/);
    try {
      createOnnxEmbedder({ modelDir: dir });
    } catch (e) {
      expect(isEngramError(e) && e.code).toBe('CONFIG_INVALID');
    }
  });

  it('refuses a directory without an ONNX file or tokenizer', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-onnx-empty-'));
    try {
      expect(() => createOnnxEmbedder({ modelDir: dir })).toThrow(/no ONNX model/);
      await writeFile(join(dir, 'model.onnx'), 'not a model');
      expect(() => createOnnxEmbedder({ modelDir: dir })).toThrow(/no tokenizer\.json/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('reads the prompts of config_sentence_transformers.json (symmetric with a default, else query / passage), and refuses a default it does not define', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-onnx-prompt-'));
    try {
      await writeFile(join(dir, 'model.onnx'), 'not a model');
      await writeFile(join(dir, 'tokenizer.json'), '{}');
      await writeFile(join(dir, 'config.json'), '{"hidden_size": 8}');
      const before = readModelDir(dir);
      expect(before.prompts).toEqual({ document: '', query: '' });
      const st = (cfg: unknown) => writeFile(join(dir, 'config_sentence_transformers.json'), JSON.stringify(cfg));
      await st({ prompts: { query: 'query: ', passage: 'passage: ' }, default_prompt_name: 'query' });
      const symmetric = readModelDir(dir);
      expect(symmetric.prompts).toEqual({ document: 'query: ', query: 'query: ' });
      expect(symmetric.fingerprint).not.toBe(before.fingerprint);
      await st({ prompts: { query: 'query: ', passage: 'passage: ' } });
      expect(readModelDir(dir).prompts).toEqual({ document: 'passage: ', query: 'query: ' });
      await writeFile(
        join(dir, 'config_sentence_transformers.json'),
        '{"prompts": {}, "default_prompt_name": "query"}',
      );
      expect(() => readModelDir(dir)).toThrow(/default prompt "query" but has no such prompt/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

const modelDir = testModelDir();
describe.skipIf(!existsSync(modelDir))(
  `ONNX embedder on all-MiniLM-L6-v2 int8 (${modelDir}; absent: run \`npx tsx infra/models/test-model.ts\`)`,
  () => {
    let embedder: OnnxEmbedder;
    beforeAll(async () => {
      embedder = createOnnxEmbedder({ modelDir, batchSize: 4, threads: 1 });
      await embedder.warmup();
    });
    afterAll(async () => {
      await embedder?.close?.();
    });

    it('has a model id naming the directory and settings, and 384 unit-length dimensions', async () => {
      expect(embedder.modelId).toMatch(/^onnx:all-minilm-l6-v2-int8@[0-9a-f]{10}:mean:256$/);
      expect(embedder.dimensions).toBe(384);
      const [v] = await embedder.embed(['unit length?']);
      expect(v!.length).toBe(384);
      expect(norm(v!)).toBeCloseTo(1, 5);
    });

    it('puts a paraphrase closer than unrelated text', async () => {
      const [a, para, other, para2, other2] = await embedder.embed([
        'A man is playing a guitar.',
        'Someone is strumming an acoustic guitar.',
        'The central bank raised interest rates again.',
        'My sister adopted a puppy last week.',
        'Quarterly revenue beat analyst expectations.',
      ]);
      const [b] = await embedder.embed(['My sibling got a new dog a few days ago.']);
      expect(dot(a!, para!)).toBeGreaterThan(dot(a!, other!) + 0.3);
      expect(dot(b!, para2!)).toBeGreaterThan(dot(b!, other2!) + 0.3);
      expect(dot(b!, para2!)).toBeGreaterThan(dot(b!, a!));
    });

    it('gives each text the same vector in a mixed-length batch as alone, in the caller order', async () => {
      const texts = [
        'A considerably longer sentence about spending a rainy spring afternoon in Paris with old friends from school.',
        'ok',
        'Where did Caroline go hiking last summer?',
        '',
        '我们明天去北京',
        'Medium length text about cats and dogs.',
      ];
      const batch = await embedder.embed(texts);
      expect(batch).toHaveLength(texts.length);
      for (let i = 0; i < texts.length; i++) {
        const [alone] = await embedder.embed([texts[i]!]);
        let maxDiff = 0;
        for (let j = 0; j < alone!.length; j++) maxDiff = Math.max(maxDiff, Math.abs(alone![j]! - batch[i]![j]!));
        expect(maxDiff, texts[i]).toBeLessThan(1e-4);
      }
      expect(dot(batch[0]!, batch[1]!)).toBeLessThan(0.99);
    });

    it('changes the model id with the settings, and CLS pooling gives other vectors', async () => {
      const cls = createOnnxEmbedder({ modelDir, pooling: 'cls', maxLength: 64, threads: 1 });
      try {
        expect(cls.modelId).toMatch(/:cls:64$/);
        expect(cls.modelId.split(':cls')[0]).toBe(embedder.modelId.split(':mean')[0]);
        const [c] = await cls.embed(['A man is playing a guitar.']);
        const [m] = await embedder.embed(['A man is playing a guitar.']);
        expect(norm(c!)).toBeCloseTo(1, 5);
        expect(dot(c!, m!)).toBeLessThan(0.999);
      } finally {
        await cls.close?.();
      }
      expect(() => createOnnxEmbedder({ modelDir, maxLength: 100_000 })).toThrow(/maxLength must be between 2 and 256/);
      expect(() => createOnnxEmbedder({ modelDir, batchSize: 0 })).toThrow(/batchSize/);
    });

    it('changes the model id when the model files change', async () => {
      const copy = await mkdtemp(join(tmpdir(), 'engram-onnx-copy-'));
      try {
        const dir = join(copy, 'all-minilm-l6-v2-int8');
        await cp(modelDir, dir, { recursive: true });
        expect(createOnnxEmbedder({ modelDir: dir }).modelId).toBe(embedder.modelId);
        await writeFile(
          join(dir, 'sentence_bert_config.json'),
          JSON.stringify({ max_seq_length: 128, do_lower_case: false }),
        );
        const changed = createOnnxEmbedder({ modelDir: dir });
        expect(changed.modelId).not.toBe(embedder.modelId);
        expect(changed.modelId).toMatch(/:mean:128$/);
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    });

    it('reports a broken model file as EMBEDDER_FAILED, and a closed embedder as SHUTTING_DOWN', async () => {
      const copy = await mkdtemp(join(tmpdir(), 'engram-onnx-broken-'));
      try {
        await cp(modelDir, copy, { recursive: true, filter: (src) => !src.endsWith('.onnx') });
        await writeFile(join(copy, 'onnx', 'model.onnx'), 'garbage, not protobuf');
        const broken = createOnnxEmbedder({ modelDir: copy });
        await expect(broken.embed(['x'])).rejects.toMatchObject({
          code: 'EMBEDDER_FAILED',
          message: expect.stringMatching(/cannot load the ONNX model/),
        });
        await broken.close?.();
        await expect(broken.embed(['x'])).rejects.toMatchObject({ code: 'SHUTTING_DOWN' });
      } finally {
        await rm(copy, { recursive: true, force: true });
      }
    });
  },
);
