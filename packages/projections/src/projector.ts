import type { SqlExecutor, StoredEvent } from '@engram/core';
import type { ApplyOutcome } from './event-status';

/**
 * Builds one read model: applies one event inside the runner's transaction. It may say what the
 * event came to (applied, with its memory, or rejected with a reason): the runner records that as
 * the event's write status in the same transaction.
 */
export interface Projector {
  name: string;
  apply(tx: SqlExecutor, e: StoredEvent): Promise<ApplyOutcome | void>;
  /**
   * Applies a run of events (one partition, in offset order) with the same result as apply() on
   * each in turn, in fewer statements; one outcome per event. Without it the runner calls apply().
   */
  applyAll?(tx: SqlExecutor, events: readonly StoredEvent[]): Promise<Array<ApplyOutcome | void>>;
}

/** apply() on each event in turn: the meaning of applyAll(). */
export async function applyInTurn(
  projector: Pick<Projector, 'apply'>,
  tx: SqlExecutor,
  events: readonly StoredEvent[],
): Promise<Array<ApplyOutcome | void>> {
  const out: Array<ApplyOutcome | void> = [];
  for (const e of events) out.push(await projector.apply(tx, e));
  return out;
}
