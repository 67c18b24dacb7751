export * from './extraction/types';
export { createRulesEngine, RULES_EXTRACTOR_ID, extractFactsFromMessage } from './extraction/rules/rules-engine';
export { resolveTime, type ResolvedTime } from './extraction/rules/time-expressions';
export {
  createLlmEngine,
  type ContradictionVerifier,
  type LlmEngineOptions,
  type VerifyingExtractionEngine,
} from './extraction/llm/llm-engine';
export { PROMPT_VERSION } from './extraction/llm/prompts';
export {
  createConsolidator,
  CONSOLIDATOR_CONSUMER,
  type Consolidator,
  type ConsolidatorConfig,
  type ConsolidatorOptions,
} from './consolidator';
export { appendManualConsolidation, endIdleSessions } from './triggers';
export { runDecayPass } from './decay-pass';
export type { ConsolidationTask } from './tasks/task';
export { readTaskJournal, TASK_JOURNAL_FILE } from './tasks/task-journal';
