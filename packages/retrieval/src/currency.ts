import { foldChinese, searchTerms, termsMentionEntity } from '@engram/core';
import type { Candidate } from './candidates';

/** A value a key held before, with the fact that holds the key now. */
export interface StaleValue {
  key: string;
  value: string;
  currentId: string;
  current: string;
  /** When the current fact became true (valid time) and when it was stated. */
  since: string;
  currentAt: string;
  /** The key's current fact says the value no longer holds ("User is no longer learning Japanese"). */
  negated: boolean;
}

/** What a hit says that is no longer true: the old value, the fact that replaced it and since when. */
export interface Outdated {
  key: string;
  value: string;
  current: string;
  currentId: string;
  since: string;
}

const iso = (v: unknown) => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

/**
 * The user's replaced values: each superseded keyed entry's object with the active entry that
 * holds its key now, or — when the update was matched to it under another name of the slot
 * ("user.usual_coffee" replaced by "user.favourite_order") — the active entry that replaced it
 * (objects as the extractor stored them, `metadata.object`). Columns: key, value, current id,
 * current object, current content, since, current_at. Read by the retriever together with the
 * user's names in one statement (user-state.ts).
 */
export const STALE_VALUE_ROWS_SQL = `SELECT json_agg(json_build_array(s.key, s.metadata->>'object', c.id::text, c.object, c.content,
                                  COALESCE(c.valid_from, c.created_at), c.created_at))
       FROM memories s
       JOIN LATERAL (
             SELECT n.id, n.metadata->>'object' AS object, n.content, n.valid_from, n.created_at
               FROM memories n
              WHERE n.tenant_id = s.tenant_id AND n.user_id = s.user_id AND n.key = s.key
                AND n.agent_id IS NOT DISTINCT FROM s.agent_id AND n.tier = 'SEMANTIC' AND n.superseded_by IS NULL
             UNION
             SELECT n.id, n.metadata->>'object', n.content, n.valid_from, n.created_at
               FROM memories n
              WHERE n.id = s.superseded_by AND n.tenant_id = s.tenant_id AND n.user_id = s.user_id
                AND n.key IS NOT NULL AND n.tier = 'SEMANTIC' AND n.superseded_by IS NULL) c ON true
      WHERE s.tenant_id = $1 AND s.user_id = $2 AND s.key IS NOT NULL AND s.superseded_by IS NOT NULL
        AND COALESCE(s.metadata->>'object', '') <> '' AND COALESCE(c.object, '') <> ''`;

export function staleValuesFromRows(rows: readonly unknown[][]): StaleValue[] {
  return (rows as Array<[string, string, string, string, string, unknown, unknown]>).flatMap(
    ([key, value, currentId, current, currentContent, since, currentAt]) => {
      const same = value.trim().toLowerCase() === current.trim().toLowerCase();
      const negated = same && NEGATED.test(currentContent);
      if (same && !negated) return [];
      return [
        {
          key,
          value: value.trim(),
          currentId,
          current: negated ? currentContent : current.trim(),
          since: iso(since),
          currentAt: iso(currentAt),
          negated,
        },
      ];
    },
  );
}

/**
 * Content of a fact that ends a value (the rules engine's and the usual English/Chinese forms:
 * "User is no longer …", "User's laptop is not …", "用户不再…", "用户不在…工作").
 */
const NEGATED =
  /\bno longer\b|\b(?:is|are|does|do)\s+not\b|n't\b|\bnot\b.*\banymore\b|不再|不是|不在|没有|不[\u3400-\u9fff]{1,4}了/iu;

const CJK = /[\u3400-\u9fff]/u;
/**
 * Whether a document states a value. Chinese values are looked for as written (folded): search
 * terms are character bigrams, so "50张" is never a term of "用户有50张邮票"; other values by terms.
 */
function mentions(content: string, terms: readonly string[], value: string): boolean {
  return CJK.test(value)
    ? foldChinese(content).includes(foldChinese(value))
    : termsMentionEntity(terms, searchTerms(value));
}

/**
 * A document that states a value its key no longer holds — an older message or episode, or the
 * superseded entry itself — ranks below the fact that replaced it (when that fact is a candidate
 * too) or at `staleWeight` of its score otherwise, and is marked with what holds now. Documents
 * said after the change, or that also state the current value ("moved from Lisbon to Montreal"),
 * are left alone.
 */
export function demoteOutdated<T extends { item: Candidate; score: number }>(
  ranked: T[],
  stale: readonly StaleValue[],
  opts: { below: number; staleWeight: number },
): Map<string, Outdated> {
  const marks = new Map<string, Outdated>();
  if (stale.length === 0) return marks;
  const scoreOf = new Map(ranked.map((r) => [r.item.id, r.score]));
  for (const r of ranked) {
    const d = r.item;
    let terms: string[] | null = null;
    for (const s of stale) {
      if (d.id === s.currentId) continue;
      const sameKeyOld = d.kind === 'memory' && d.key === s.key && d.supersededBy !== null;
      const olderDoc = d.kind !== 'memory' && d.at < s.currentAt;
      if (!sameKeyOld && !olderDoc) continue;
      terms ??= searchTerms(d.content);
      if (!mentions(d.content, terms, s.value) || (!s.negated && mentions(d.content, terms, s.current))) continue;
      marks.set(d.id, { key: s.key, value: s.value, current: s.current, currentId: s.currentId, since: s.since });
      const currentScore = scoreOf.get(s.currentId);
      r.score = currentScore !== undefined ? Math.min(r.score, currentScore * opts.below) : r.score * opts.staleWeight;
      break;
    }
  }
  return marks;
}
