import type { SqlDatabase, StoredEvent } from '@engram/core';
import { applyBatch, type Projector } from '../../src';

/** Applies events through the runner's batch path (checkpointed transaction), in batches. */
export async function applyEvents(
  db: SqlDatabase,
  projector: Projector,
  events: readonly StoredEvent[],
  batchSize = 5,
): Promise<void> {
  for (let i = 0; i < events.length; i += batchSize) await applyBatch(db, projector, events.slice(i, i + batchSize));
}
