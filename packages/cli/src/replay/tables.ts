import type { ProjectionName } from '@engram/projections';

/** The tables each projection owns (see the header of 001_read_models.sql and 002). */
export const PROJECTION_TABLES: { readonly [P in ProjectionName]: readonly string[] } = {
  working: ['working_entries', 'sessions'],
  episodic: ['messages', 'episodes'],
  semantic: ['memories', 'memory_history', 'contradictions', 'skills', 'write_rejections', 'quarantined_writes'],
  archival: ['archive_entries', 'archive_memory_keys'],
};

export const SHADOW_SCHEMA = 'engram_replay';
export const REPLACED_SCHEMA = 'engram_replaced';
