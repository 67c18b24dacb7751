import { describe, expect, it } from 'vitest';
import { batchesBySimilarLength } from '@engram/embedder-onnx';
import { poolHiddenState } from '../src/pooling';

describe('pooling', () => {
  // batch 2, seq 3, dim 2; the second text has one padded position.
  const hidden = new Float32Array([1, 2, 3, 4, 5, 6, 10, 0, 0, 10, 99, 99]);
  const mask = [1, 1, 1, 1, 1, 0];
  const shape = { batch: 2, seq: 3, dim: 2 };

  it('averages the unmasked token vectors', () => {
    const [a, b] = poolHiddenState(hidden, mask, shape, 'mean', false);
    expect(Array.from(a!)).toEqual([3, 4]);
    expect(Array.from(b!)).toEqual([5, 5]);
  });

  it('takes the first token for cls, and normalizes to unit length', () => {
    const [a, b] = poolHiddenState(hidden, mask, shape, 'cls', true);
    expect(a![0]).toBeCloseTo(1 / Math.sqrt(5), 6);
    expect(a![1]).toBeCloseTo(2 / Math.sqrt(5), 6);
    expect(Array.from(b!)).toEqual([1, 0]);
  });
});

describe('batchesBySimilarLength', () => {
  it('groups indexes by length, shortest first, stable on ties', () => {
    expect(batchesBySimilarLength([9, 2, 5, 2, 30, 6], 2)).toEqual([
      [1, 3],
      [2, 5],
      [0, 4],
    ]);
    expect(batchesBySimilarLength([], 4)).toEqual([]);
  });
});
