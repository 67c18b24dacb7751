export {
  createSearchIndexProjector,
  SEARCH_INDEX_CONSUMER,
  type SearchIndexProjector,
  type SearchIndexProjectorOptions,
  type SearchIndexCheckpoint,
  type SearchIndexStatus,
} from './search-index-projector';
export { createHybridRetriever, type HybridRetrieverOptions } from './hybrid-retriever';
export { DEFAULT_RETRIEVAL_CONFIG, resolveRetrievalConfig, type RetrievalConfig } from './config';
export { reciprocalRankFusion } from './rrf';
export { buildTokenGate, type TokenGate } from './token-gate';
export { nameAwareQueries, userNames, type UserNames } from './user-names';
export { rerankStage, type Ranked, type RerankSettings } from './rerank-stage';
export { indexOpFor, type IndexOp } from './index-ops';
export { DocRegistry } from './doc-registry';
export { passesFilters, indexFilterFor } from './filters';
export {
  detectQueryIntent,
  intentWeights,
  weightsForIntent,
  carriesDate,
  isPreferenceMemory,
  type QueryIntent,
} from './query-intent';
export { DEFAULT_INTENT_CONFIG, resolveIntentConfig, type IntentWeightConfig } from './intent-config';
export { HYDRATE_TABLES, type Candidate } from './candidates';
export { TurnWindows, type TurnWindowsJson } from './turn-windows';
export { dateWords, windowTexts } from './doc-text';
export { scoreFusion, type FusionList } from './fusion';
export { contentQuery } from './content-query';
export { isStateQuestion, latestStatementFirst, topicTerms } from './state-order';
