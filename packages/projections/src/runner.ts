import { EngramError, formatPosition, type EventLog, type Logger, type SqlDatabase, type SqlExecutor, type StoredEvent } from '@engram/core';
import type { Projector } from './projector';

export interface BatchOutcome {
  applied: number;
  /** Events below the checkpoint: already applied by an earlier delivery. */
  skipped: number;
}

function byPartition(batch: readonly StoredEvent[]): Map<number, StoredEvent[]> {
  const out = new Map<number, StoredEvent[]>();
  for (const e of batch) {
    const list = out.get(e.position.partition);
    if (list) list.push(e);
    else out.set(e.position.partition, [e]);
  }
  for (const list of out.values()) list.sort((a, b) => a.position.offset - b.position.offset);
  return out;
}

async function advanceCheckpoint(tx: SqlExecutor, projection: string, partition: number, read: number | null, next: number): Promise<void> {
  const r =
    read === null
      ? await tx.query('INSERT INTO projection_checkpoints (projection, partition, next_offset) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING', [projection, partition, next])
      : await tx.query('UPDATE projection_checkpoints SET next_offset = $4, updated_at = now() WHERE projection = $1 AND partition = $2 AND next_offset = $3', [projection, partition, read, next]);
  if (r.rowCount !== 1) {
    throw new EngramError('CONFLICT', `checkpoint of projection "${projection}" partition ${partition} moved under us (read ${read ?? 'none'}): another instance is running`, {
      details: { projection, partition, read, next },
    });
  }
}

/**
 * Applies one delivered batch in ONE transaction: per partition, locks the checkpoint, skips events
 * below it (at-least-once delivery made effectively-once), applies the rest and advances the
 * checkpoint only from the value it read.
 */
export async function applyBatch(db: SqlDatabase, projector: Projector, batch: readonly StoredEvent[]): Promise<BatchOutcome> {
  if (batch.length === 0) return { applied: 0, skipped: 0 };
  const partitions = [...byPartition(batch)].sort(([a], [b]) => a - b);
  return db.transaction(async (tx) => {
    let applied = 0;
    let skipped = 0;
    for (const [partition, events] of partitions) {
      const r = await tx.query<{ next_offset: number }>(
        'SELECT next_offset FROM projection_checkpoints WHERE projection = $1 AND partition = $2 FOR UPDATE',
        [projector.name, partition],
      );
      const read = r.rows[0] ? Number(r.rows[0].next_offset) : null;
      let next = read ?? 0;
      let appliedHere = 0;
      for (const e of events) {
        if (e.position.offset < next) {
          skipped++;
          continue;
        }
        await projector.apply(tx, e);
        next = e.position.offset + 1;
        appliedHere++;
      }
      if (appliedHere > 0) await advanceCheckpoint(tx, projector.name, partition, read, next);
      applied += appliedHere;
    }
    return { applied, skipped };
  });
}

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
}

export interface RunningProjector {
  readonly name: string;
  close(): Promise<void>;
}

export function consumerNameOf(projector: Pick<Projector, 'name'>): string {
  return `projector-${projector.name}`;
}

async function hasCheckpoint(db: SqlDatabase, projection: string): Promise<boolean> {
  const r = await db.query('SELECT 1 FROM projection_checkpoints WHERE projection = $1 LIMIT 1', [projection]);
  return r.rows.length > 0;
}

/**
 * Refreshes planner statistics as a projection grows (after 1k, 2k, 4k, … applied events). PGlite
 * has no autovacuum: without statistics the planner picks the (tenant, user, tier) index for the
 * content-hash and key lookups and scans every entry of the user, so each write gets slower as the
 * user's memory grows. On a PostgreSQL server this only runs ANALYZE a few extra times.
 */
function statisticsRefresher(db: SqlDatabase, logger: Logger | undefined, name: string): (applied: number) => Promise<void> {
  let total = 0;
  let nextAt = 1000;
  return async (applied) => {
    total += applied;
    if (total < nextAt) return;
    nextAt = total * 2;
    try {
      await db.query('ANALYZE');
    } catch (err) {
      logger?.error({ err, projector: name }, 'ANALYZE failed; queries may use worse plans');
    }
  };
}

export async function startProjector(opts: StartProjectorOptions): Promise<RunningProjector> {
  const { log, db, projector, logger } = opts;
  const fromBeginning = opts.fromBeginning ?? !(await hasCheckpoint(db, projector.name));
  const refreshStatistics = statisticsRefresher(db, logger, projector.name);
  const subscription = await log.subscribe(
    async (batch) => {
      try {
        const outcome = await applyBatch(db, projector, batch);
        if (outcome.skipped > 0) logger?.info({ projector: projector.name, ...outcome }, 'skipped events already applied');
        await refreshStatistics(outcome.applied);
      } catch (err) {
        const first = batch[0];
        const last = batch[batch.length - 1];
        logger?.error(
          { err, projector: projector.name, from: first && formatPosition(first.position), to: last && formatPosition(last.position) },
          'projector batch failed; the log will redeliver it',
        );
        throw err;
      }
    },
    {
      name: consumerNameOf(projector),
      ...(opts.batchSize !== undefined ? { batchSize: opts.batchSize } : {}),
      ...(fromBeginning ? { fromBeginning: true } : {}),
    },
  );
  return { name: projector.name, close: () => subscription.close() };
}
