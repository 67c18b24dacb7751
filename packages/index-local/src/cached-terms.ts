import { searchTokens, stem } from '@engram/core';

/** Distinct words seen are far fewer than words analysed; the cap only bounds memory on odd input. */
const MAX_CACHED = 200_000;
const stems = new Map<string, string>();

/** `searchTerms(text)` with each word's stem memoised (stemming is pure and the costliest step). */
export function cachedSearchTerms(text: string): string[] {
  const tokens = searchTokens(text);
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    let s = stems.get(t);
    if (s === undefined) {
      s = stem(t);
      if (stems.size >= MAX_CACHED) stems.clear();
      stems.set(t, s);
    }
    tokens[i] = s;
  }
  return tokens;
}
