import { foldChinese } from './chinese-script';
import { stem } from './stemmer';
import { isStopWord } from './stopwords';
import { tokenize } from './tokenizer';

/**
 * Identifies how `searchTerms` turns text into terms. A keyword index built under another analyzer
 * must be rebuilt, not reused.
 */
// @3: memory documents carry more slot words (core text/slot-words.ts); older snapshots are rebuilt once.
export const SEARCH_ANALYZER = 'r1+porter2+zh-fold+slots@3';

/**
 * The R1 tokens of a text for search, Traditional Chinese folded to Simplified (联發科 and 联发科
 * are one term). `tokenize` itself stays as it is: the hashed embedder's vectors depend on it.
 */
export function searchTokens(text: string): string[] {
  return tokenize(foldChinese(text));
}

/**
 * BM25 terms: the search tokens (CJK bigrams, case-folded whole words) with plain ASCII words
 * stemmed, so "lives" in a memory matches "live" in a query.
 */
export function searchTerms(text: string): string[] {
  return searchTokens(text).map(stem);
}

/** The distinct search terms of a query that are not stop words (judged before stemming). */
export function contentSearchTerms(text: string): string[] {
  return [
    ...new Set(
      searchTokens(text)
        .filter((t) => !isStopWord(t))
        .map(stem),
    ),
  ];
}
