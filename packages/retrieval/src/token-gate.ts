import { contentSearchTerms, searchTerms } from '@engram/core';

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
      for (const t of searchTerms(text)) if (discriminative.has(t)) return true;
      return false;
    },
  };
}
