import { isStopWord, stem, tokenize } from '@engram/core';
import type { TokenGate } from './token-gate';

/**
 * R5 applied before the keyword search: the query keeps only its discriminative words, so a
 * document that matches nothing but stop words, the user's own name or words in most documents
 * is never a keyword candidate at all (rather than filtered from a top list it crowded). The words
 * are kept as written (not as stems) because the index re-analyses the query. Without any
 * discriminative word the gate is open and the query is unchanged.
 */
export function gatedQuery(query: string, gate: TokenGate): string {
  if (!gate.active) return query;
  const kept = tokenize(query).filter((t) => !isStopWord(t) && gate.discriminative.has(stem(t)));
  return kept.length > 0 ? [...new Set(kept)].join(' ') : query;
}
