import type { MemoryType, ProvenanceSource, Role } from '@engram/core';

/** One ledger message handed to an extraction engine. */
export interface ExtractionMessage {
  messageId: string;
  role: Role;
  content: string;
  /** ISO time the message was said; relative dates resolve against it. */
  at: string;
}

/** An active SEMANTIC entry of the user, given so engines can reuse keys and skip restatements. */
export interface ExistingFact {
  id: string;
  key: string | null;
  content: string;
  source: ProvenanceSource;
  /** The fact's extracted object when known ("Lisbon"), to match a change to the fact it replaces. */
  object?: string | null;
}

export interface ExtractionInput {
  messages: ExtractionMessage[];
  sessionId: string;
  existingFacts: ExistingFact[];
}

export type CandidateKind = 'profile' | 'fact' | 'event';

export interface CandidateFact {
  /** Normalized semantic key, e.g. user.residence, user.preference.sushi. */
  key: string;
  /** Readable sentence in the user's language ("User lives in Berlin" / "用户住在柏林"). */
  content: string;
  kind: CandidateKind;
  type: MemoryType;
  subject: string;
  predicate: string;
  object: string;
  /** false when the statement negates the object ("no longer lives in Paris", "dislikes sushi"). */
  positive: boolean;
  /** Resolved time of the statement's date expression (ISO date or date-time), or null. */
  timeHint: string | null;
  /** B3 valid time when known (the resolved date of the fact), else null. */
  validFrom: string | null;
  /** B3: when the fact stopped being true, when the statement says so ("until 2022"), else null. */
  validTo: string | null;
  confidence: number;
  importance: number;
  tags: string[];
  sourceMessageIds: string[];
  language: 'en' | 'zh';
}

export interface SkillCandidate {
  name: string;
  whenToUse: string;
  steps: string[];
  success: boolean;
  sourceMessageIds: string[];
}

export interface EpisodeDraft {
  summary: string;
  entityIds: string[];
  importance: number;
}

export interface ExtractionResult {
  episode: EpisodeDraft;
  facts: CandidateFact[];
  skills: SkillCandidate[];
  /** What produced the facts: "rules@1" or "llm:<model>@<promptVersion>". */
  extractor: string;
}

/** K5: the extraction port. The rules engine needs no model; the LLM engine falls back to it. */
export interface ExtractionEngine {
  readonly id: string;
  extract(input: ExtractionInput): Promise<ExtractionResult>;
}

/** Facts below this confidence are never emitted (K2). */
export const MIN_FACT_CONFIDENCE = 0.6;
