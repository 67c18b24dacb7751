import type { ScoredId } from '@engram/core';

/** `a` ranks below `b`: lower score, or the same score and a larger id (results sort by score desc, id asc). */
const worse = (a: ScoredId, b: ScoredId) => a.score < b.score || (a.score === b.score && a.id > b.id);

/**
 * The k best of a stream of scored ids, in a binary heap whose root is the worst kept one: the same
 * result as sorting everything and slicing, without sorting (or allocating for) the rest.
 */
export class TopK {
  private readonly heap: ScoredId[] = [];

  constructor(private readonly k: number) {}

  /** Whether a hit with this score could enter (ties resolved by id in `push`). */
  admits(score: number): boolean {
    return this.heap.length < this.k || score >= this.heap[0]!.score;
  }

  push(id: string, score: number): void {
    const h = this.heap;
    const item = { id, score };
    if (h.length < this.k) {
      h.push(item);
      let i = h.length - 1;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (!worse(h[i]!, h[parent]!)) break;
        [h[i], h[parent]] = [h[parent]!, h[i]!];
        i = parent;
      }
      return;
    }
    if (this.k === 0 || !worse(h[0]!, item)) return;
    h[0] = item;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let m = i;
      if (l < h.length && worse(h[l]!, h[m]!)) m = l;
      if (r < h.length && worse(h[r]!, h[m]!)) m = r;
      if (m === i) break;
      [h[i], h[m]] = [h[m]!, h[i]!];
      i = m;
    }
  }

  /** Best first. */
  sorted(): ScoredId[] {
    return [...this.heap].sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
  }
}
