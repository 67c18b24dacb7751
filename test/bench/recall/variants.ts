import type { Embedder } from '@engram/core';
import type { RetrievalConfig } from '@engram/retrieval';
import type { RetrieverOverrides } from './embedded-engram';

export interface RetrievalVariant {
  name: string;
  config: Partial<RetrievalConfig>;
  /** Lists left out (keyword, window keyword); a failing embedder turns the vector list off. */
  over?: Omit<RetrieverOverrides, 'embedder' | 'reranker'>;
  /** Replaces the query embedder; a failing one turns vector search off (keyword lists only). */
  embedder?: (base: Embedder) => Embedder;
}

const vectorSearchOff = (base: Embedder): Embedder => ({
  modelId: base.modelId,
  dimensions: base.dimensions,
  embed: () => Promise.reject(new Error('vector search off for this variant')),
});

/** Settings compared by `--variants` on one ingest (figures in docs/benchmarks.md). */
export const RETRIEVAL_VARIANTS: RetrievalVariant[] = [
  { name: 'default (z-score fusion, 3 lists)', config: {} },
  { name: 'rrf k=60, 3 lists', config: { fusion: 'rrf' } },
  { name: 'plain rrf k=60, bm25 + vector', config: { fusion: 'rrf' }, over: { noContext: true } },
  { name: 'z-score, bm25 + vector', config: {}, over: { noContext: true } },
  { name: 'bm25 only', config: {}, over: { noContext: true }, embedder: vectorSearchOff },
  { name: 'bm25 + window bm25', config: {}, embedder: vectorSearchOff },
  { name: 'vector only', config: {}, over: { noKeyword: true, noContext: true } },
  { name: 'z-score, vector weight 0.5', config: { listWeights: { keyword: 1, window: 1, vector: 0.5 } } },
  { name: 'z-score, window weight 0.5', config: { listWeights: { keyword: 1, window: 0.5, vector: 1 } } },
  { name: 'z-score, keyword lists 0.5 each', config: { listWeights: { keyword: 0.5, window: 0.5, vector: 1 } } },
  { name: 'session diversity 0.5', config: { sessionDiversity: 0.5 } },
  { name: 'session diversity 0.75', config: { sessionDiversity: 0.75 } },
  { name: 'session diversity 0.9', config: { sessionDiversity: 0.9 } },
  { name: 'frequency gate at 0.75', config: { commonTokenRatio: 0.75 } },
  { name: 'latest-statement order off (band 0)', config: {}, over: { intent: { latestStatementBand: 0 } } },
  {
    name: 'stop words only (no frequency gate)',
    config: { commonTokenRatio: 1, commonTokenMinDocs: Number.MAX_SAFE_INTEGER },
  },
];
