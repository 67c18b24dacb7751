import { EngramError, formatPosition, pollUntil } from '@engram/core';
import type { LogPosition, ProjectionProgress } from '@engram/core';

/**
 * Read-your-writes: waits (bounded) until the read side has applied `position`. On timeout the
 * caller gets PROJECTION_LAGGING (retriable, HTTP 503 with Retry-After).
 */
export async function waitForPosition(progress: ProjectionProgress, position: LogPosition | null, maxWaitMs: number): Promise<void> {
  if (!position) return;
  if (await pollUntil(() => progress.reached(position), { backoff: { initialMs: 5, maxMs: 100 }, timeoutMs: maxWaitMs })) return;
  throw new EngramError('PROJECTION_LAGGING', `the read side has not yet reached position ${formatPosition(position)}`, {
    details: { minPosition: formatPosition(position), waitedMs: maxWaitMs, retryAfterSeconds: 1 },
  });
}
