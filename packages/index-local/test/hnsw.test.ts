import { describe, expect, it } from 'vitest';
import { seededRandom } from '@engram/core';
import { dot } from '../src/dot';
import { Hnsw } from '../src/hnsw';
import { TopK } from '../src/top-k';

/** n unit vectors of `dims` gaussian components (Box–Muller). */
function randomUnitVectors(n: number, dims: number, seed: number): Float32Array {
  const r = seededRandom(seed);
  const data = new Float32Array(n * dims);
  for (let i = 0; i < n; i++) {
    let sq = 0;
    for (let j = 0; j < dims; j++) {
      const g = Math.sqrt(-2 * Math.log(1 - r())) * Math.cos(2 * Math.PI * r());
      data[i * dims + j] = g;
      sq += g * g;
    }
    const inv = 1 / Math.sqrt(sq);
    for (let j = 0; j < dims; j++) data[i * dims + j]! *= inv;
  }
  return data;
}

function exactTop(
  data: Float32Array,
  dims: number,
  q: Float32Array,
  k: number,
  accept: (i: number) => boolean = () => true,
): number[] {
  const n = data.length / dims;
  const scored: Array<[number, number]> = [];
  for (let i = 0; i < n; i++) if (accept(i)) scored.push([i, dot(data, i * dims, q, dims)]);
  return scored
    .sort((a, b) => b[1] - a[1])
    .slice(0, k)
    .map(([i]) => i);
}

describe('HNSW graph', () => {
  const dims = 32;
  const n = 3000;
  const data = randomUnitVectors(n, dims, 1);
  const queries = randomUnitVectors(50, dims, 2);
  const graph = new Hnsw(dims, () => data);
  for (let i = 0; i < n; i++) graph.add(i);

  const recallAt = (k: number, ef: number, accept: (i: number) => boolean = () => true) => {
    let hit = 0;
    for (let qi = 0; qi < 50; qi++) {
      const q = queries.subarray(qi * dims, (qi + 1) * dims);
      const truth = new Set(exactTop(data, dims, q, k, accept));
      const found = graph.search(q, k, ef, accept);
      expect(found.length).toBe(k);
      for (const [node] of found) if (truth.has(node)) hit++;
    }
    return hit / (50 * k);
  };

  it('finds ≥ 95 % of the exact top 10 and top 100 on random 32-d data at ef 100', () => {
    expect(graph.size).toBe(n);
    expect(recallAt(10, 100)).toBeGreaterThanOrEqual(0.95);
    expect(recallAt(100, 100)).toBeGreaterThanOrEqual(0.95);
  });

  it('returns hits best first with their exact dot products', () => {
    const q = queries.subarray(0, dims);
    const found = graph.search(q, 20, 100, () => true);
    for (let i = 1; i < found.length; i++) expect(found[i - 1]![1]).toBeGreaterThanOrEqual(found[i]![1]);
    for (const [node, score] of found) expect(score).toBeCloseTo(dot(data, node * dims, q, dims), 6);
  });

  it('keeps rejected nodes out of the results but still walks through them', () => {
    const even = (i: number) => i % 2 === 0;
    for (let qi = 0; qi < 5; qi++) {
      const found = graph.search(queries.subarray(qi * dims, (qi + 1) * dims), 10, 100, even);
      expect(found.every(([node]) => node % 2 === 0)).toBe(true);
    }
    expect(recallAt(10, 100, even)).toBeGreaterThanOrEqual(0.95);
  });

  it('round-trips through its flat encoding to the same answers', () => {
    const copy = Hnsw.deserialize(dims, () => data, graph.serialize(n));
    expect(copy.size).toBe(n);
    for (let qi = 0; qi < 10; qi++) {
      const q = queries.subarray(qi * dims, (qi + 1) * dims);
      expect(copy.search(q, 10, 64, () => true)).toEqual(graph.search(q, 10, 64, () => true));
    }
  });

  it('skips slots that were never added', () => {
    const sparse = new Hnsw(dims, () => data);
    for (let i = 0; i < 200; i += 2) sparse.add(i);
    const found = sparse.search(queries.subarray(0, dims), 100, 100, () => true);
    expect(found.every(([node]) => node % 2 === 0 && node < 200)).toBe(true);
    expect(Hnsw.deserialize(dims, () => data, sparse.serialize(200)).size).toBe(100);
    expect(() => sparse.add(0)).toThrow(/already/);
  });
});

describe('TopK', () => {
  it('keeps the same k as a full sort by score desc, id asc (ties included)', () => {
    const r = seededRandom(3);
    const items = Array.from({ length: 500 }, (_, i) => ({
      id: `d${String(i).padStart(3, '0')}`,
      score: Math.floor(r() * 20) / 4,
    }));
    for (const k of [1, 7, 50, 600]) {
      const top = new TopK(k);
      for (const it of items) if (top.admits(it.score)) top.push(it.id, it.score);
      const expected = [...items].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1)).slice(0, k);
      expect(top.sorted()).toEqual(expected);
    }
  });
});
