/** R4: Reciprocal Rank Fusion, score(d) = Σ over lists of 1 / (k + rank(d)), ranks from 1. */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly string[]>, k = 60): Map<string, number> {
  const fused = new Map<string, number>();
  for (const list of lists) {
    list.forEach((id, i) => fused.set(id, (fused.get(id) ?? 0) + 1 / (k + i + 1)));
  }
  return fused;
}
