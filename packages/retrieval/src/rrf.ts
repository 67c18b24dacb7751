/** R4: Reciprocal Rank Fusion, score(d) = Σ over lists of 1 / (k + rank(d)), ranks from 1 (optionally weighted per list). */
export function reciprocalRankFusion(lists: ReadonlyArray<readonly string[]>, k = 60, weights?: readonly number[]): Map<string, number> {
  const fused = new Map<string, number>();
  lists.forEach((list, j) => {
    const w = weights?.[j] ?? 1;
    list.forEach((id, i) => fused.set(id, (fused.get(id) ?? 0) + w / (k + i + 1)));
  });
  return fused;
}
