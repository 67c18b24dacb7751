import type { CandidateFact } from '../extraction/types';
import type { ActiveEntry } from '../read-models';
import { slotOf, valueKindConflicts } from './slots';

/** Key segments without the namespace: user.contact.email → [contact, email]. */
function keyWords(key: string): string[] {
  return key
    .split(/[._]/)
    .slice(1)
    .filter((w) => w.length > 1);
}

export function keySimilarity(a: string, b: string): number {
  if (a === b) return 1;
  const wa = new Set(keyWords(a));
  const wb = new Set(keyWords(b));
  if (wa.size === 0 || wb.size === 0) return 0;
  let shared = 0;
  for (const w of wa) if (wb.has(w)) shared++;
  return shared / Math.max(wa.size, wb.size);
}

/**
 * `other_kind`: the entry holds the candidate's key, but the candidate's value is of a kind the slot
 * cannot take (an organisation or a role read as the user's home): the candidate is misfiled, not
 * a new value, and must not be written under that key (the projections replace a key's holder).
 */
export type Relation =
  'same_key' | 'other_kind' | 'same_slot' | 'similar_key' | 'same_subject_predicate' | 'tag_overlap';

/**
 * C2 heuristic pre-filter: the active entries a candidate could contradict (same or similar key,
 * same subject+predicate, overlapping specific tags). Everything else is never looked at.
 */
export function relatedEntries(
  c: CandidateFact,
  entries: readonly ActiveEntry[],
): Array<{ entry: ActiveEntry; relation: Relation }> {
  const out: Array<{ entry: ActiveEntry; relation: Relation }> = [];
  const generic = new Set(['profile', 'fact', 'event', 'en', 'zh', 'preference', 'favourite', 'environment']);
  const specificTags = c.tags.filter((t) => !generic.has(t));
  const slot = slotOf(c.key, c.object);
  for (const e of entries) {
    if (e.type !== c.type) continue;
    if (e.key !== null && e.key === c.key) {
      out.push({ entry: e, relation: valueKindConflicts(c.key, e.object, c.object) ? 'other_kind' : 'same_key' });
    } else if (slot !== null && slotOf(e.key, e.object) === slot) out.push({ entry: e, relation: 'same_slot' });
    else if (
      e.key !== null &&
      keySimilarity(e.key, c.key) >= 0.5 &&
      c.key.split('.').length === e.key.split('.').length
    )
      out.push({ entry: e, relation: 'similar_key' });
    else if (
      e.predicate !== null &&
      e.predicate === c.predicate &&
      !['likes', 'dislikes', 'event'].includes(c.predicate)
    )
      out.push({ entry: e, relation: 'same_subject_predicate' });
    else if (
      specificTags.length > 0 &&
      e.tags.some((t) => specificTags.includes(t)) &&
      e.key !== null &&
      e.key.split('.')[1] === c.key.split('.')[1]
    ) {
      out.push({ entry: e, relation: 'tag_overlap' });
    }
  }
  return out;
}
