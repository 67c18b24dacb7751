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
}
