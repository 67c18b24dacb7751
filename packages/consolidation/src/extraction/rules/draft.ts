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
  return { ...d, positive: !d.positive, content: undefined };
}
