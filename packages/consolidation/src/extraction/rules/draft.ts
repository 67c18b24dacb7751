import type { MemoryType } from '@engram/core';
import type { CandidateKind } from '../types';

/** What a clause rule recognized, before it is turned into a CandidateFact. */
export interface FactDraft {
  /** Key under the namespace: "residence", "preference.sushi", "contact.email". */
  suffix: string;
  /** "user" (USER facts) or "env" (ENVIRONMENT facts). */
  namespace?: 'user' | 'env';
  object: string;
  positive: boolean;
  confidence: number;
  /** Attribute words as the user said them, for generic content. */
  label?: string;
  /** Content override (otherwise derived from suffix/object/polarity). */
  content?: string;
  kind?: CandidateKind;
  type?: MemoryType;
  predicate?: string;
  /** B3: when the stated value stopped being true, if the statement says so. */
  validTo?: string | null;
}

export function draft(suffix: string, object: string, confidence: number, extra: Partial<FactDraft> = {}): FactDraft {
  return { suffix, object, positive: true, confidence, ...extra };
}

/** The same statement negated ("I no longer …", "我不再…"). */
export function negate(d: FactDraft): FactDraft {
  // a rule's own sentence ("用户平时喝酒") said as ended; other sentences are derived again from the key
  const content = d.positive && d.content ? noLonger(d.content) : undefined;
  return { ...d, positive: !d.positive, content };
}

/** "User is learning French" → "User is no longer learning French"; "User likes chess" → "User no longer likes chess". */
export function noLonger(content: string): string | undefined {
  if (/^User (?:is|was|has been) /.test(content))
    return content.replace(/^User (is|was|has been) /, 'User $1 no longer ');
  if (/^User [a-z]+s\b/.test(content)) return content.replace(/^User /, 'User no longer ');
  // "用户的主管是刘经理" → "用户的主管不再是刘经理"
  if (/^用户的[^是叫]{1,12}(?:是|叫)/u.test(content))
    return content.replace(/^用户的([^是叫]{1,12})(是|叫)/u, '用户的$1不再$2');
  if (/^用户/u.test(content))
    return content.replace(/^用户(?:的)?/u, (m) => `${m}不再`).replace(/^用户不再的/u, '用户的');
  return undefined;
}
