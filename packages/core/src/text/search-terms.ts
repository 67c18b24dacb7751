import { stem } from './stemmer';
import { isStopWord } from './stopwords';
import { tokenize } from './tokenizer';

/**
 * Identifies how `searchTerms` turns text into terms. A keyword index built under another analyzer
 * must be rebuilt, not reused.
 */
export const SEARCH_ANALYZER = 'r1+porter2@1';

/**
 * BM25 terms: the R1 tokens (CJK bigrams, case-folded whole words) with plain ASCII words stemmed,
 * so "lives" in a memory matches "live" in a query. `tokenize` itself stays unstemmed (the hashed
 * embedder's vectors depend on it).
 */
export function searchTerms(text: string): string[] {
  return tokenize(text).map(stem);
}

/** The distinct search terms of a query that are not stop words (judged before stemming). */
export function contentSearchTerms(text: string): string[] {
  return [...new Set(tokenize(text).filter((t) => !isStopWord(t)).map(stem))];
}
