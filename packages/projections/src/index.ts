import { archivalProjector } from './archival-projector';
import { episodicProjector } from './episodic-projector';
import { semanticProjector } from './semantic/semantic-projector';
import { workingProjector } from './working/working-projector';

export * from './migrate';
export * from './projector';
export * from './runner';
export * from './apply-batch';
export * from './projection-guard';
export * from './dead-letters';
export * from './event-status';
export * from './readiness';
export * from './progress';
export * from './projection-names';
export * from './keyed-write';
export * from './read-model-types';
export * from './readModels';
export * from './read-model-counts';
export * from './quarantine-reads';
export * from './erasure-reads';
export { contentHash, normalizeContent } from './semantic/content-hash';
export { storableProblem } from './event-check';
export type { HistoryAction } from './semantic/history';
export { WORKING_RING_SIZE, workingProjector } from './working/working-projector';
export {
  renderWorkingMemory,
  renderWorkingEntries,
  loadWorkingEntries,
  WORKING_MEMORY_HEADING,
  type WorkingEntry,
} from './working/render-working-memory';
export { episodicProjector, NO_SESSION } from './episodic-projector';
export { semanticProjector } from './semantic/semantic-projector';
export { archivalProjector } from './archival-projector';

export const PROJECTORS = {
  working: workingProjector,
  episodic: episodicProjector,
  semantic: semanticProjector,
  archival: archivalProjector,
} as const;
export {
  createSemanticWriteIndex,
  sqlWritePrecheck,
  type PrecheckVerdict,
  type SemanticWriteIndex,
  type WriteEntryProbe,
  type WritePrecheck,
} from './semantic/write-precheck';
