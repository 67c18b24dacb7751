import { EngramError, seededRandom } from '@engram/core';
import { dot, dotWithin } from './dot';
import { ScoreHeap } from './score-heap';

/**
 * HNSW graph (Malkov & Yashunin 2016) over unit vectors kept by the caller in one Float32Array
 * (node i at offset i·dims), similarity = dot product. Nodes are the caller's slots; a slot that is
 * never added (level -1) is not in the graph, and a removed document stays in it as a waypoint the
 * caller's `accept` keeps out of results.
 */
export interface HnswParams {
  /** Links per node on the upper layers (twice that on layer 0). */
  m: number;
  /** Candidate list size while linking a new node. */
  efConstruction: number;
}

export const DEFAULT_HNSW: HnswParams = { m: 16, efConstruction: 64 };

export class Hnsw {
  private readonly m0: number;
  private readonly levelMult: number;
  private readonly random = seededRandom(0x5eed);
  private levels: Int8Array = new Int8Array(64).fill(-1);
  /** Layer 0: per node [count, neighbour × m0]. */
  private layer0: Int32Array;
  /** Layers ≥ 1: upper[node][level - 1] = neighbours. */
  private upper: Array<number[][] | undefined> = [];
  private entry = -1;
  private maxLevel = -1;
  private visited = new Uint32Array(64);
  private stamp = 0;
  private count = 0;

  constructor(
    private readonly dims: number,
    private readonly vectors: () => Float32Array,
    private readonly params: HnswParams = DEFAULT_HNSW,
  ) {
    this.m0 = 2 * params.m;
    this.levelMult = 1 / Math.log(params.m);
    this.layer0 = new Int32Array(64 * (this.m0 + 1));
  }

  /** Nodes in the graph. */
  get size(): number {
    return this.count;
  }

  private ensure(node: number): void {
    if (node < this.levels.length) return;
    const cap = Math.max(node + 1, this.levels.length * 2);
    const levels = new Int8Array(cap).fill(-1);
    levels.set(this.levels);
    this.levels = levels;
    const layer0 = new Int32Array(cap * (this.m0 + 1));
    layer0.set(this.layer0);
    this.layer0 = layer0;
    this.visited = new Uint32Array(cap);
    this.stamp = 0;
  }

  private neighbours(node: number, level: number): ArrayLike<number> & { length: number } {
    if (level > 0) return this.upper[node]![level - 1]!;
    const base = node * (this.m0 + 1);
    return this.layer0.subarray(base + 1, base + 1 + this.layer0[base]!);
  }

  private setNeighbours(node: number, level: number, list: number[]): void {
    if (level > 0) {
      this.upper[node]![level - 1] = list;
      return;
    }
    const base = node * (this.m0 + 1);
    this.layer0[base] = list.length;
    this.layer0.set(list, base + 1);
  }

  private nextStamp(): number {
    if (++this.stamp === 0xffffffff) {
      this.visited.fill(0);
      this.stamp = 1;
    }
    return this.stamp;
  }

  /** Greedy descent from the entry point to `level`. */
  private descend(q: Float32Array, to: number): number {
    const data = this.vectors();
    let ep = this.entry;
    let best = dot(data, ep * this.dims, q, this.dims);
    for (let l = this.maxLevel; l > to; l--) {
      let changed = true;
      while (changed) {
        changed = false;
        const nbs = this.neighbours(ep, l);
        for (let i = 0; i < nbs.length; i++) {
          const nb = nbs[i]!;
          const s = dot(data, nb * this.dims, q, this.dims);
          if (s > best) {
            best = s;
            ep = nb;
            changed = true;
          }
        }
      }
    }
    return ep;
  }

  /** Best-first search of one layer; `results` holds only accepted nodes (at most ef), worst on top. */
  private searchLayer(
    q: Float32Array,
    entries: number[],
    ef: number,
    level: number,
    accept: ((node: number) => boolean) | null,
  ): ScoreHeap {
    const data = this.vectors();
    const dims = this.dims;
    const stamp = this.nextStamp();
    const visited = this.visited;
    const candidates = new ScoreHeap(true);
    const results = new ScoreHeap(false);
    for (const ep of entries) {
      visited[ep] = stamp;
      const s = dot(data, ep * dims, q, dims);
      candidates.push(ep, s);
      if (!accept || accept(ep)) results.push(ep, s);
    }
    while (candidates.size > 0) {
      const cs = candidates.topScore();
      if (results.size >= ef && cs < results.topScore()) break;
      const c = candidates.pop();
      const nbs = this.neighbours(c, level);
      for (let i = 0; i < nbs.length; i++) {
        const nb = nbs[i]!;
        if (visited[nb] === stamp) continue;
        visited[nb] = stamp;
        const s = dot(data, nb * dims, q, dims);
        if (results.size < ef || s > results.topScore()) {
          candidates.push(nb, s);
          if (!accept || accept(nb)) {
            results.push(nb, s);
            if (results.size > ef) results.pop();
          }
        }
      }
    }
    return results;
  }

  /**
   * The neighbour-selection heuristic: walking candidates best first, keep one only if it is more
   * similar to the base than to every neighbour already kept (spreads links across directions).
   */
  private select(candidates: Array<[node: number, score: number]>, max: number): number[] {
    candidates.sort((a, b) => b[1] - a[1]);
    const data = this.vectors();
    const kept: number[] = [];
    for (const [c, toBase] of candidates) {
      if (kept.length >= max) break;
      let diverse = true;
      for (const k of kept) {
        if (dotWithin(data, c * this.dims, k * this.dims, this.dims) > toBase) {
          diverse = false;
          break;
        }
      }
      if (diverse) kept.push(c);
    }
    return kept;
  }

  /** Links a slot whose vector is already stored at `node`·dims. */
  add(node: number): void {
    this.ensure(node);
    if (this.levels[node] !== -1) throw new EngramError('INTERNAL', `HNSW node ${node} is already in the graph`);
    const level = Math.min(Math.floor(-Math.log(1 - this.random()) * this.levelMult), 30);
    this.levels[node] = level;
    this.upper[node] = level > 0 ? Array.from({ length: level }, () => []) : undefined;
    this.count++;
    if (this.entry === -1) {
      this.entry = node;
      this.maxLevel = level;
      return;
    }
    const data = this.vectors();
    const q = data.subarray(node * this.dims, (node + 1) * this.dims);
    let entries = [this.descend(q, level)];
    for (let l = Math.min(level, this.maxLevel); l >= 0; l--) {
      const found = this.searchLayer(q, entries, this.params.efConstruction, l, null).entries();
      const links = this.select(found, this.params.m);
      this.setNeighbours(node, l, links);
      const cap = l === 0 ? this.m0 : this.params.m;
      for (const nb of links) {
        const current = Array.from(this.neighbours(nb, l));
        current.push(node);
        if (current.length > cap) {
          const scored = current.map((x): [number, number] => [
            x,
            dotWithin(data, x * this.dims, nb * this.dims, this.dims),
          ]);
          this.setNeighbours(nb, l, this.select(scored, cap));
        } else {
          this.setNeighbours(nb, l, current);
        }
      }
      entries = found.map(([n]) => n);
    }
    if (level > this.maxLevel) {
      this.entry = node;
      this.maxLevel = level;
    }
  }

  /** The k accepted nodes most similar to the unit vector q, best first (approximate: `ef` trades time for recall). */
  search(
    q: Float32Array,
    k: number,
    ef: number,
    accept: (node: number) => boolean,
  ): Array<[node: number, score: number]> {
    if (this.entry === -1 || k <= 0) return [];
    const ep = this.descend(q, 0);
    const found = this.searchLayer(q, [ep], Math.max(ef, k), 0, accept).entries();
    found.sort((a, b) => b[1] - a[1]);
    return found.slice(0, k);
  }

  /** Flat encoding: [nodes, entry, maxLevel, then per node: level, and for each level ≤ it: count, neighbours]. */
  serialize(nodes: number): Int32Array {
    const out: number[] = [nodes, this.entry, this.maxLevel];
    for (let n = 0; n < nodes; n++) {
      const level = n < this.levels.length ? this.levels[n]! : -1;
      out.push(level);
      for (let l = 0; l <= level; l++) {
        const nbs = this.neighbours(n, l);
        out.push(nbs.length, ...Array.from(nbs));
      }
    }
    return Int32Array.from(out);
  }

  static deserialize(
    dims: number,
    vectors: () => Float32Array,
    flat: Int32Array,
    params: HnswParams = DEFAULT_HNSW,
  ): Hnsw {
    const g = new Hnsw(dims, vectors, params);
    const nodes = flat[0]!;
    g.ensure(Math.max(nodes - 1, 0));
    g.entry = flat[1]!;
    g.maxLevel = flat[2]!;
    let at = 3;
    const next = () => {
      if (at >= flat.length) throw new EngramError('INDEX_UNAVAILABLE', 'vector index graph is truncated');
      return flat[at++]!;
    };
    for (let n = 0; n < nodes; n++) {
      const level = next();
      g.levels[n] = level;
      if (level < 0) continue;
      g.count++;
      g.upper[n] = level > 0 ? Array.from({ length: level }, () => []) : undefined;
      for (let l = 0; l <= level; l++) {
        const c = next();
        const list: number[] = [];
        for (let i = 0; i < c; i++) list.push(next());
        g.setNeighbours(n, l, list);
      }
    }
    return g;
  }
}
