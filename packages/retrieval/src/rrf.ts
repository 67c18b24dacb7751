import { partsOf, sumParts } from './fusion';

/** R4: Reciprocal Rank Fusion, score(d) = Σ over lists of 1 / (k + rank(d)), ranks from 1 (optionally weighted per list). */
export function reciprocalRankFusion(
  lists: ReadonlyArray<readonly string[]>,
  k = 60,
  weights?: readonly number[],
): Map<string, number> {
  return sumParts(reciprocalRankFusionParts(lists, k, weights));
}

/** reciprocalRankFusion per list: each document's contribution from every list (0 where it is absent). */
export function reciprocalRankFusionParts(
  lists: ReadonlyArray<readonly string[]>,
  k = 60,
  weights?: readonly number[],
): Map<string, number[]> {
  const parts = new Map<string, number[]>();
  lists.forEach((list, j) => {
    const w = weights?.[j] ?? 1;
    list.forEach((id, i) => {
      const p = partsOf(parts, id, lists.length);
      p[j] = p[j]! + w / (k + i + 1);
    });
  });
  return parts;
}
