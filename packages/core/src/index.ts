export * from './errors';
export * from './events/types';
export * from './memory/model';
export * from './memory/provenance';
export * from './memory/decay';
export * from './memory/session-diversity';
export * from './memory/later-statements';
export * from './safety/content-scanner';
export * from './safety/screen';
export * from './safety/ingest-gate';
export * from './safety/verification-prompt';
export { findHiddenCharacter, type HiddenCharacter } from './safety/hidden-characters';
export { foldText } from './safety/fold';
export { windowFeatureSets, windowsOf, LEXICON_FINGERPRINT, FEATURE_BITS } from './safety/learned-features';
export {
  learnedOpinion,
  learnedWeight,
  packWeights,
  unpackWeights,
  LEARNED_MODEL_ID,
  LEARNED_MODEL_CURRENT,
  LEARNED_THRESHOLDS,
  type LearnedOpinion,
  type LearnedThresholds,
} from './safety/learned-model';
export * from './ports/event-log';
export * from './ports/sql';
export * from './ports/indexes';
export * from './ports/models';
export * from './util/ids';
export * from './text/tokenizer';
export * from './text/stopwords';
export * from './text/stemmer';
export * from './text/search-terms';
export * from './text/chinese-script';
export * from './ports/query';
export * from './events/json-codec';
export * from './events/schema-versions';
export * from './text/entity-match';
export { MEASURE_KEY_FILLER, slotWords, slotFamiliesOfWord } from './text/slot-words';
export { memoryDocText } from './text/memory-doc-text';
export { isPredicateValue } from './text/predicate-value';
export * from './util/seeded-random';
export * from './util/json-object';
export * from './util/retry';
export * from './util/serial';
export * from './util/poison-guard';
export * from './util/memory-dead-letters';
export * from './util/read-event';
export * from './util/word-table';
export * from './util/counted-writes';
export * from './ports/logger';
export * from './ports/dead-letters';
export * from './ports/readiness';
export * from './ports/telemetry';
export * from './telemetry/spans';
export * from './telemetry/instrumented-log';
export * from './telemetry/instrumented-models';
export * from './ports/encryption';
export * from './events/sealed-fields';
export * from './encryption/sealed-event-log';
export * from './auth/principal';
export * from './auth/authorize';
export * from './auth/api-key';
export * from './ports/key-store';
export * from './auth/agent-scope';
