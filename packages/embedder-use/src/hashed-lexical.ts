import { EngramError, isStopWord, tokenize, type Embedder } from '@engram/core';

/** FNV-1a, 32 bit. */
function fnv1a(s: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < s.length; i++) {
    h ^= s.charCodeAt(i);
    h = Math.imul(h, 0x01000193);
  }
  return h >>> 0;
}

/** A second, independent bit per token decides the sign, so collisions cancel out on average. */
function signOf(s: string): number {
  let h = 0x9747b28c;
  for (let i = 0; i < s.length; i++) h = Math.imul(h ^ s.charCodeAt(i), 0x5bd1e995) ^ (h >>> 15);
  return h & 1 ? 1 : -1;
}

/**
 * Feature hashing of the R1 tokens (CJK bigrams + words), sublinear term frequency, L2-normalized.
 * Stop words are left out unless the text has nothing else. All zeros for a text with no tokens.
 */
export function hashedLexicalVector(text: string, dims: number): Float32Array {
  const v = new Float32Array(dims);
  const tokens = tokenize(text);
  const content = tokens.filter((t) => !isStopWord(t));
  const counts = new Map<string, number>();
  for (const t of content.length > 0 ? content : tokens) counts.set(t, (counts.get(t) ?? 0) + 1);
  let sq = 0;
  for (const [t, n] of counts) {
    const i = fnv1a(t) % dims;
    v[i] = v[i]! + signOf(t) * (1 + Math.log(n));
  }
  for (let i = 0; i < dims; i++) sq += v[i]! * v[i]!;
  if (sq > 0) {
    const inv = 1 / Math.sqrt(sq);
    for (let i = 0; i < dims; i++) v[i] = v[i]! * inv;
  }
  return v;
}

/** The lexical half alone as an Embedder: no model at all, useful for tests and tiny deployments. */
export function createHashEmbedder(opts: { dimensions?: number } = {}): Embedder {
  const dims = opts.dimensions ?? 256;
  if (!Number.isInteger(dims) || dims < 8)
    throw new EngramError('CONFIG_INVALID', `hash embedder dimensions must be an integer ≥ 8, got ${dims}`);
  return {
    modelId: `hash${dims}@1`,
    dimensions: dims,
    async embed(texts) {
      return texts.map((t) => hashedLexicalVector(t, dims));
    },
  };
}
