import { isStopWord, searchTokens } from '@engram/core';

/**
 * The keyword query without its stop words ("what did Caroline research?" → "Caroline research"):
 * with score fusion, BM25 points for "what"/"did" only add noise to a list that is weighed by its
 * spread (docs/benchmarks.md). Words are kept as written because the index analyses the query
 * itself. A query of stop words only is left as it is.
 */
export function contentQuery(query: string): string {
  const kept = searchTokens(query).filter((t) => !isStopWord(t));
  return kept.length > 0 ? [...new Set(kept)].join(' ') : query;
}
