import type { ScoredId } from '@engram/core';

/** One ranked list for `scoreFusion`. */
export interface FusionList {
  hits: readonly ScoredId[];
  /** Default 1. */
  weight?: number;
  /**
   * The score of a document that is not in the list. BM25 knows it (0: no query term); for a
   * vector top list it is unknown and defaults to the list's lowest score.
   */
  floor?: number;
  /** How many documents outside the list score `floor` (BM25: the rest of the user's documents). */
  unlisted?: number;
}

/**
 * Score fusion with per-list normalisation: each list contributes weight × (score − floor) / the
 * standard deviation of its scores over the documents it covers (its hits plus the unlisted ones
 * at the floor), so a keyword list (unbounded BM25) and a vector list (cosine) weigh alike and a
 * document missing from a list gets 0 from it. A list whose scores do not spread (one hit, say)
 * gives each of its documents a full weight. Unlike RRF (rrf.ts) it keeps how far ahead a clear
 * winner is, which measured better on conversational recall (docs/benchmarks.md); the result is
 * ≥ 0, as the forgetting-curve weighting (R7) needs.
 */
export function scoreFusion(lists: readonly FusionList[]): Map<string, number> {
  return sumParts(scoreFusionParts(lists));
}

/** scoreFusion per list: each document's contribution from every list (0 where it is absent). */
export function scoreFusionParts(lists: readonly FusionList[]): Map<string, number[]> {
  const parts = new Map<string, number[]>();
  lists.forEach((list, j) => {
    const hits = dedupe(list.hits);
    if (hits.length === 0) return;
    const w = list.weight ?? 1;
    const floor = list.floor ?? Math.min(...hits.map((h) => h.score));
    const unlisted = Math.max(0, list.unlisted ?? 0);
    const n = hits.length + unlisted;
    let sum = unlisted * floor;
    for (const h of hits) sum += h.score;
    const mean = sum / n;
    let sq = unlisted * (floor - mean) ** 2;
    for (const h of hits) sq += (h.score - mean) ** 2;
    const sd = Math.sqrt(sq / n);
    for (const h of hits) {
      const part = sd > 1e-12 ? Math.max(0, h.score - floor) / sd : 1;
      partsOf(parts, h.id, lists.length)[j] = w * part;
    }
  });
  return parts;
}

export function partsOf(parts: Map<string, number[]>, id: string, lists: number): number[] {
  let p = parts.get(id);
  if (!p) parts.set(id, (p = new Array<number>(lists).fill(0)));
  return p;
}

/** The fused score of each document: its contributions summed in list order. */
export function sumParts(parts: ReadonlyMap<string, readonly number[]>): Map<string, number> {
  const fused = new Map<string, number>();
  for (const [id, p] of parts)
    fused.set(
      id,
      p.reduce((s, x) => s + x, 0),
    );
  return fused;
}

function dedupe(hits: readonly ScoredId[]): ScoredId[] {
  const seen = new Set<string>();
  return hits.filter((h) => !seen.has(h.id) && (seen.add(h.id), true));
}
