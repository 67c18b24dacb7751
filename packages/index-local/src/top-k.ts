import type { ScoredId } from '@engram/core';

/**
 * The k best of a stream of scored ids, in a binary heap whose root is the worst kept one: the same
 * result as sorting everything and slicing, without sorting (or allocating for) the rest. The heap
 * is two parallel arrays: a scan pushes most of what it sees while the heap fills, and an object
 * per push was the larger part of a search's garbage; objects are made for the k kept ones only.
 */
export class TopK {
  private readonly ids: string[] = [];
  private readonly scores: number[] = [];

  constructor(private readonly k: number) {}

  /** Whether a hit with this score could enter (ties resolved by id in `push`). */
  admits(score: number): boolean {
    return this.ids.length < this.k || score >= this.scores[0]!;
  }

  /** Entry `a` ranks below entry `b`: lower score, or the same score and a larger id (results sort by score desc, id asc). */
  private worse(a: number, b: number): boolean {
    const sa = this.scores[a]!;
    const sb = this.scores[b]!;
    return sa < sb || (sa === sb && this.ids[a]! > this.ids[b]!);
  }

  private swap(a: number, b: number): void {
    const { ids, scores } = this;
    const id = ids[a]!;
    const score = scores[a]!;
    ids[a] = ids[b]!;
    scores[a] = scores[b]!;
    ids[b] = id;
    scores[b] = score;
  }

  push(id: string, score: number): void {
    const { ids, scores } = this;
    if (ids.length < this.k) {
      ids.push(id);
      scores.push(score);
      let i = ids.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!this.worse(i, parent)) break;
        this.swap(i, parent);
        i = parent;
      }
      return;
    }
    // Not worse than the root: the root (worst kept) scores higher, or the same with a smaller id.
    if (this.k === 0 || !(scores[0]! < score || (scores[0] === score && ids[0]! > id))) return;
    ids[0] = id;
    scores[0] = score;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < ids.length && this.worse(l, m)) m = l;
      if (r < ids.length && this.worse(r, m)) m = r;
      if (m === i) break;
      this.swap(i, m);
      i = m;
    }
  }

  /** Best first. */
  sorted(): ScoredId[] {
    return this.ids
      .map((id, i) => ({ id, score: this.scores[i]! }))
      .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  }
}
