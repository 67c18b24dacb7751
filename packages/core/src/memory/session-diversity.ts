/**
 * Greedy session diversity over a ranked list: each pick is the item with the highest score once
 * every item of a session already picked n times is scaled by `factor`^n. Items with no session
 * (facts, imported memories) are never scaled. factor 1 keeps the order as it is.
 *
 * Why: a question about something said in two conversations needs a hit from each, and the turns
 * around a strong hit (same words, same topic) otherwise fill the first places.
 */
export function diversifyBySession<T extends { sessionId: string | null; score: number }>(
  ranked: readonly T[],
  factor: number,
  k: number,
): T[] {
  if (factor >= 1 || ranked.length <= 1) return ranked.slice(0, k);
  const picked: T[] = [];
  const seen = new Map<string, number>();
  const left = ranked.slice().sort((a, b) => b.score - a.score);
  while (picked.length < k && left.length > 0) {
    let best = 0;
    let bestScore = -Infinity;
    for (let i = 0; i < left.length; i++) {
      const item = left[i]!;
      // The list is sorted, so no later item can beat the current best once its raw score cannot.
      if (item.score <= bestScore) break;
      const n = item.sessionId === null ? 0 : (seen.get(item.sessionId) ?? 0);
      const s = item.score >= 0 ? item.score * factor ** n : item.score / factor ** n;
      if (s > bestScore) {
        bestScore = s;
        best = i;
      }
    }
    const [item] = left.splice(best, 1);
    if (item!.sessionId !== null) seen.set(item!.sessionId, (seen.get(item!.sessionId) ?? 0) + 1);
    picked.push({ ...item!, score: bestScore });
  }
  return picked;
}
