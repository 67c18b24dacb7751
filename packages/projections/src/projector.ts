import type { SqlExecutor, StoredEvent } from '@engram/core';

/** Builds one read model: applies one event inside the runner's transaction. */
export interface Projector {
  name: string;
  apply(tx: SqlExecutor, e: StoredEvent): Promise<void>;
}

