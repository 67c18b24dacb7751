import type { Scope, Tier, MemoryType } from '../memory/model';

/** What an indexed document is: a memory entry, a raw observed message, or an episode. */
export type DocKind = 'memory' | 'message' | 'episode';

export interface IndexedDocMeta {
  tenantId: string;
  userId: string;
  agentId: string | null;
  kind: DocKind;
  tier: Tier;
  type: MemoryType | null;
  tags: string[];
  /** ISO time of the document (message time, entry creation). */
  at: string;
}

export interface IndexFilter {
  scope: Scope;
  tiers?: Tier[];
  types?: MemoryType[];
  kinds?: DocKind[];
  /**
   * Text indexes only (R5 gate): keep just the documents that contain at least one of these terms
   * (as `searchTerms` produces them); the score still counts every query term. Vector indexes ignore it.
   */
  anyOfTerms?: readonly string[];
}

export interface ScoredId {
  id: string;
  score: number;
}

/** Vector index port (R3): one vector per document, each tagged with the embedder's model_id. */
export interface VectorIndex {
  upsert(docs: Array<{ id: string; vector: Float32Array; modelId: string; meta: IndexedDocMeta }>): Promise<void>;
  delete(ids: string[]): Promise<void>;
  /** Only vectors of modelId are searched (E1: never mix vector spaces). */
  search(vector: Float32Array, modelId: string, filter: IndexFilter, k: number): Promise<ScoredId[]>;
  /** Ids whose stored model_id differs from modelId (to re-embed). */
  staleIds(modelId: string, limit: number): Promise<string[]>;
  close(): Promise<void>;
}

/** BM25 text index port (R2). */
export interface TextIndex {
  upsert(docs: Array<{ id: string; text: string; meta: IndexedDocMeta }>): Promise<void>;
  delete(ids: string[]): Promise<void>;
  search(query: string, filter: IndexFilter, k: number): Promise<ScoredId[]>;
  close(): Promise<void>;
}
