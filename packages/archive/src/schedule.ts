import { pollUntil, type EventLog, type Logger, type SqlDatabase } from '@engram/core';
import { PROJECTION_NAMES, sqlProjectionProgress } from '@engram/projections';
import { runColdArchive } from './cold-archive';

/** When the daily cold archive runs (local time) and what it archives (`archive` in the config). */
export interface ArchiveSchedule {
  hour: number;
  minute: number;
  days: number;
}

/** The next local HH:MM strictly after `from`. */
export function nextRunAfter(from: Date, s: Pick<ArchiveSchedule, 'hour' | 'minute'>): Date {
  const next = new Date(from);
  next.setHours(s.hour, s.minute, 0, 0);
  if (next <= from) next.setDate(next.getDate() + 1);
  return next;
}

export interface ArchiveScheduleDeps {
  db: SqlDatabase;
  log: EventLog;
  dataDir: string;
  logger: Logger;
}

/** How long a scheduled run waits for the live projections to reach the log head before it runs anyway. */
const CATCH_UP_WAIT_MS = 600_000;

/**
 * A1's daily job inside the all-in-one: at the configured local time it runs the cold archive on the
 * service's own log and read store (projections are live, so it waits until they reached the head).
 */
export function startArchiveSchedule(deps: ArchiveScheduleDeps, s: ArchiveSchedule): { close(): Promise<void> } {
  const { logger } = deps;
  let timer: NodeJS.Timeout | null = null;
  let running: Promise<void> = Promise.resolve();
  const closing = new AbortController();
  const progress = sqlProjectionProgress(deps.db, [...PROJECTION_NAMES]);

  const runOnce = async () => {
    const head = await deps.log.head();
    for (const [partition, next] of head) {
      if (next === 0) continue;
      const reached = await pollUntil(() => progress.reached({ partition, offset: next - 1 }), {
        backoff: { initialMs: 100, maxMs: 1000 },
        timeoutMs: CATCH_UP_WAIT_MS,
        signal: closing.signal,
      });
      if (!reached && !closing.signal.aborted)
        logger.warn(
          { partition, offset: next - 1 },
          'cold archive: projections still behind the log head; archiving what they have',
        );
    }
    if (closing.signal.aborted) return;
    const out = await runColdArchive(
      { db: deps.db, log: deps.log, dataDir: deps.dataDir },
      { days: s.days, now: new Date() },
    );
    logger.info({ ...out }, 'cold archive done');
  };
  const arm = () => {
    if (closing.signal.aborted) return;
    const at = nextRunAfter(new Date(), s);
    timer = setTimeout(() => {
      running = runOnce()
        .catch((err: unknown) => logger.error({ err }, 'cold archive failed; it runs again at the next scheduled time'))
        .finally(arm);
    }, at.getTime() - Date.now());
    timer.unref();
    logger.info({ next: at.toISOString(), archiveDays: s.days }, 'cold archive scheduled');
  };
  arm();
  return {
    async close() {
      closing.abort();
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}
