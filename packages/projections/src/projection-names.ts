/** The read-model projections this package builds (their checkpoint names). */
export const PROJECTION_NAMES = ['working', 'episodic', 'semantic', 'archival'] as const;
export type ProjectionName = (typeof PROJECTION_NAMES)[number];
