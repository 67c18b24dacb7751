import {
  createSerialQueue,
  formatPosition,
  isTransient,
  readEventAt,
  silentLogger,
  toEngramError,
  type DeadLetter,
  type EventLog,
  type Logger,
  type SqlDatabase,
  type StoredEvent,
} from '@engram/core';
import { eventProblem } from '@engram/contract';
import { projectionGuard } from './projection-guard';
import { sqlDeadLetters } from './dead-letters';
import { recordOutcome } from './event-status';
import type { Projector } from './projector';

export interface StartProjectorOptions {
  log: EventLog;
  db: SqlDatabase;
  projector: Projector;
  batchSize?: number;
  logger?: Logger;
  /**
   * Ask the log to redeliver from the start (the checkpoint still skips what was applied). Default:
   * only when the projection has no checkpoint in SQL (a new or emptied read store is rebuilt from
   * the whole log even if the log's own consumer checkpoint is further on).
   */
  fromBeginning?: boolean;
  /** How often dead letters marked for retry are applied again (default 2 s; 0 = only on retryNow()). */
  retryPollMs?: number;
  /**
   * Called after events were committed (a batch, or a dead letter applied on retry), before the
   * next batch: in-process state kept from the read model (the write precheck index) follows it.
   */
  afterCommit?(events: readonly StoredEvent[]): Promise<void>;
}

/** What a running projector is doing, for /readyz. */
export interface ProjectorStatus {
  name: string;
  /** Replaying from the start (no checkpoint) and not yet at the head it saw when it started. */
  rebuilding: boolean;
  /** Set while batches keep failing transiently (the store or the log is down). */
  failingSince: string | null;
  lastError: string | null;
  deadLettered: number;
}

export interface RunningProjector {
  readonly name: string;
  status(): ProjectorStatus;
  /** Applies the dead letters marked for retry now; resolves with how many were applied. */
  retryNow(): Promise<number>;
  close(): Promise<void>;
}

export function consumerNameOf(projector: Pick<Projector, 'name'>): string {
  return `projector-${projector.name}`;
}

async function checkpoints(db: SqlDatabase, projection: string): Promise<Map<number, number>> {
  const r = await db.query<{ partition: number; next_offset: number }>(
    'SELECT partition, next_offset FROM projection_checkpoints WHERE projection = $1',
    [projection],
  );
  return new Map(r.rows.map((row) => [Number(row.partition), Number(row.next_offset)]));
}

/**
 * A checkpoint beyond the log's end means the log lost records these read models were built from
 * (a repair cut acknowledged data, or a different log): new events would reuse those positions and
 * be skipped as "already applied". Refuse rather than silently lose them.
 */
function assertWithinLog(projection: string, cps: Map<number, number>, head: Map<number, number>): void {
  for (const [partition, next] of cps) {
    const end = head.get(partition) ?? 0;
    if (next > end) {
      throw toEngramError(
        new Error(
          `projection "${projection}" has applied partition ${partition} up to offset ${next} but the log ends at ${end}: the log lost records its read model holds. ` +
            'Rebuild the read models from the log (engram replay) before starting.',
        ),
        'LOG_CORRUPT',
      );
    }
  }
}

/**
 * Refreshes planner statistics as a projection grows (after 1k, 2k, 4k, … applied events). PGlite
 * has no autovacuum: without statistics the planner picks the (tenant, user, tier) index for the
 * content-hash and key lookups and scans every entry of the user, so each write gets slower as the
 * user's memory grows. On a PostgreSQL server this only runs ANALYZE a few extra times.
 */
function statisticsRefresher(db: SqlDatabase, logger: Logger, name: string): (applied: number) => Promise<void> {
  let total = 0;
  let nextAt = 1000;
  return async (applied) => {
    total += applied;
    if (total < nextAt) return;
    nextAt = total * 2;
    try {
      await db.query('ANALYZE');
    } catch (err) {
      logger.error({ err, projector: name }, 'ANALYZE failed; queries may use worse plans');
    }
  };
}

/**
 * Runs a projector on the log (L2, L8). Batches are applied in one transaction each; an event that
 * cannot be applied after bounded retries is dead-lettered for this projection (in the transaction
 * that moves the checkpoint past it) and the projection goes on. Store and log outages are retried
 * until they heal. Dead letters marked for retry are applied again in the same serial order.
 */
export async function startProjector(opts: StartProjectorOptions): Promise<RunningProjector> {
  const { log, db, projector } = opts;
  const logger = opts.logger ?? silentLogger;
  const name = projector.name;
  const [cps, startHead] = await Promise.all([checkpoints(db, name), log.head()]);
  assertWithinLog(name, cps, startHead);
  const fromBeginning = opts.fromBeginning ?? cps.size === 0;
  const refreshStatistics = statisticsRefresher(db, logger, name);
  const deadLetters = sqlDeadLetters(db);
  const serial = createSerialQueue();
  const state: ProjectorStatus = {
    name,
    rebuilding: fromBeginning && [...startHead.values()].some((h) => h > 0),
    failingSince: null,
    lastError: null,
    deadLettered: 0,
  };
  const reached = new Map<number, number>();
  const afterCommit = async (events: readonly StoredEvent[]) => {
    try {
      await opts.afterCommit?.(events);
    } catch (err) {
      logger.error({ err, projector: name }, 'after-commit hook failed');
    }
  };

  const guard = projectionGuard(db, projector, logger, {
    onApplied: async (outcome) => {
      if (outcome.skipped > 0) logger.info({ projector: name, ...outcome }, 'skipped events already applied');
      await refreshStatistics(outcome.applied);
    },
    onDeadLetter: () => void state.deadLettered++,
  });

  const noteProgress = (batch: readonly StoredEvent[]) => {
    for (const s of batch)
      reached.set(s.position.partition, Math.max(reached.get(s.position.partition) ?? 0, s.position.offset + 1));
    if (state.rebuilding && [...startHead].every(([p, h]) => (reached.get(p) ?? 0) >= h)) {
      state.rebuilding = false;
      logger.info({ projector: name }, 'projection rebuilt up to the head it started at');
    }
  };

  const handle = (batch: StoredEvent[]) =>
    serial.run(async () => {
      try {
        await guard.apply(batch);
      } catch (err) {
        const first = batch[0];
        const last = batch[batch.length - 1];
        state.failingSince ??= new Date().toISOString();
        state.lastError = toEngramError(err).message;
        logger.error(
          {
            err,
            projector: name,
            from: first && formatPosition(first.position),
            to: last && formatPosition(last.position),
            transient: isTransient(err),
          },
          'projector batch failed; the log will redeliver it',
        );
        // Some of its events may have been committed one at a time before the failure.
        await afterCommit(batch);
        throw err;
      }
      state.failingSince = null;
      state.lastError = null;
      await afterCommit(batch);
      noteProgress(batch);
    });

  const retryOne = async (dl: DeadLetter): Promise<boolean> => {
    try {
      const stored = await readEventAt(log, dl.position);
      const problem = eventProblem(stored.event);
      if (problem) throw problem;
      await db.transaction(async (tx) => {
        const outcome = await projector.apply(tx, stored);
        if (outcome) await recordOutcome(tx, name, stored, outcome);
        await tx.query('DELETE FROM dead_letters WHERE id = $1::uuid', [dl.id]);
      });
      await afterCommit([stored]);
      logger.info(
        { projector: name, position: formatPosition(dl.position), eventId: dl.eventId },
        'dead letter applied on retry',
      );
      return true;
    } catch (err) {
      const e = toEngramError(err);
      await deadLetters.failedAgain(dl.id, e.code, e.message);
      logger.warn(
        { projector: name, position: formatPosition(dl.position), eventId: dl.eventId, code: e.code, err: e.message },
        'dead letter failed again on retry',
      );
      return false;
    }
  };

  const retryNow = () =>
    serial.run(async () => {
      let applied = 0;
      for (const dl of await deadLetters.retryRequested(name, 100)) if (await retryOne(dl)) applied++;
      return applied;
    });

  const subscription = await log.subscribe(handle, {
    name: consumerNameOf(projector),
    ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
    ...(fromBeginning ? { fromBeginning: true } : {}),
  });
  const pollMs = opts.retryPollMs ?? 2000;
  const timer =
    pollMs > 0
      ? setInterval(() => {
          retryNow().catch((err: unknown) =>
            logger.warn({ projector: name, err: toEngramError(err).message }, 'dead-letter retry pass failed'),
          );
        }, pollMs)
      : null;
  timer?.unref();
  return {
    name,
    status: () => ({ ...state }),
    retryNow,
    async close() {
      if (timer) clearInterval(timer);
      await subscription.close();
      await serial.idle();
    },
  };
}
