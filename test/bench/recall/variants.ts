import type { Embedder } from '@engram/core';
import type { RetrievalConfig } from '@engram/retrieval';

export interface RetrievalVariant {
  name: string;
  config: Partial<RetrievalConfig>;
  /** Replaces the query embedder; a failing one turns vector search off (BM25 list only). */
  embedder?: (base: Embedder) => Embedder;
}

const vectorSearchOff = (base: Embedder): Embedder => ({
  modelId: base.modelId,
  dimensions: base.dimensions,
  embed: () => Promise.reject(new Error('vector search off for this variant')),
});

/** Settings compared by `--variants` on one ingest (figures in docs/benchmarks.md). */
export const RETRIEVAL_VARIANTS: RetrievalVariant[] = [
  { name: 'default', config: {} },
  { name: 'bm25-only', config: {}, embedder: vectorSearchOff },
  { name: 'no-token-gate', config: { commonTokenRatio: 1, commonTokenMinDocs: Number.MAX_SAFE_INTEGER } },
  { name: 'pool-200', config: { candidatePoolSize: 200 } },
  { name: 'decay-history', config: { decayHistory: true } },
];
