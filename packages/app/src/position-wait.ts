import { EngramError, formatPosition, pollUntil } from '@engram/core';
import type { EventLog, LogPosition, ProjectionProgress } from '@engram/core';

export interface PositionWaitDeps {
  log: Pick<EventLog, 'head'>;
  progress: ProjectionProgress;
  config: { minPositionWaitMs: number };
}

/**
 * Read-your-writes: waits (bounded) until the read side has applied `position`. A position the log
 * has not reached (a partition it lacks, an offset at or past its head) can never be applied: it is
 * refused at once with VALIDATION_FAILED. On timeout the caller gets PROJECTION_LAGGING (retriable,
 * HTTP 503 with Retry-After).
 */
export async function waitForPosition(deps: PositionWaitDeps, position: LogPosition | null): Promise<void> {
  if (!position) return;
  if (await deps.progress.reached(position)) return;
  const head = await deps.log.head();
  const end = head.get(position.partition);
  if (end === undefined || position.offset >= end) {
    throw new EngramError(
      'VALIDATION_FAILED',
      `minPosition: ${formatPosition(position)} is beyond the log (${end === undefined ? `no partition ${position.partition}` : `partition ${position.partition} ends at ${end}`})`,
      { details: { field: 'minPosition', head: Object.fromEntries(head) } },
    );
  }
  const maxWaitMs = deps.config.minPositionWaitMs;
  if (
    await pollUntil(() => deps.progress.reached(position), {
      backoff: { initialMs: 5, maxMs: 100 },
      timeoutMs: maxWaitMs,
    })
  )
    return;
  throw new EngramError(
    'PROJECTION_LAGGING',
    `the read side has not yet reached position ${formatPosition(position)}`,
    {
      details: { minPosition: formatPosition(position), waitedMs: maxWaitMs, retryAfterSeconds: 1 },
    },
  );
}
