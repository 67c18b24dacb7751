import { join } from 'node:path';
import { EngramError, type Embedder, type EventLog, type TextIndex, type VectorIndex } from '@engram/core';
import type { EngramConfig } from '@engram/runtime';
import { readJsonIfExists, writeFileDurably } from '@engram/archive';
import type { CliIo } from '../io';
import { sleep, throwIfAborted } from '../interrupt';
import { createProgress } from '../progress';
import { documentsFromLog } from './doc-source';

export interface ReembedOptions {
  batchSize: number;
  /** Documents per second at most (0 = no limit). */
  rate: number;
  /** How often the vector index is made durable (and the progress file written). */
  checkpointEveryMs: number;
}

export interface ReembedProgressFile {
  modelId: string;
  startedAt: string;
  updatedAt: string;
  /** Documents re-embedded (or dropped as erased) under this model, over every run. */
  done: number;
  /** done + what was still stale when the last run started. */
  total: number;
  finished: boolean;
}

export interface ReembedOutcome {
  modelId: string;
  stale: number;
  reembedded: number;
  dropped: number;
  doneOverall: number;
}

interface Snapshottable {
  snapshot(cp: unknown): Promise<void>;
  loadedCheckpoint(): unknown;
}
const snapshottable = (x: unknown): x is Snapshottable => typeof (x as Snapshottable).snapshot === 'function';

export function reembedProgressPath(cfg: Readonly<EngramConfig>): string {
  return join(cfg.dataDir, 'reembed-progress.json');
}

/** Every stale id at once: the local index lists them from memory; remote ones are paged by the port. */
const ALL = 1_000_000_000;

/**
 * E1: re-embeds the documents whose vectors were made by another model, in rate-limited batches.
 * The vector index is snapshotted every checkpointEveryMs with the progress file written after it,
 * so a killed run loses at most that window and a rerun finds only the remaining stale ids. When
 * none are left, both index snapshots are re-stamped with the new model id, so the search-index
 * projector resumes from its position instead of rebuilding everything.
 */
export async function reembed(
  cfg: Readonly<EngramConfig>,
  log: EventLog,
  indexes: { text: TextIndex; vectors: VectorIndex },
  embedder: Embedder,
  opts: ReembedOptions,
  io: CliIo,
): Promise<ReembedOutcome> {
  const { vectors, text } = indexes;
  const modelId = embedder.modelId;
  const path = reembedProgressPath(cfg);
  const stale = await vectors.staleIds(modelId, ALL);
  const prior = await readJsonIfExists<ReembedProgressFile>(path);
  const now = new Date().toISOString();
  const state: ReembedProgressFile =
    prior && prior.modelId === modelId && !prior.finished
      ? { ...prior, total: prior.done + stale.length, updatedAt: now }
      : { modelId, startedAt: now, updatedAt: now, done: 0, total: stale.length, finished: false };

  const out: ReembedOutcome = { modelId, stale: stale.length, reembedded: 0, dropped: 0, doneOverall: state.done };
  const progress = createProgress(io, 'reembed', state.total);
  progress.update(state.done);

  const persist = async (finished: boolean) => {
    if (snapshottable(vectors)) await vectors.snapshot(vectors.loadedCheckpoint());
    state.done = out.doneOverall;
    state.updatedAt = new Date().toISOString();
    state.finished = finished;
    await writeFileDurably(path, JSON.stringify(state, null, 2));
  };

  if (stale.length > 0) {
    const docs = await documentsFromLog(log, new Set(stale), io.signal);
    let lastPersist = Date.now();
    const started = Date.now();
    try {
      for (let i = 0; i < stale.length; i += opts.batchSize) {
        throwIfAborted(io.signal, 'reembed');
        const ids = stale.slice(i, i + opts.batchSize);
        const found = ids.filter((id) => docs.has(id));
        const gone = ids.filter((id) => !docs.has(id));
        if (gone.length > 0) await vectors.delete(gone);
        if (found.length > 0) {
          const batch = found.map((id) => docs.get(id)!);
          const vecs = await embedder.embed(batch.map((d) => d.text));
          if (vecs.length !== batch.length)
            throw new EngramError(
              'EMBEDDER_FAILED',
              `embedder returned ${vecs.length} vectors for ${batch.length} texts`,
            );
          await vectors.upsert(found.map((id, k) => ({ id, vector: vecs[k]!, modelId, meta: docs.get(id)!.meta })));
        }
        out.reembedded += found.length;
        out.dropped += gone.length;
        out.doneOverall += ids.length;
        if (Date.now() - lastPersist >= opts.checkpointEveryMs) {
          await persist(false);
          lastPersist = Date.now();
        }
        progress.update(out.doneOverall);
        if (opts.rate > 0) {
          const due = started + ((out.reembedded + out.dropped) / opts.rate) * 1000;
          await sleep(due - Date.now(), io.signal);
        }
      }
    } finally {
      // Interrupted or failed: what was re-embedded so far is kept.
      if (out.reembedded + out.dropped > 0) await persist(false);
    }
  }
  progress.finish();

  // Nothing stale is left: stamp the snapshots with the model they now hold.
  for (const idx of [text, vectors] as unknown[]) {
    if (!snapshottable(idx)) continue;
    const cp = idx.loadedCheckpoint() as { modelId?: string } | null;
    if (cp && typeof cp === 'object' && cp.modelId !== modelId) await idx.snapshot({ ...cp, modelId });
  }
  await persist(true);
  return out;
}
