import type { LogPosition } from '../events/types';
import type { MemoryType, ProvenanceSource, Scope, Tier } from '../memory/model';

export interface QueryRequest {
  scope: Scope;
  query: string;
  k: number;
  tiers?: Tier[];
  types?: MemoryType[];
  tags?: string[];
  /** ISO bounds on the document time (message time, entry creation). */
  from?: string;
  to?: string;
  /** Soft scope tag (M1 scope). */
  scopeTag?: string;
  /** Restrict to one session's documents. */
  sessionId?: string;
  /**
   * Only documents that concern at least one of these entities (names or entity-id slugs, e.g.
   * "Acme Corp" or "acme_corp"): named in the text, key, tags or metadata, episodes by entity_ids.
   */
  entities?: string[];
  /**
   * Spread the results over sessions: each further hit from a session already in the results has
   * its score × this, once per earlier hit; 1 keeps the ranking. Unset: the configured default.
   */
  sessionDiversity?: number;
  /**
   * B3 as-of read (ISO time): what was true then, as known now. Memories count when their valid
   * time covers it (superseded ones included, at full weight), messages and episodes when they
   * were said by then.
   */
  asOf?: string;
  /** Attach to each hit how it got its score (`QueryHit.explain`). */
  explain?: boolean;
}

/** A hit's place in one candidate list: 1-based rank, the index's own score, and what it added to the fused score. */
export interface ListPlace {
  rank: number;
  score: number;
  contribution: number;
}

/**
 * How one hit got its score (a query with `explain: true`). The final score is
 * (fusion.score, or rerank.slotScore when reranked) × forgetting.weight × intent.weight × currency × sessionDiversity.
 */
export interface HitExplanation {
  /** BM25 over the documents, over their conversation windows, and the vector search; null: not in that list. */
  keyword: ListPlace | null;
  window: ListPlace | null;
  vector: ListPlace | null;
  /** R5: whether the discriminative-token gate narrowed the keyword lists, and to which terms. */
  gate: { active: boolean; terms: string[] };
  /** R4: the fused score (the sum of the lists' contributions) and its rank among the candidates. */
  fusion: { method: 'zscore' | 'rrf'; score: number; rank: number };
  /** R6: the cross-encoder's score, the rank it gave, and the fused score of the slot taken; null when not reranked. */
  rerank: { score: number; rank: number; slotScore: number } | null;
  /** R7 / D1: the forgetting curve (ARCHIVAL entries also × memory.archivedWeight). */
  forgetting: { importance: number; effectiveImportance: number; weight: number };
  /** R9: the query's detected intent and the multiplier it gave this hit. */
  intent: {
    weight: number;
    freshness: boolean;
    temporal: boolean;
    preference: boolean;
    identity: boolean;
    past: boolean;
  };
  /** The factor by which what holds now moved this hit: < 1 a superseded value's mention ranked below what replaced it, > 1 a later statement lifted for a question about now (1: none). */
  currency: number;
  /** The factor session diversity applied (1: none). */
  sessionDiversity: number;
}

/** One result of POST /v1/query (the HTTP/gRPC shape). */
export interface QueryHit {
  id: string;
  /** memory | message | episode */
  kind: 'memory' | 'message' | 'episode';
  tier: Tier;
  type: MemoryType | null;
  key: string | null;
  content: string;
  score: number;
  source: ProvenanceSource | null;
  importance: number;
  effectiveImportance: number;
  metadata: Record<string, unknown>;
  sourceMessageIds: string[];
  sessionId: string | null;
  createdAt: string;
  tags: string[];
  pinned: boolean;
  supersededBy: string | null;
  /** Memories: B3 valid time (when the fact became true, and stopped being true; null while it holds). */
  validFrom?: string | null;
  validTo?: string | null;
  /** Only when the query asked for `explain`. */
  explain?: HitExplanation;
}

export interface Retriever {
  search(req: QueryRequest): Promise<QueryHit[]>;
}

export interface ContextRequest {
  scope: Scope;
  query: string;
  sessionId?: string;
  budgetChars?: number;
  /** R9: known facts and history only about these entities (as QueryRequest.entities); the core snapshot is always rendered. */
  entities?: string[];
  /** B3: render what was true at this time, as known now. */
  asOf?: string;
}

export interface ContextRenderer {
  render(req: ContextRequest): Promise<{ text: string; sections: Record<string, number> }>;
}

/** Whether the read side has applied the log up to (and including) a position. */
export interface ProjectionProgress {
  reached(position: LogPosition): Promise<boolean>;
}
