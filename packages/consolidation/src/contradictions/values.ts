import type { CandidateFact } from '../extraction/types';
import { normalizeValue } from '../extraction/rules/text';
import type { ActiveEntry } from '../read-models';

const NEGATIVE =
  /\b(?:no\s+longer|not|doesn't|does\s+not|dislikes|never|isn't|is\s+not|hates)\b|不再|不喜欢|讨厌|不是|不住|不在|不吃|不喝|不用|不开|没有|不会|不爱|不姓/iu;

/** Whether stored content states the negative ("User no longer lives in Paris"). */
export function isNegativeContent(content: string): boolean {
  return NEGATIVE.test(content);
}

/** Whether the candidate says the same as the entry (a restatement, not new knowledge). */
export function sameValue(
  entry: Pick<ActiveEntry, 'content' | 'object'>,
  c: Pick<CandidateFact, 'object' | 'content' | 'positive'>,
): boolean {
  const entryPositive = !isNegativeContent(entry.content);
  if (entryPositive !== c.positive) return false;
  if (normalizeValue(entry.content) === normalizeValue(c.content)) return true;
  const obj = normalizeValue(c.object);
  if (!obj) return false;
  if (entry.object !== null) return normalizeValue(entry.object) === obj;
  return normalizeValue(entry.content).includes(obj);
}
