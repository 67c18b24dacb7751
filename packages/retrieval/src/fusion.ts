import type { ScoredId } from '@engram/core';

/**
 * Score fusion of ranked lists with per-list normalisation: each list contributes
 * (score − the list's lowest score) / the list's standard deviation, times its weight, so a
 * keyword list (unbounded BM25) and a vector list (cosine) weigh alike and a document missing
 * from a list gets that list's floor, 0. A list whose scores are all equal (one hit, say) gives
 * each of its documents 1. Unlike RRF (rrf.ts) it keeps how far ahead a clear winner is, which
 * measured better on conversational recall (docs/benchmarks.md); the result is ≥ 0, as the
 * forgetting-curve weighting (R7) needs.
 */
export function scoreFusion(lists: ReadonlyArray<readonly ScoredId[]>, weights?: readonly number[]): Map<string, number> {
  const fused = new Map<string, number>();
  lists.forEach((list, j) => {
    if (list.length === 0) return;
    const w = weights?.[j] ?? 1;
    let sum = 0;
    let min = Infinity;
    for (const h of list) {
      sum += h.score;
      if (h.score < min) min = h.score;
    }
    const mean = sum / list.length;
    let sq = 0;
    for (const h of list) sq += (h.score - mean) ** 2;
    const sd = Math.sqrt(sq / list.length);
    const seen = new Set<string>();
    for (const h of list) {
      if (seen.has(h.id)) continue;
      seen.add(h.id);
      const part = sd > 1e-12 ? (h.score - min) / sd : 1;
      fused.set(h.id, (fused.get(h.id) ?? 0) + w * part);
    }
  });
  return fused;
}
