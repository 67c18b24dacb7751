import { EngramError, type SqlDatabase, type SqlExecutor, type StoredEvent } from '@engram/core';
import { storableProblem } from './event-check';
import { recordOutcomes, type OutcomeRow } from './event-status';
import { applyInTurn, type Projector } from './projector';

/** An event the read side cannot store (refused by the contract's event check): dead-lettered without retries. */
export class UnstorableEvent extends Error {
  constructor(
    readonly stored: StoredEvent,
    readonly problem: EngramError,
  ) {
    super(problem.message);
    this.name = 'UnstorableEvent';
  }
}

export interface BatchOutcome {
  applied: number;
  /** Events below the checkpoint: already applied by an earlier delivery. */
  skipped: number;
}

function byPartition(batch: readonly StoredEvent[]): Array<[number, StoredEvent[]]> {
  const out = new Map<number, StoredEvent[]>();
  for (const e of batch) {
    const list = out.get(e.position.partition);
    if (list) list.push(e);
    else out.set(e.position.partition, [e]);
  }
  for (const list of out.values()) list.sort((a, b) => a.position.offset - b.position.offset);
  return [...out].sort(([a], [b]) => a - b);
}

/** One checkpoint move: from the value read under lock (null: no row yet) to next. */
interface CheckpointMove {
  projection: string;
  partition: number;
  read: number | null;
  next: number;
}

function checkpointMoved(moves: readonly CheckpointMove[]): EngramError {
  const m = moves[0]!;
  const which = moves.map((x) => `"${x.projection}" partition ${x.partition}`).join(', ');
  return new EngramError(
    'CONFLICT',
    `checkpoint of projection ${which} moved under us (read ${m.read ?? 'none'}): another instance is running`,
    {
      details: {
        projection: m.projection,
        partition: m.partition,
        read: m.read,
        next: m.next,
        reason: 'CHECKPOINT_MOVED',
      },
      // Another instance applied these events: redelivery skips them, so retrying is right.
      retriable: true,
    },
  );
}

/** Compare-and-set of several checkpoints in two statements at most; every one must move or the transaction fails. */
async function advanceCheckpoints(tx: SqlExecutor, moves: readonly CheckpointMove[]): Promise<void> {
  const inserts = moves.filter((m) => m.read === null);
  const updates = moves.filter((m) => m.read !== null);
  if (inserts.length > 0) {
    const r = await tx.query(
      `INSERT INTO projection_checkpoints (projection, partition, next_offset)
       SELECT * FROM unnest($1::text[], $2::int[], $3::bigint[]) ON CONFLICT DO NOTHING`,
      [inserts.map((m) => m.projection), inserts.map((m) => m.partition), inserts.map((m) => m.next)],
    );
    if (r.rowCount !== inserts.length) throw checkpointMoved(inserts);
  }
  if (updates.length > 0) {
    const r = await tx.query(
      `UPDATE projection_checkpoints c SET next_offset = v.next, updated_at = now()
         FROM unnest($1::text[], $2::int[], $3::bigint[], $4::bigint[]) AS v(projection, partition, read, next)
        WHERE c.projection = v.projection AND c.partition = v.partition AND c.next_offset = v.read`,
      [
        updates.map((m) => m.projection),
        updates.map((m) => m.partition),
        updates.map((m) => m.read),
        updates.map((m) => m.next),
      ],
    );
    if (r.rowCount !== updates.length) throw checkpointMoved(updates);
  }
}

export async function advanceCheckpoint(
  tx: SqlExecutor,
  projection: string,
  partition: number,
  read: number | null,
  next: number,
): Promise<void> {
  await advanceCheckpoints(tx, [{ projection, partition, read, next }]);
}

/**
 * Applies one delivered batch for one or several projectors that share a store, in ONE transaction:
 * the checkpoints of every (projector, partition) are locked in one statement; per projector and
 * partition, events below its checkpoint are skipped (at-least-once delivery made effectively-once)
 * and the rest applied in offset order; the write status of all of them is one upsert, and every
 * checkpoint advances only from the value it read (one compare-and-set statement). Projectors stay
 * independent: each keeps its own checkpoint rows, so any of them can run alone elsewhere. An event
 * the contract's check refuses fails the batch with UnstorableEvent before any statement touches it.
 */
export async function applyBatchTogether(
  db: SqlDatabase,
  projectors: readonly Projector[],
  batch: readonly StoredEvent[],
): Promise<BatchOutcome[]> {
  if (batch.length === 0) return projectors.map(() => ({ applied: 0, skipped: 0 }));
  const partitions = byPartition(batch);
  return db.transaction(async (tx) => {
    const r = await tx.query<{ projection: string; partition: number; next_offset: number }>(
      `SELECT projection, partition, next_offset FROM projection_checkpoints
        WHERE projection = ANY($1::text[]) AND partition = ANY($2::int[]) ORDER BY projection, partition FOR UPDATE`,
      [projectors.map((p) => p.name), partitions.map(([p]) => p)],
    );
    const read = new Map(
      r.rows.map((row) => [`${row.projection}\u0000${Number(row.partition)}`, Number(row.next_offset)]),
    );
    const outcomes: BatchOutcome[] = [];
    const status: OutcomeRow[] = [];
    const moves: CheckpointMove[] = [];
    for (const projector of projectors) {
      let applied = 0;
      let skipped = 0;
      for (const [partition, events] of partitions) {
        const from = read.get(`${projector.name}\u0000${partition}`) ?? null;
        let next = from ?? 0;
        const todo: StoredEvent[] = [];
        for (const e of events) {
          if (e.position.offset < next) continue;
          todo.push(e);
          next = e.position.offset + 1;
        }
        skipped += events.length - todo.length;
        for (const e of todo) {
          const problem = storableProblem(e);
          if (problem) throw new UnstorableEvent(e, problem);
        }
        if (todo.length === 0) continue;
        const out = projector.applyAll ? await projector.applyAll(tx, todo) : await applyInTurn(projector, tx, todo);
        todo.forEach((stored, i) => status.push({ projection: projector.name, stored, outcome: out[i] }));
        moves.push({ projection: projector.name, partition, read: from, next });
        applied += todo.length;
      }
      outcomes.push({ applied, skipped });
    }
    // Sent together (neither needs the other's answer): one round trip to the store, not two. The write
    // status's failure is the one reported: after it the checkpoint statement only fails as aborted.
    const [recorded, advanced] = await Promise.allSettled([recordOutcomes(tx, status), advanceCheckpoints(tx, moves)]);
    if (recorded.status === 'rejected') throw recorded.reason;
    if (advanced.status === 'rejected') throw advanced.reason;
    return outcomes;
  });
}

/** applyBatchTogether for one projector. */
export async function applyBatch(
  db: SqlDatabase,
  projector: Projector,
  batch: readonly StoredEvent[],
): Promise<BatchOutcome> {
  return (await applyBatchTogether(db, [projector], batch))[0]!;
}

/** Moves a projection's checkpoint past one event it will not apply (same compare-and-set as applyBatch); false if already past. */
export async function skipPast(tx: SqlExecutor, projection: string, stored: StoredEvent): Promise<boolean> {
  const { partition, offset } = stored.position;
  const r = await tx.query<{ next_offset: number }>(
    'SELECT next_offset FROM projection_checkpoints WHERE projection = $1 AND partition = $2 FOR UPDATE',
    [projection, partition],
  );
  const read = r.rows[0] ? Number(r.rows[0].next_offset) : null;
  if (read !== null && offset < read) return false;
  await advanceCheckpoint(tx, projection, partition, read, offset + 1);
  return true;
}
