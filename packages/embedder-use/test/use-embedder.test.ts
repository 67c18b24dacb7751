import { describe, expect, it } from 'vitest';
import { createHashEmbedder, createUseEmbedder, hashedLexicalVector, inLengthBatches } from '@engram/embedder-use';

const cos = (a: Float32Array, b: Float32Array) => {
  let d = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i++) {
    d += a[i]! * b[i]!;
    na += a[i]! * a[i]!;
    nb += b[i]! * b[i]!;
  }
  return d / Math.sqrt(na * nb);
};
const norm = (a: Float32Array) => Math.sqrt(a.reduce((s, x) => s + x * x, 0));

describe('USE-lite + hashed lexical embedder', () => {
  const embedder = createUseEmbedder();

  it('names its model and embeds to unit vectors of the declared size', async () => {
    expect(embedder.modelId).toBe('use-lite+hash256@1');
    expect(embedder.dimensions).toBe(768);
    const [v] = await embedder.embed(['I adopted a puppy last week']);
    expect(v).toBeInstanceOf(Float32Array);
    expect(v!.length).toBe(768);
    expect(norm(v!)).toBeCloseTo(1, 5);
  });

  it('puts paraphrases closer than unrelated text (semantic part)', async () => {
    const [a, b, c] = await embedder.embed([
      'I adopted a puppy last week',
      'We got a new dog recently',
      'The quarterly tax report is due',
    ]);
    expect(cos(a!, b!)).toBeGreaterThan(cos(a!, c!) + 0.1);
  });

  it('gives Chinese text signal through the lexical part', async () => {
    const [q, hit, miss] = await embedder.embed(['我喜欢喝咖啡', '她每天早上喝咖啡', '周末去公园跑步']);
    expect(cos(q!, hit!)).toBeGreaterThan(cos(q!, miss!));
  });

  it('returns vectors in input order across length-sorted batches', async () => {
    const small = createUseEmbedder({ batchSize: 2 });
    const texts = [
      'a much longer sentence about the weather in Lisbon during spring',
      'hi',
      'medium length text here',
      '',
      '你好世界',
    ];
    const together = await small.embed(texts);
    for (let i = 0; i < texts.length; i++) {
      const [alone] = await small.embed([texts[i]!]);
      expect(cos(together[i]!, alone!)).toBeGreaterThan(0.999);
    }
    await small.close?.();
  });

  it('rejects bad options', () => {
    expect(() => createUseEmbedder({ lexicalWeight: 2 })).toThrow(/lexicalWeight/);
  });
});

describe('hashed lexical vector', () => {
  it('is deterministic, unit length, and ignores stop words when there is content', () => {
    const a = hashedLexicalVector('The cat sat on the mat', 64);
    expect(norm(a)).toBeCloseTo(1, 5);
    expect(Array.from(hashedLexicalVector('cat sat mat', 64))).toEqual(Array.from(a));
    expect(norm(hashedLexicalVector('', 64))).toBe(0);
  });

  it('is exposed as a model-free embedder', async () => {
    const e = createHashEmbedder({ dimensions: 32 });
    expect(e.modelId).toBe('hash32@1');
    const [v] = await e.embed(['咖啡']);
    expect(v!.length).toBe(32);
  });
});

describe('inLengthBatches', () => {
  it('batches by length and restores the original order', async () => {
    const seen: string[][] = [];
    const out = await inLengthBatches(['ccc', 'a', 'bb', 'dddd'], 2, async (b) => {
      seen.push(b);
      return b.map((t) => t.toUpperCase());
    });
    expect(seen).toEqual([
      ['a', 'bb'],
      ['ccc', 'dddd'],
    ]);
    expect(out).toEqual(['CCC', 'A', 'BB', 'DDDD']);
  });
});
