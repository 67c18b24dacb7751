import { rename, rm } from 'node:fs/promises';
import { EngramError, type Embedder, type EventLog } from '@engram/core';
import { join } from 'node:path';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';
import { createSearchIndexProjector } from '@engram/retrieval';
import { CONTEXT_INDEX_DIR, type EngramConfig } from '@engram/runtime';
import type { CliIo } from '../io';
import { sleep, throwIfAborted } from '../interrupt';
import { createProgress } from '../progress';
import { boundedLog } from './bounded-log';

export interface SearchReplayOutcome {
  events: number;
  documents: number;
  modelId: string;
  resumed: boolean;
}

export const REPLAY_SUFFIX = '.replay';

/** Replaces `live` with `next` by renames; the old copy is removed afterwards. */
async function swapDir(live: string, next: string): Promise<void> {
  const old = `${live}.replaced`;
  await rm(old, { recursive: true, force: true });
  await rename(live, old).catch((e: NodeJS.ErrnoException) => {
    if (e.code !== 'ENOENT') throw e;
  });
  await rename(next, live);
  await rm(old, { recursive: true, force: true });
}

/**
 * Rebuilds the local BM25 (documents and conversation windows) and vector indexes from the log with the configured embedder into
 * <dir>.replay snapshots (the live files keep serving), then renames them into place. The copy is
 * snapshotted as it goes, so an interrupted rebuild resumes from its own checkpoint.
 */
export async function replaySearchIndex(
  cfg: Readonly<EngramConfig>,
  log: EventLog,
  embedder: Embedder,
  io: CliIo,
): Promise<SearchReplayOutcome> {
  if (cfg.vectors.kind !== 'local') {
    throw new EngramError(
      'UNSUPPORTED',
      'replaying the search index rebuilds local index files; with Qdrant, restart the query service with the new embedder (it re-indexes) or run engram reembed',
    );
  }
  const textDir = `${cfg.textIndexDir}${REPLAY_SUFFIX}`;
  const vectorDir = `${cfg.vectors.dir}${REPLAY_SUFFIX}`;
  const head = await log.head();
  const view = boundedLog(log, head);
  const text = await createLocalTextIndex({ dir: textDir });
  const context = await createLocalTextIndex({ dir: join(textDir, CONTEXT_INDEX_DIR) });
  const vectors = await createLocalVectorIndex({ dir: vectorDir });
  const resumed = text.loadedCheckpoint() !== null;
  const total = [...head.values()].reduce((s, n) => s + n, 0);
  const progress = createProgress(io, 'search-index', total);
  const projector = await createSearchIndexProjector({
    log: view,
    textIndex: text,
    contextTextIndex: context,
    vectorIndex: vectors,
    embedder,
    snapshotEveryMs: 2000,
  });
  const doneCount = () => [...projector.positions().values()].reduce((s, n) => s + n, 0);
  try {
    while (doneCount() < total) {
      throwIfAborted(io.signal, 'replay');
      progress.update(doneCount());
      await Promise.race([view.drained.then(() => sleep(20, io.signal)), sleep(200, io.signal)]);
    }
  } finally {
    await projector.close();
  }
  progress.update(doneCount());
  progress.finish();
  const documents = text.size();
  await text.close();
  await context.close();
  await vectors.close();
  await swapDir(cfg.textIndexDir, textDir);
  await swapDir(cfg.vectors.dir, vectorDir);
  return { events: total, documents, modelId: embedder.modelId, resumed };
}
