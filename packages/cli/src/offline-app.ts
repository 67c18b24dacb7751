import { systemClock } from '@engram/core';
import { createMemoryApp, type MemoryApp } from '@engram/app';
import { PROJECTION_NAMES, PROJECTORS, sqlProjectionProgress } from '@engram/projections';
import { catchUpProjectors } from './catch-up';
import type { Offline } from './offline';

export const DEFAULT_TENANT = 'default';

/**
 * The API's command handlers over an offline foundation (no query side): the same validation, content scanning and
 * event building as the service. The SQL projections are caught up first, so lookups (e.g. forget
 * of one memory) see everything in the log.
 */
export async function openOfflineApp(f: Offline): Promise<MemoryApp> {
  await catchUpProjectors(f.log, f.db, Object.values(PROJECTORS));
  return createMemoryApp({
    log: f.log,
    db: f.db,
    progress: sqlProjectionProgress(f.db, [...PROJECTION_NAMES]),
    clock: systemClock,
    logger: f.logger.child({ component: 'app' }),
    config: { maxContentBytes: 32 * 1024, minPositionWaitMs: 0, accessFlushMs: 60_000 },
    // The operator at the data directory: every scope, as with auth off.
    trusted: true,
  });
}
