import type { EventType } from './types';

/**
 * The current Avro schema version of each event type: what `schemaVersion` of a newly built event
 * must say. Mirrors `schemas/catalogue.json`; the Avro codec refuses to start if they disagree.
 */
export const CURRENT_SCHEMA_VERSIONS: { readonly [T in EventType]: number } = {
  MessageObserved: 1,
  MemoryWritten: 2,
  SessionStarted: 1,
  SessionEnded: 1,
  MemoryAccessed: 1,
  MemoryPinned: 1,
  MemoryUnpinned: 1,
  MemoryArchived: 1,
  MemoryRestored: 1,
  MemorySuperseded: 1,
  MemoryForgotten: 1,
  WriteRejected: 1,
  EpisodeCreated: 1,
  FactExtracted: 1,
  ContradictionDetected: 2,
  ContradictionResolved: 1,
  SkillRecorded: 1,
  ContentQuarantined: 1,
  QuarantineResolved: 1,
};

export function currentSchemaVersion(type: EventType): number {
  return CURRENT_SCHEMA_VERSIONS[type];
}
