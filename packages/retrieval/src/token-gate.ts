import { contentSearchTerms, searchTokens, stem } from '@engram/core';

/** Stems of words seen by `passes` (stemming is pure and dominated the gate's cost); the cap bounds memory on odd input. */
const MAX_CACHED_STEMS = 100_000;
const stems = new Map<string, string>();
const cachedStem = (word: string): string => {
  let s = stems.get(word);
  if (s === undefined) {
    s = stem(word);
    if (stems.size >= MAX_CACHED_STEMS) stems.clear();
    stems.set(word, s);
  }
  return s;
};

export interface TokenGate {
  /** Query terms (stemmed, as BM25 indexes them) that discriminate: not stop words, not in most of the user's documents. */
  discriminative: ReadonlySet<string>;
  /** False when the query has nothing discriminative: then the gate lets everything through. */
  active: boolean;
  /** Whether a document's lexical match rests on at least one discriminative token. */
  passes(text: string): boolean;
}

/**
 * R5. `df` holds per-token document frequencies in the user's partition (when the index can tell);
 * a token in more than `commonRatio` of at least `minDocs` documents counts as non-discriminative,
 * and so does every term in `nonDiscriminative` (the user's own names).
 */
export function buildTokenGate(
  query: string,
  stats: { docCount: number; df: ReadonlyMap<string, number> } | null,
  opts: { commonRatio: number; minDocs: number; nonDiscriminative?: ReadonlySet<string> },
): TokenGate {
  const discriminative = new Set(
    contentSearchTerms(query).filter((t) => {
      if (opts.nonDiscriminative?.has(t)) return false;
      if (!stats || stats.docCount < opts.minDocs) return true;
      return (stats.df.get(t) ?? 0) / stats.docCount <= opts.commonRatio;
    }),
  );
  const active = discriminative.size > 0;
  return {
    discriminative,
    active,
    passes(text: string) {
      if (!active) return true;
      // searchTerms(text), stopping at the first discriminative term.
      for (const w of searchTokens(text)) if (discriminative.has(cachedStem(w))) return true;
      return false;
    },
  };
}
