import { memoryDocText } from '../text/memory-doc-text';
import { contentSearchTerms } from '../text/search-terms';

/** Words a question or statement uses for the person whose memories these are: never a topic of their own. */
export const USER_TERMS: ReadonlySet<string> = new Set(contentSearchTerms('user users 用户 用戶 使用者'));

/**
 * Chinese terms (bigrams) with a function character or a piece of 用户/使用者 say nothing about a
 * topic ("么的", "户做"); 在 stays (住在).
 */
export const HAN_FUNCTION = /[的了是么什哪谁吗呢个户者这那些]/u;

/** A topic word of a fact, a question or a statement: not "user", not one of `exclude` (the user's names), no function bigram. */
export const isTopicTerm = (t: string, exclude?: ReadonlySet<string>): boolean =>
  !USER_TERMS.has(t) && !(exclude?.has(t) ?? false) && !HAN_FUNCTION.test(t);

/** A fact's own words (content, key, the key's slot words) that a later statement about it would share. */
export function factTerms(
  fact: { content: string; key: string | null; tags: readonly string[] },
  exclude?: ReadonlySet<string>,
): Set<string> {
  return new Set(
    contentSearchTerms(memoryDocText(fact.content, fact.key, fact.tags)).filter((t) => isTopicTerm(t, exclude)),
  );
}

/** Whether a text shares a search term with `terms`. */
export function sharesTerm(text: string, terms: ReadonlySet<string>): boolean {
  return contentSearchTerms(text).some((t) => terms.has(t));
}

/**
 * For each fact, the latest statement of the user made at least `gapMs` after it that shares the
 * fact's words (its value, key or slot words): when a change was not extracted, the user's later
 * words are what the agent must see beside the fact ("User's mobile carrier is Verizon" and, later,
 * "I ported my number over to T-Mobile"). Statements are the user's own messages and their sessions'
 * episodes; times are ISO. Of two statements at one time the first given wins.
 */
export function laterStatements<
  F extends { id: string; content: string; key: string | null; tags: readonly string[]; at: string },
  S extends { content: string; at: string },
>(facts: readonly F[], statements: readonly S[], gapMs: number): Map<string, S> {
  const out = new Map<string, S>();
  if (statements.length === 0) return out;
  for (const f of facts) {
    if (f.key === null) continue;
    const since = Date.parse(f.at);
    if (!Number.isFinite(since)) continue;
    const terms = factTerms(f);
    let best: S | null = null;
    for (const s of statements) {
      const at = Date.parse(s.at);
      if (!(at - since >= gapMs) || (best && Date.parse(best.at) >= at)) continue;
      if (sharesTerm(s.content, terms)) best = s;
    }
    if (best) out.set(f.id, best);
  }
  return out;
}
