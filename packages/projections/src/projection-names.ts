/** The read-model projections this package builds (their checkpoint names). */
export const PROJECTION_NAMES = ['working', 'episodic', 'semantic', 'archival'] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];

/** The tables each projection owns (see the headers of the migrations). */
export const PROJECTION_TABLES: { readonly [P in ProjectionName]: readonly string[] } = {
  working: ['working_entries', 'sessions'],
  episodic: ['messages', 'episodes'],
  semantic: [
    'memories',
    'memory_history',
    'contradictions',
    'skills',
    'write_rejections',
    'quarantined_writes',
    'erasures',
  ],
  archival: ['archive_entries', 'archive_memory_keys'],
};
