import type { DocRegistryJson } from './doc-registry';
import type { TurnWindowsJson } from './turn-windows';
import type { VectorItem } from './vector-lane';

/** An index that can persist itself with a checkpoint (the local adapters). */
export interface Snapshottable {
  snapshot(checkpoint: unknown): Promise<void>;
  /** The index serialised now; the call returned writes it (the local text index: its lock covers only this). */
  captureSnapshot?(checkpoint: unknown): () => Promise<void>;
  loadedCheckpoint(): unknown;
}

export function isSnapshottable(x: unknown): x is Snapshottable {
  return (
    typeof (x as Snapshottable).snapshot === 'function' && typeof (x as Snapshottable).loadedCheckpoint === 'function'
  );
}

/** Saved with every index snapshot: the log position it covers and the projector's own state at that position. */
export interface SearchIndexCheckpoint {
  /** 2: documents indexed with their conversation window (a v1 index is rebuilt from the log). */
  v: 2;
  /** Embedder the vectors were made with; a different one on start means replay from the beginning. */
  modelId: string;
  /** Next offset to apply, per partition. */
  next: Record<string, number>;
  registry: DocRegistryJson;
  /** The last turn of each open session (TurnWindows). */
  windows: TurnWindowsJson;
  /** Work the vector half had not done at `next`, oldest first (absent in snapshots from before the split: none). */
  vectorBacklog?: VectorItem[];
}

export function isCheckpoint(x: unknown): x is SearchIndexCheckpoint {
  const c = x as SearchIndexCheckpoint | null;
  return (
    !!c &&
    c.v === 2 &&
    Array.isArray(c.windows) &&
    typeof c.modelId === 'string' &&
    typeof c.next === 'object' &&
    typeof c.registry === 'object'
  );
}
