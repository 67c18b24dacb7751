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
import { projectionGroupGuard } from './projection-guard';
import { sqlDeadLetters } from './dead-letters';
import { recordOutcome } from './event-status';
import type { Projector } from './projector';
import { PROJECTION_TABLES, type ProjectionName } from './projection-names';

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
 * user's memory grows. On a PostgreSQL server this only runs ANALYZE a few extra times. Only the
 * tables the projectors write: a bare ANALYZE also samples every system catalog, on PGlite ≈ 5× the
 * CPU of these tables' own at 1.5k memories (104 against 22 ms), on the projectors' connection.
 */
export function statisticsRefresher(
  db: SqlDatabase,
  logger: Logger,
  names: readonly string[],
): (applied: number) => Promise<void> {
  // A projector this package does not know (tests, outside projectors): its tables are unknown.
  const tables = names.every((n) => Object.hasOwn(PROJECTION_TABLES, n))
    ? [...names.flatMap((n) => PROJECTION_TABLES[n as ProjectionName]), 'event_status']
    : [];
  const sql = tables.length > 0 ? `ANALYZE ${tables.join(', ')}` : 'ANALYZE';
  let total = 0;
  let nextAt = 1000;
  return async (applied) => {
    total += applied;
    if (total < nextAt) return;
    nextAt = total * 2;
    try {
      await db.query(sql);
    } catch (err) {
      logger.error({ err, projector: names.join('+') }, 'ANALYZE failed; queries may use worse plans');
    }
  };
}

export interface StartProjectorGroupOptions extends Omit<StartProjectorOptions, 'projector' | 'afterCommit'> {
  /** Projectors sharing this store in this process: one log subscription, one transaction a batch. */
  projectors: readonly Projector[];
  /** Per projector (by name): called after its events were committed, before the next batch. */
  afterCommit?: Readonly<Record<string, (events: readonly StoredEvent[]) => Promise<void>>>;
}

/** The log consumer of a group: a lone projector keeps its own name (the separate projector services). */
export function groupConsumerName(projectors: readonly Pick<Projector, 'name'>[]): string {
  return `projector-${projectors.map((p) => p.name).join('+')}`;
}

/**
 * Runs a projector on the log (L2, L8). Batches are applied in one transaction each; an event that
 * cannot be applied after bounded retries is dead-lettered for this projection (in the transaction
 * that moves the checkpoint past it) and the projection goes on. Store and log outages are retried
 * until they heal. Dead letters marked for retry are applied again in the same serial order.
 */
export async function startProjector(opts: StartProjectorOptions): Promise<RunningProjector> {
  const { projector, afterCommit, ...rest } = opts;
  const [only] = await startProjectorGroup({
    ...rest,
    projectors: [projector],
    ...(afterCommit ? { afterCommit: { [projector.name]: afterCommit } } : {}),
  });
  return only!;
}

interface Member {
  projector: Projector;
  state: ProjectorStatus;
  afterCommit(events: readonly StoredEvent[]): Promise<void>;
}

/**
 * startProjector for several SQL projectors that share the store in one process (the all-in-one):
 * one log subscription delivers each batch to all of them and they apply it in ONE transaction, each
 * with its own checkpoint compare-and-set, write status and dead letters (projectionGroupGuard), so
 * any of them can still run alone as its own service. Each member reports its own status.
 */
export async function startProjectorGroup(opts: StartProjectorGroupOptions): Promise<RunningProjector[]> {
  const { log, db, projectors } = opts;
  if (projectors.length === 0) return [];
  const logger = opts.logger ?? silentLogger;
  const names = projectors.map((p) => p.name);
  const startHead = await log.head();
  const cps = await Promise.all(projectors.map((p) => checkpoints(db, p.name)));
  projectors.forEach((p, i) => assertWithinLog(p.name, cps[i]!, startHead));
  const fromBeginning = opts.fromBeginning ?? cps.some((c) => c.size === 0);
  const refreshStatistics = statisticsRefresher(db, logger, names);
  const deadLetters = sqlDeadLetters(db);
  const serial = createSerialQueue();
  const members: Member[] = projectors.map((projector, i) => {
    const hook = opts.afterCommit?.[projector.name];
    return {
      projector,
      state: {
        name: projector.name,
        rebuilding: (opts.fromBeginning ?? cps[i]!.size === 0) && [...startHead.values()].some((h) => h > 0),
        failingSince: null,
        lastError: null,
        deadLettered: 0,
      },
      afterCommit: async (events) => {
        try {
          await hook?.(events);
        } catch (err) {
          logger.error({ err, projector: projector.name }, 'after-commit hook failed');
        }
      },
    };
  });
  const byName = new Map(members.map((m) => [m.projector.name, m]));
  const reached = new Map<number, number>();

  let appliedInBatch = 0;
  const guard = projectionGroupGuard(db, projectors, logger, (p) => ({
    onApplied: (outcome) => {
      if (outcome.skipped > 0) logger.info({ projector: p.name, ...outcome }, 'skipped events already applied');
      appliedInBatch = Math.max(appliedInBatch, outcome.applied);
    },
    onDeadLetter: () => void byName.get(p.name)!.state.deadLettered++,
  }));

  const noteProgress = (batch: readonly StoredEvent[]) => {
    for (const s of batch)
      reached.set(s.position.partition, Math.max(reached.get(s.position.partition) ?? 0, s.position.offset + 1));
    const done = [...startHead].every(([p, h]) => (reached.get(p) ?? 0) >= h);
    for (const m of members) {
      if (!m.state.rebuilding || !done) continue;
      m.state.rebuilding = false;
      logger.info({ projector: m.projector.name }, 'projection rebuilt up to the head it started at');
    }
  };

  const handle = (batch: StoredEvent[]) =>
    serial.run(async () => {
      appliedInBatch = 0;
      try {
        await guard.apply(batch);
      } catch (err) {
        const first = batch[0];
        const last = batch[batch.length - 1];
        const failingSince = new Date().toISOString();
        for (const m of members) {
          m.state.failingSince ??= failingSince;
          m.state.lastError = toEngramError(err).message;
        }
        logger.error(
          {
            err,
            projector: names.join('+'),
            from: first && formatPosition(first.position),
            to: last && formatPosition(last.position),
            transient: isTransient(err),
          },
          'projector batch failed; the log will redeliver it',
        );
        // Some of its events may have been committed one at a time before the failure.
        for (const m of members) await m.afterCommit(batch);
        throw err;
      }
      for (const m of members) {
        m.state.failingSince = null;
        m.state.lastError = null;
      }
      await refreshStatistics(appliedInBatch);
      for (const m of members) await m.afterCommit(batch);
      noteProgress(batch);
    });

  const retryOne = async (m: Member, dl: DeadLetter): Promise<boolean> => {
    const name = m.projector.name;
    try {
      const stored = await readEventAt(log, dl.position);
      const problem = eventProblem(stored.event);
      if (problem) throw problem;
      await db.transaction(async (tx) => {
        const outcome = await m.projector.apply(tx, stored);
        if (outcome) await recordOutcome(tx, name, stored, outcome);
        await tx.query('DELETE FROM dead_letters WHERE id = $1::uuid', [dl.id]);
      });
      await m.afterCommit([stored]);
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

  const retryMember = (m: Member) =>
    serial.run(async () => {
      let applied = 0;
      for (const dl of await deadLetters.retryRequested(m.projector.name, 100)) if (await retryOne(m, dl)) applied++;
      return applied;
    });

  const subscription = await log.subscribe(handle, {
    name: groupConsumerName(projectors),
    ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
    ...(fromBeginning ? { fromBeginning: true } : {}),
  });
  const pollMs = opts.retryPollMs ?? 2000;
  const timer =
    pollMs > 0
      ? setInterval(() => {
          for (const m of members)
            retryMember(m).catch((err: unknown) =>
              logger.warn(
                { projector: m.projector.name, err: toEngramError(err).message },
                'dead-letter retry pass failed',
              ),
            );
        }, pollMs)
      : null;
  timer?.unref();
  let closing: Promise<void> | null = null;
  const close = () =>
    (closing ??= (async () => {
      if (timer) clearInterval(timer);
      await subscription.close();
      await serial.idle();
    })());
  return members.map((m) => ({
    name: m.projector.name,
    status: () => ({ ...m.state }),
    retryNow: () => retryMember(m),
    close,
  }));
}
