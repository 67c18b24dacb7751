import { eventProblem } from '@engram/contract';
import { EngramError, type SqlDatabase, type SqlExecutor, type StoredEvent } from '@engram/core';
import { recordOutcomes } from './event-status';
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

export async function advanceCheckpoint(
  tx: SqlExecutor,
  projection: string,
  partition: number,
  read: number | null,
  next: number,
): Promise<void> {
  const r =
    read === null
      ? await tx.query(
          'INSERT INTO projection_checkpoints (projection, partition, next_offset) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING',
          [projection, partition, next],
        )
      : await tx.query(
          'UPDATE projection_checkpoints SET next_offset = $4, updated_at = now() WHERE projection = $1 AND partition = $2 AND next_offset = $3',
          [projection, partition, read, next],
        );
  if (r.rowCount !== 1) {
    throw new EngramError(
      'CONFLICT',
      `checkpoint of projection "${projection}" partition ${partition} moved under us (read ${read ?? 'none'}): another instance is running`,
      {
        details: { projection, partition, read, next, reason: 'CHECKPOINT_MOVED' },
        // Another instance applied these events: redelivery skips them, so retrying is right.
        retriable: true,
      },
    );
  }
}

/**
 * Applies one delivered batch in ONE transaction: per partition, locks the checkpoint, skips events
 * below it (at-least-once delivery made effectively-once), applies the rest and advances the
 * checkpoint only from the value it read. An event the contract's check refuses fails the batch
 * with UnstorableEvent before any statement touches it.
 */
export async function applyBatch(
  db: SqlDatabase,
  projector: Projector,
  batch: readonly StoredEvent[],
): Promise<BatchOutcome> {
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
      const todo: StoredEvent[] = [];
      for (const e of events) {
        if (e.position.offset < next) continue;
        todo.push(e);
        next = e.position.offset + 1;
      }
      skipped += events.length - todo.length;
      for (const e of todo) {
        const problem = eventProblem(e.event);
        if (problem) throw new UnstorableEvent(e, problem);
      }
      if (todo.length === 0) continue;
      const outcomes = projector.applyAll ? await projector.applyAll(tx, todo) : await applyInTurn(projector, tx, todo);
      await recordOutcomes(
        tx,
        projector.name,
        todo.map((e, i) => [e, outcomes[i]] as const),
      );
      await advanceCheckpoint(tx, projector.name, partition, read, next);
      applied += todo.length;
    }
    return { applied, skipped };
  });
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
