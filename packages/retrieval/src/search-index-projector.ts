import {
  createSerialQueue,
  EngramError,
  formatPosition,
  retry,
  silentLogger,
  streamKeyOf,
  type Embedder,
  type EventLog,
  type Logger,
  type LogPosition,
  type ProjectionProgress,
  type StoredEvent,
  type Subscription,
  type TextIndex,
  type VectorIndex,
} from '@engram/core';
import { DocRegistry, type DocRegistryJson } from './doc-registry';
import type { IndexOp } from './index-ops';
import { TurnWindows, type TurnWindowsJson } from './turn-windows';

export const SEARCH_INDEX_CONSUMER = 'search-index';

/** An index that can persist itself with a checkpoint (the local adapters). */
interface Snapshottable {
  snapshot(checkpoint: unknown): Promise<void>;
  loadedCheckpoint(): unknown;
}

function isSnapshottable(x: unknown): x is Snapshottable {
  return typeof (x as Snapshottable).snapshot === 'function' && typeof (x as Snapshottable).loadedCheckpoint === 'function';
}

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
}

function isCheckpoint(x: unknown): x is SearchIndexCheckpoint {
  const c = x as SearchIndexCheckpoint | null;
  return !!c && c.v === 2 && Array.isArray(c.windows) && typeof c.modelId === 'string' && typeof c.next === 'object' && typeof c.registry === 'object';
}

export interface SearchIndexProjectorOptions {
  log: EventLog;
  textIndex: TextIndex;
  /** The conversation-window keyword index (each document with its date and previous turn); optional. */
  contextTextIndex?: TextIndex;
  vectorIndex: VectorIndex;
  embedder: Embedder;
  /** How often both indexes are snapshotted with the applied position (default 5 s). */
  snapshotEveryMs?: number;
  batchSize?: number;
  logger?: Logger;
}

export interface SearchIndexProjector extends ProjectionProgress {
  /** Next offset to apply per partition. */
  positions(): Map<number, number>;
  /** Resolves true once pos is applied, false after timeoutMs. */
  waitFor(pos: LogPosition, timeoutMs: number): Promise<boolean>;
  /** Snapshots both indexes now (when they support it). */
  snapshotNow(): Promise<void>;
  close(): Promise<void>;
}

/**
 * L2/R2/R3: keeps the TextIndex and VectorIndex in step with the log. Restarts resume from the
 * position saved in the index snapshots (read from there, then follow the live tail); a changed
 * embedder model replays the log from the beginning so every vector is re-embedded (E1, L6).
 */
export async function createSearchIndexProjector(opts: SearchIndexProjectorOptions): Promise<SearchIndexProjector> {
  const { log, textIndex, vectorIndex, embedder } = opts;
  const contextIndex = opts.contextTextIndex ?? null;
  const logger = opts.logger ?? silentLogger;
  const batchSize = opts.batchSize ?? 256;
  const snapshotEveryMs = opts.snapshotEveryMs ?? 5000;
  const snapshottable: Snapshottable[] = [];
  for (const idx of [textIndex, contextIndex, vectorIndex] as unknown[]) if (idx && isSnapshottable(idx)) snapshottable.push(idx);

  const next = new Map<number, number>();
  const registry = new DocRegistry();
  let windows = new TurnWindows();
  let resumed = snapshottable.length > 0;
  for (const idx of snapshottable) {
    const cp = idx.loadedCheckpoint();
    if (!isCheckpoint(cp) || cp.modelId !== embedder.modelId) {
      if (cp !== null && !isCheckpoint(cp)) logger.info({ model: embedder.modelId }, 'search index snapshot has an older document format; rebuilding the search indexes from the log');
      if (isCheckpoint(cp)) logger.info({ from: cp.modelId, to: embedder.modelId }, 'embedder model changed; rebuilding the search indexes from the log');
      resumed = false;
    }
  }
  if (resumed) {
    const cps = snapshottable.map((i) => i.loadedCheckpoint() as SearchIndexCheckpoint);
    const partitions = new Set(cps.flatMap((c) => Object.keys(c.next)));
    for (const p of partitions) next.set(Number(p), Math.min(...cps.map((c) => c.next[p] ?? 0)));
    for (const c of cps) registry.merge(c.registry);
    // Every snapshot is written with the same checkpoint; the one with the lowest position matches `next`.
    const oldest = cps.reduce((a, b) => (Object.values(a.next).reduce((x, y) => x + y, 0) <= Object.values(b.next).reduce((x, y) => x + y, 0) ? a : b));
    windows = TurnWindows.fromJSON(oldest.windows);
  }

  const waiters = new Set<{ pos: LogPosition; resolve: (ok: boolean) => void }>();
  const reachedNow = (pos: LogPosition) => (next.get(pos.partition) ?? 0) > pos.offset;
  let dirty = false;
  let closed = false;

  // Applying batches and taking snapshots never overlap.
  const exclusive = createSerialQueue();

  type Upsert = Extract<IndexOp, { op: 'upsert' }>;
  const flushUpserts = async (pending: Map<string, Upsert>) => {
    if (pending.size === 0) return;
    const docs = [...pending.values()];
    pending.clear();
    const vectors = await embedder.embed(docs.map((d) => d.embedText));
    if (vectors.length !== docs.length) throw new EngramError('EMBEDDER_FAILED', `embedder returned ${vectors.length} vectors for ${docs.length} texts`);
    await textIndex.upsert(docs.map((d) => ({ id: d.id, text: d.text, meta: d.meta })));
    await contextIndex?.upsert(docs.map((d) => ({ id: d.id, text: d.contextText, meta: d.meta })));
    await vectorIndex.upsert(docs.map((d, i) => ({ id: d.id, vector: vectors[i]!, modelId: embedder.modelId, meta: d.meta })));
    for (const d of docs) registry.add(streamKeyOf(d.meta), d.id, d.key);
  };

  const deleteDocs = async (ids: string[]) => {
    if (ids.length === 0) return;
    await textIndex.delete(ids);
    await contextIndex?.delete(ids);
    await vectorIndex.delete(ids);
    for (const id of ids) registry.remove(id);
  };

  const applyBatch = (batch: StoredEvent[]) =>
    exclusive.run(async () => {
      windows.begin();
      try {
        await applyOps(batch);
        windows.commit();
      } catch (err) {
        windows.rollback();
        throw err;
      }
    });

  const applyOps = async (batch: StoredEvent[]) => {
      const pending = new Map<string, Upsert>();
      const advanced = new Map<number, number>();
      for (const { event, position } of batch) {
        if (position.offset < (next.get(position.partition) ?? 0)) continue;
        const op = windows.opFor(event);
        switch (op.op) {
          case 'upsert':
            pending.delete(op.id);
            pending.set(op.id, op);
            break;
          case 'delete':
            await flushUpserts(pending);
            await deleteDocs(op.ids);
            break;
          case 'forgetKey':
            await flushUpserts(pending);
            await deleteDocs(registry.idsOfKey(op.stream, op.key));
            break;
          case 'forgetUser':
            await flushUpserts(pending);
            await deleteDocs(registry.idsOfStream(op.stream));
            break;
          case 'none':
            break;
        }
        advanced.set(position.partition, Math.max(advanced.get(position.partition) ?? 0, position.offset + 1));
      }
      await flushUpserts(pending);
      for (const [p, n] of advanced) if (n > (next.get(p) ?? 0)) next.set(p, n);
      if (advanced.size > 0) dirty = true;
      for (const w of waiters) {
        if (reachedNow(w.pos)) {
          waiters.delete(w);
          w.resolve(true);
        }
      }
  };

  const handler = async (batch: StoredEvent[]) => {
    try {
      await applyBatch(batch);
    } catch (err) {
      const first = batch[0];
      logger.error({ err, from: first && formatPosition(first.position), size: batch.length }, 'search-index batch failed; the log will redeliver it');
      throw err;
    }
  };

  const checkpoint = (): SearchIndexCheckpoint => ({
    v: 2,
    modelId: embedder.modelId,
    next: Object.fromEntries([...next].map(([p, n]) => [String(p), n])),
    registry: registry.toJSON(),
    windows: windows.toJSON(),
  });

  const snapshotNow = () =>
    exclusive.run(async () => {
      if (!dirty) return;
      const cp = checkpoint();
      for (const idx of snapshottable) await idx.snapshot(cp);
      dirty = false;
    });

  // Catch up from the snapshot position with plain reads, then follow the live tail. The consumer's
  // own log checkpoint may lag the snapshot: anything below `next` is skipped, not re-embedded.
  let subscription: Subscription | null = null;
  const start = async () => {
    if (resumed) {
      let chunk: StoredEvent[] = [];
      for await (const stored of log.read({ from: new Map(next) })) {
        if (closed) return;
        chunk.push(stored);
        if (chunk.length >= batchSize) {
          await handler(chunk);
          chunk = [];
        }
      }
      if (chunk.length > 0) await handler(chunk);
    }
    if (closed) return;
    subscription = await log.subscribe(handler, { name: SEARCH_INDEX_CONSUMER, batchSize, ...(resumed ? {} : { fromBeginning: true }) });
    if (closed) await subscription.close();
  };
  const stopping = new AbortController();
  // Retried until it works or the projector closes (the only way this promise rejects).
  const started = retry(start, {
    backoff: { initialMs: 250, maxMs: 5000 },
    signal: stopping.signal,
    onRetry: ({ error, failures, delayMs }) => logger.error({ err: error, attempt: failures, retryInMs: delayMs }, 'search-index catch-up failed; retrying'),
  }).catch(() => undefined);

  const timer = snapshottable.length > 0 && snapshotEveryMs > 0
    ? setInterval(() => {
        snapshotNow().catch((err: unknown) => logger.error({ err }, 'search-index snapshot failed'));
      }, snapshotEveryMs)
    : null;
  timer?.unref();

  logger.info({ resumed, positions: Object.fromEntries(next), model: embedder.modelId, docs: registry.size }, 'search-index projector started');

  return {
    async reached(pos) {
      return reachedNow(pos);
    },
    positions: () => new Map(next),
    waitFor(pos, timeoutMs) {
      if (reachedNow(pos)) return Promise.resolve(true);
      return new Promise<boolean>((resolve) => {
        const w = { pos, resolve };
        waiters.add(w);
        setTimeout(() => {
          if (waiters.delete(w)) resolve(reachedNow(pos));
        }, timeoutMs).unref();
      });
    },
    snapshotNow,
    async close() {
      if (closed) return;
      closed = true;
      stopping.abort();
      if (timer) clearInterval(timer);
      await started;
      await subscription?.close();
      await snapshotNow();
      for (const w of waiters) w.resolve(reachedNow(w.pos));
      waiters.clear();
    },
  };
}
