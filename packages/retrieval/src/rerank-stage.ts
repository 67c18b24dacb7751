import type { Logger, Reranker } from '@engram/core';

export interface Ranked<T> {
  item: T;
  score: number;
}

export interface RerankSettings {
  enabled: boolean;
  topK: number;
  timeoutMs: number;
  minScore: number;
}

function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`rerank timed out after ${ms} ms`)), ms);
  });
  return Promise.race([p, timeout]).finally(() => clearTimeout(timer));
}

/**
 * R6: reorders the top `topK` of the fused list by cross-encoder score; the rest keep fused order.
 * The reordered entries take over the fused scores of the slots they move into, so the score scale
 * stays that of fusion. Any failure, timeout or malformed answer returns the input unchanged;
 * minScore drops low scorers among the top K unless that would drop all of them.
 */
export async function rerankStage<T>(
  query: string,
  ranked: Ranked<T>[],
  textOf: (item: T) => string,
  reranker: Reranker | undefined,
  s: RerankSettings,
  logger: Logger,
): Promise<{ ranked: Ranked<T>[]; reranked: boolean; scores: Map<T, number> }> {
  const none = { ranked, reranked: false, scores: new Map<T, number>() };
  if (!s.enabled || !reranker || ranked.length === 0) return none;
  const head = ranked.slice(0, s.topK);
  const rest = ranked.slice(s.topK);
  let scores: number[];
  try {
    scores = await withTimeout(
      reranker.score(
        query,
        head.map((r) => textOf(r.item)),
        { timeoutMs: s.timeoutMs },
      ),
      s.timeoutMs,
    );
  } catch (err) {
    logger.warn({ err, model: reranker.modelId, candidates: head.length }, 'rerank failed; keeping fused order');
    return none;
  }
  if (
    !Array.isArray(scores) ||
    scores.length !== head.length ||
    scores.some((x) => typeof x !== 'number' || !Number.isFinite(x))
  ) {
    logger.warn(
      { model: reranker.modelId, got: Array.isArray(scores) ? scores.length : typeof scores },
      'rerank answer malformed; keeping fused order',
    );
    return none;
  }
  const order = head.map((r, i) => ({ r, s: scores[i]!, i })).sort((a, b) => b.s - a.s || a.i - b.i);
  const kept = s.minScore > 0 && order.some((o) => o.s >= s.minScore) ? order.filter((o) => o.s >= s.minScore) : order;
  const slotScores = head.map((r) => r.score);
  const reordered = kept.map((o, slot) => ({ item: o.r.item, score: slotScores[slot]! }));
  return { ranked: [...reordered, ...rest], reranked: true, scores: new Map(kept.map((o) => [o.r.item, o.s])) };
}
