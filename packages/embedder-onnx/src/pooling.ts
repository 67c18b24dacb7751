import type { Pooling } from './model-dir';

/**
 * Sentence vectors from a [batch, seq, dim] hidden state: the mask-weighted mean of the token
 * vectors (special tokens included, as sentence-transformers does) or the [CLS] vector; optionally
 * L2-normalized.
 */
export function poolHiddenState(
  hidden: Float32Array,
  mask: ArrayLike<number>,
  shape: { batch: number; seq: number; dim: number },
  pooling: Pooling,
  normalize: boolean,
): Float32Array[] {
  const { batch, seq, dim } = shape;
  const out: Float32Array[] = [];
  for (let b = 0; b < batch; b++) {
    const v = new Float32Array(dim);
    if (pooling === 'cls') {
      v.set(hidden.subarray(b * seq * dim, b * seq * dim + dim));
    } else {
      let n = 0;
      for (let s = 0; s < seq; s++) {
        if (!mask[b * seq + s]) continue;
        n++;
        const base = (b * seq + s) * dim;
        for (let d = 0; d < dim; d++) v[d] = v[d]! + hidden[base + d]!;
      }
      if (n > 0) for (let d = 0; d < dim; d++) v[d] = v[d]! / n;
    }
    if (normalize) l2Normalize(v);
    out.push(v);
  }
  return out;
}

export function l2Normalize(v: Float32Array): void {
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
  if (sq === 0) return;
  const k = 1 / Math.sqrt(sq);
  for (let i = 0; i < v.length; i++) v[i] = v[i]! * k;
}
