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

/**
 * Indexes a replay drops from its freshly migrated shadow schema and builds once after loading (one
 * sort each instead of maintaining them row by row): no projector statement needs them to find its
 * rows — they serve the read paths, the live write precheck (last_event_id) and rare per-user
 * purges, which a prefix index of the same table or a scan also answers.
 */
export const REPLAY_DEFERRED_INDEXES: readonly string[] = [
  'memories_user_valid_idx',
  'memories_last_event_idx',
  'memory_history_memory_idx',
  'event_status_user_idx',
];
