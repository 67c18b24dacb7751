import { EngramError, formatPosition } from '@engram/core';
import type { LogPosition, ProjectionProgress } from '@engram/core';

const sleep = (ms: number) => new Promise<void>((r) => setTimeout(r, ms));

/**
 * Read-your-writes: waits (bounded) until the read side has applied `position`. On timeout the
 * caller gets PROJECTION_LAGGING (retriable, HTTP 503 with Retry-After).
 */
export async function waitForPosition(progress: ProjectionProgress, position: LogPosition | null, maxWaitMs: number): Promise<void> {
  if (!position) return;
  const deadline = Date.now() + Math.max(0, maxWaitMs);
  let delay = 5;
  for (;;) {
    if (await progress.reached(position)) return;
    const left = deadline - Date.now();
    if (left <= 0) break;
    await sleep(Math.min(delay, left));
    delay = Math.min(delay * 2, 100);
  }
  throw new EngramError('PROJECTION_LAGGING', `the read side has not yet reached position ${formatPosition(position)}`, {
    details: { minPosition: formatPosition(position), waitedMs: maxWaitMs, retryAfterSeconds: 1 },
  });
}
