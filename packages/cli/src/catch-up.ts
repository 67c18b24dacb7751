import { silentLogger, type EventLog, type Logger, type SqlDatabase, type StoredEvent } from '@engram/core';
import { projectionGroupGuard, statisticsRefresher, storableProblem, type Projector } from '@engram/projections';
import { throwIfAborted } from './interrupt';

export interface CatchUpOptions {
  /** Inclusive start per partition (default: each projector's checkpoint decides what to skip). */
  from?: Map<number, number>;
  /** Exclusive end per partition (default: the head when the call starts). */
  to?: Map<number, number>;
  batchSize?: number;
  signal?: AbortSignal;
  onBatch?: (applied: number) => void;
  /** Where dead-lettered events are reported (they are recorded in dead_letters either way). */
  logger?: Logger;
}

function minCheckpoint(
  rows: Array<{ partition: number; next_offset: number }>,
  projections: number,
): Map<number, number> {
  const byPartition = new Map<number, number[]>();
  for (const r of rows) byPartition.set(r.partition, [...(byPartition.get(r.partition) ?? []), Number(r.next_offset)]);
  const out = new Map<number, number>();
  // A projection without a row for a partition starts that partition at 0.
  for (const [p, list] of byPartition) out.set(p, list.length < projections ? 0 : Math.min(...list));
  return out;
}

/**
 * Applies the log to SQL projectors up to a head, batch by batch through the same guard as the live
 * runner (one transaction per batch, checkpoints respected, an event that cannot be applied
 * dead-lettered), without a log subscription: offline commands and replay use it so they never move
 * the service's consumer checkpoints.
 */
export async function catchUpProjectors(
  log: EventLog,
  db: SqlDatabase,
  projectors: readonly Projector[],
  opts: CatchUpOptions = {},
): Promise<number> {
  const to = opts.to ?? (await log.head());
  const batchSize = opts.batchSize ?? 500;
  let from = opts.from;
  if (!from) {
    const r = await db.query<{ partition: number; next_offset: number }>(
      'SELECT partition, next_offset FROM projection_checkpoints WHERE projection = ANY($1::text[])',
      [projectors.map((p) => p.name)],
    );
    from = minCheckpoint(r.rows, projectors.length);
  }
  // Projectors sharing the store apply each batch in one transaction (each with its own checkpoint).
  const logger = opts.logger ?? silentLogger;
  const guard = projectionGroupGuard(db, projectors, logger);
  // As the live runner does: a freshly built table (a replay's shadow, an import's first catch-up)
  // has no statistics, and the planner then scans every entry of the user for each dedup probe.
  const refreshStatistics = statisticsRefresher(
    db,
    logger,
    projectors.map((p) => p.name),
  );
  const pending = new Set([...to].filter(([p, h]) => h > (from!.get(p) ?? 0)).map(([p]) => p));
  if (pending.size === 0) return 0;
  const events = log.read({ from })[Symbol.asyncIterator]();
  const nextBatch = async (): Promise<StoredEvent[]> => {
    const batch: StoredEvent[] = [];
    while (pending.size > 0 && batch.length < batchSize) {
      const r = await events.next();
      if (r.done) break;
      const { partition, offset } = r.value.position;
      if (offset >= (to.get(partition) ?? 0)) pending.delete(partition);
      else {
        // The contract's check (remembered per event) runs here, while the store applies the previous batch.
        storableProblem(r.value);
        batch.push(r.value);
      }
    }
    return batch;
  };
  let total = 0;
  // The next batch is read and decoded while the store applies this one.
  let next = nextBatch();
  try {
    for (let batch = await next; batch.length > 0; batch = await next) {
      next = nextBatch();
      await guard.apply(batch);
      await refreshStatistics(batch.length);
      total += batch.length;
      opts.onBatch?.(batch.length);
      if (opts.signal) throwIfAborted(opts.signal, 'catch-up');
    }
  } finally {
    await next.catch(() => undefined);
    await events.return?.();
  }
  return total;
}
