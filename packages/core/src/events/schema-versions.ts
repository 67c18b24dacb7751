import type { EventType } from './types';

/**
 * The current Avro schema version of each event type: what `schemaVersion` of a newly built event
 * must say. Mirrors `schemas/catalogue.json`; the Avro codec refuses to start if they disagree.
 */
export const CURRENT_SCHEMA_VERSIONS: { readonly [T in EventType]: number } = {
  MessageObserved: 2,
  MemoryWritten: 4,
  SessionStarted: 2,
  SessionEnded: 2,
  MemoryAccessed: 3,
  MemoryPinned: 2,
  MemoryUnpinned: 2,
  MemoryArchived: 2,
  MemoryRestored: 2,
  MemorySuperseded: 2,
  MemoryForgotten: 3,
  WriteRejected: 2,
  EpisodeCreated: 2,
  FactExtracted: 3,
  ContradictionDetected: 3,
  ContradictionResolved: 2,
  SkillRecorded: 2,
  ContentQuarantined: 2,
  QuarantineResolved: 2,
  ErasureCompleted: 1,
};

export function currentSchemaVersion(type: EventType): number {
  return CURRENT_SCHEMA_VERSIONS[type];
}
