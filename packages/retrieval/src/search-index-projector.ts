import {
  createSerialQueue,
  EngramError,
  formatPosition,
  isTransient,
  memoryDeadLetters,
  PoisonGuard,
  readEventAt,
  retry,
  sha256Hex,
  silentLogger,
  streamKeyOf,
  toEngramError,
  type DeadLetter,
  type DeadLetters,
  type Embedder,
  type EmbeddingCache,
  type EventLog,
  type Logger,
  type LogPosition,
  type ProjectionProgress,
  type StoredEvent,
  type Subscription,
  type TextIndex,
  type VectorIndex,
} from '@engram/core';
import { DocRegistry } from './doc-registry';
import type { IndexOp } from './index-ops';
import {
  isCheckpoint,
  isSnapshottable,
  type SearchIndexCheckpoint,
  type Snapshottable,
} from './search-index-checkpoint';
import { TurnWindows } from './turn-windows';

export { type SearchIndexCheckpoint } from './search-index-checkpoint';
export const SEARCH_INDEX_CONSUMER = 'search-index';

export interface SearchIndexProjectorOptions {
  log: EventLog;
  textIndex: TextIndex;
  /** The conversation-window keyword index (each document with its date and previous turn); optional. */
  contextTextIndex?: TextIndex;
  vectorIndex: VectorIndex;
  embedder: Embedder;
  /** Vectors already embedded (persisted between snapshots): nothing is embedded twice. */
  embeddingCache?: EmbeddingCache;
  /** Where events this projection cannot apply are parked (default: in memory). */
  deadLetters?: DeadLetters;
  /** Snapshot at least this often (default 5 s) … */
  snapshotEveryMs?: number;
  /** … and after this many applied events (default 1000), so a crash replays at most that tail. */
  snapshotEveryEvents?: number;
  /** How often dead letters marked for retry are applied again (default 2 s; 0 = only on retryNow()). */
  retryPollMs?: number;
  batchSize?: number;
  logger?: Logger;
}

export interface SearchIndexStatus {
  /** Replaying the whole log (no usable snapshot) or, after a restart, the tail since the snapshot. */
  rebuilding: 'full' | 'tail' | null;
  failingSince: string | null;
  lastError: string | null;
  deadLettered: number;
  /** Vectors served from the embedding cache instead of the embedder, since start. */
  embeddingsReused: number;
  embedded: number;
}

export interface SearchIndexProjector extends ProjectionProgress {
  /** Next offset to apply per partition. */
  positions(): Map<number, number>;
  /** Resolves true once pos is applied, false after timeoutMs. */
  waitFor(pos: LogPosition, timeoutMs: number): Promise<boolean>;
  /** Snapshots both indexes now (when they support it). */
  snapshotNow(): Promise<void>;
  status(): SearchIndexStatus;
  /** Applies the dead letters marked for retry now; resolves with how many were applied. */
  retryNow(): Promise<number>;
  /**
   * P4: how many documents the forget event `eventId` removed from the indexes (each from the text,
   * context and vector index alike), once it is applied; undefined for an event not seen (recent ones only).
   */
  removedBy(eventId: string): number | undefined;
  close(): Promise<void>;
}

/**
 * L2/R2/R3: keeps the TextIndex and VectorIndex in step with the log. Restarts resume from the
 * position saved in the index snapshots (taken every few seconds and every N events), and vectors
 * embedded since the last snapshot come back from the embedding cache, so a crash re-indexes only
 * the tail and embeds nothing twice. A changed embedder model replays the log from the beginning so
 * every vector is re-embedded (E1, L6). An event that cannot be indexed after bounded retries is
 * dead-lettered for this projection (L8) and the rest go on.
 */
export async function createSearchIndexProjector(opts: SearchIndexProjectorOptions): Promise<SearchIndexProjector> {
  const { log, textIndex, vectorIndex, embedder } = opts;
  const contextIndex = opts.contextTextIndex ?? null;
  const logger = opts.logger ?? silentLogger;
  const batchSize = opts.batchSize ?? 256;
  const snapshotEveryMs = opts.snapshotEveryMs ?? 5000;
  const snapshotEveryEvents = opts.snapshotEveryEvents ?? 1000;
  const deadLetters = opts.deadLetters ?? memoryDeadLetters();
  const snapshottable: Snapshottable[] = [];
  for (const idx of [textIndex, contextIndex, vectorIndex] as unknown[])
    if (idx && isSnapshottable(idx)) snapshottable.push(idx);
  // Without a snapshot nothing says which cached vectors are still needed: the cache is used only with one.
  const cache = snapshottable.length > 0 ? (opts.embeddingCache ?? null) : null;

  const next = new Map<number, number>();
  const registry = new DocRegistry();
  let windows = new TurnWindows();
  let resumed = snapshottable.length > 0;
  for (const idx of snapshottable) {
    const cp = idx.loadedCheckpoint();
    if (!isCheckpoint(cp) || cp.modelId !== embedder.modelId) {
      if (cp !== null && !isCheckpoint(cp))
        logger.info(
          { model: embedder.modelId },
          'search index snapshot has an older document format; rebuilding the search indexes from the log',
        );
      if (isCheckpoint(cp))
        logger.info(
          { from: cp.modelId, to: embedder.modelId },
          'embedder model changed; rebuilding the search indexes from the log',
        );
      resumed = false;
    }
  }
  if (resumed) {
    const cps = snapshottable.map((i) => i.loadedCheckpoint() as SearchIndexCheckpoint);
    const partitions = new Set(cps.flatMap((c) => Object.keys(c.next)));
    for (const p of partitions) next.set(Number(p), Math.min(...cps.map((c) => c.next[p] ?? 0)));
    for (const c of cps) registry.merge(c.registry);
    // Every snapshot is written with the same checkpoint; the one with the lowest position matches `next`.
    const oldest = cps.reduce((a, b) =>
      Object.values(a.next).reduce((x, y) => x + y, 0) <= Object.values(b.next).reduce((x, y) => x + y, 0) ? a : b,
    );
    windows = TurnWindows.fromJSON(oldest.windows);
  }

  const startHead = await log.head();
  const behindAtStart = [...startHead].some(([p, h]) => (next.get(p) ?? 0) < h);
  const state: SearchIndexStatus = {
    rebuilding: behindAtStart ? (resumed ? 'tail' : 'full') : null,
    failingSince: null,
    lastError: null,
    deadLettered: 0,
    embeddingsReused: 0,
    embedded: 0,
  };
  const waiters = new Set<{ pos: LogPosition; resolve: (ok: boolean) => void }>();
  // What `reached` answers: a forget that removed documents counts as applied only once the snapshots
  // on disk no longer hold them (P4).
  const published = new Map(next);
  const reachedNow = (pos: LogPosition) => (published.get(pos.partition) ?? 0) > pos.offset;
  let removalUnsaved = false;
  const removedByEvent = new Map<string, number>();
  const REMOVALS_KEPT = 1000;
  let dirty = false;
  let sinceSnapshot = 0;
  let closed = false;

  // Applying batches and taking snapshots never overlap.
  const exclusive = createSerialQueue();

  type Upsert = Extract<IndexOp, { op: 'upsert' }>;
  const vectorsOf = async (texts: string[]): Promise<Float32Array[]> => {
    if (!cache) {
      state.embedded += texts.length;
      return embedder.embed(texts);
    }
    const digests = texts.map((t) => sha256Hex(t));
    const found = await cache.get(embedder.modelId, digests);
    const missing = found.flatMap((v, i) => (v ? [] : [i]));
    state.embeddingsReused += texts.length - missing.length;
    if (missing.length > 0) {
      const fresh = await embedder.embed(missing.map((i) => texts[i]!));
      if (fresh.length !== missing.length)
        throw new EngramError(
          'EMBEDDER_FAILED',
          `embedder returned ${fresh.length} vectors for ${missing.length} texts`,
        );
      missing.forEach((i, j) => (found[i] = fresh[j]!));
      state.embedded += missing.length;
      await cache.put(
        embedder.modelId,
        missing.map((i, j) => [digests[i]!, fresh[j]!] as const),
      );
    }
    return found as Float32Array[];
  };

  const flushUpserts = async (pending: Map<string, Upsert>) => {
    if (pending.size === 0) return;
    const docs = [...pending.values()];
    pending.clear();
    const vectors = await vectorsOf(docs.map((d) => d.embedText));
    if (vectors.length !== docs.length)
      throw new EngramError('EMBEDDER_FAILED', `embedder returned ${vectors.length} vectors for ${docs.length} texts`);
    await textIndex.upsert(docs.map((d) => ({ id: d.id, text: d.text, meta: d.meta })));
    await contextIndex?.upsert(docs.map((d) => ({ id: d.id, text: d.contextText, meta: d.meta })));
    await vectorIndex.upsert(
      docs.map((d, i) => ({ id: d.id, vector: vectors[i]!, modelId: embedder.modelId, meta: d.meta })),
    );
    for (const d of docs) registry.add(streamKeyOf(d.meta), d.id, d.key);
  };

  /** Deletes documents from every index; the number the indexes held. */
  const deleteDocs = async (ids: string[]): Promise<number> => {
    if (ids.length === 0) return 0;
    const known = ids.filter((id) => registry.has(id)).length;
    await textIndex.delete(ids);
    await contextIndex?.delete(ids);
    await vectorIndex.delete(ids);
    for (const id of ids) registry.remove(id);
    return known;
  };

  const forgot = (eventId: string, n: number) => {
    removedByEvent.set(eventId, (removedByEvent.get(eventId) ?? 0) + n);
    if (removedByEvent.size > REMOVALS_KEPT) removedByEvent.delete(removedByEvent.keys().next().value!);
    if (n > 0 && snapshottable.length > 0) removalUnsaved = true;
  };

  const publish = () => {
    for (const [p, n] of next) published.set(p, n);
    for (const w of waiters) {
      if (reachedNow(w.pos)) {
        waiters.delete(w);
        w.resolve(true);
      }
    }
  };

  const advance = (position: LogPosition) => {
    if (position.offset + 1 > (next.get(position.partition) ?? 0)) next.set(position.partition, position.offset + 1);
    dirty = true;
    sinceSnapshot++;
    if (!removalUnsaved) publish();
  };

  /** Applies events in order; `force` applies even below `next` (a dead letter retried). */
  const applyOps = async (batch: readonly StoredEvent[], force = false) => {
    const pending = new Map<string, Upsert>();
    const applied: LogPosition[] = [];
    for (const { event, position } of batch) {
      if (!force && position.offset < (next.get(position.partition) ?? 0)) continue;
      const op = windows.opFor(event);
      switch (op.op) {
        case 'upsert':
          pending.delete(op.id);
          pending.set(op.id, op);
          break;
        case 'delete':
          await flushUpserts(pending);
          forgot(event.eventId, await deleteDocs(op.ids));
          break;
        case 'forgetKey':
          await flushUpserts(pending);
          forgot(event.eventId, await deleteDocs(registry.idsOfKey(op.stream, op.key)));
          break;
        case 'forgetUser':
          await flushUpserts(pending);
          forgot(event.eventId, await deleteDocs(registry.idsOfStream(op.stream)));
          break;
        case 'none':
          break;
      }
      applied.push(position);
    }
    await flushUpserts(pending);
    if (!force) for (const p of applied) advance(p);
  };

  const applyInWindow = async (batch: readonly StoredEvent[], force = false) => {
    windows.begin();
    try {
      await applyOps(batch, force);
      windows.commit();
    } catch (err) {
      windows.rollback();
      throw err;
    }
  };

  const deadLetter = async (stored: StoredEvent, failure: EngramError, attempts: number) => {
    const e = stored.event as Partial<StoredEvent['event']>;
    await deadLetters.record({
      projection: SEARCH_INDEX_CONSUMER,
      position: stored.position,
      eventId: e.eventId ?? null,
      eventType: e.type ?? null,
      tenantId: e.tenantId ?? null,
      userId: e.userId ?? null,
      code: failure.code,
      error: failure.message,
      attempts,
    });
    advance(stored.position);
    state.deadLettered++;
    logger.error(
      {
        projection: SEARCH_INDEX_CONSUMER,
        position: formatPosition(stored.position),
        eventId: e.eventId,
        type: e.type,
        code: failure.code,
        err: failure.message,
        attempts,
      },
      'event dead-lettered for the search index; indexing goes on',
    );
  };

  const guard = new PoisonGuard<StoredEvent>({
    applyAll: (batch) => applyInWindow(batch),
    applyOne: (stored) => applyInWindow([stored]),
    deadLetter,
    onBatchFailure: (err, n) =>
      logger.warn(
        { events: n, err: toEngramError(err).message },
        'search-index batch failed; indexing its events one at a time',
      ),
  });

  const snapshotLocked = async () => {
    if (!dirty) return;
    const cp = checkpoint();
    for (const idx of snapshottable) await idx.snapshot(cp);
    dirty = false;
    sinceSnapshot = 0;
    // Everything embedded so far is in the vector snapshot (or the vector store): the cache can start afresh.
    await cache?.clear();
    removalUnsaved = false;
    publish();
  };

  const noteCaughtUp = () => {
    if (state.rebuilding && [...startHead].every(([p, h]) => (next.get(p) ?? 0) >= h)) {
      logger.info(
        { rebuilt: state.rebuilding, reused: state.embeddingsReused, embedded: state.embedded },
        'search index caught up with the head it started at',
      );
      state.rebuilding = null;
    }
  };

  const handler = (batch: StoredEvent[]) =>
    exclusive.run(async () => {
      try {
        await guard.apply(batch);
      } catch (err) {
        const first = batch[0];
        state.failingSince ??= new Date().toISOString();
        state.lastError = toEngramError(err).message;
        logger.error(
          { err, from: first && formatPosition(first.position), size: batch.length, transient: isTransient(err) },
          'search-index batch failed; the log will redeliver it',
        );
        throw err;
      }
      state.failingSince = null;
      state.lastError = null;
      // Documents a forget removed leave the disk before the forget counts as applied.
      if (removalUnsaved) await snapshotLocked();
      noteCaughtUp();
      if (snapshottable.length > 0 && snapshotEveryEvents > 0 && sinceSnapshot >= snapshotEveryEvents) {
        await snapshotLocked().catch((err: unknown) => logger.error({ err }, 'search-index snapshot failed'));
      }
    });

  const checkpoint = (): SearchIndexCheckpoint => ({
    v: 2,
    modelId: embedder.modelId,
    next: Object.fromEntries([...next].map(([p, n]) => [String(p), n])),
    registry: registry.toJSON(),
    windows: windows.toJSON(),
  });

  const snapshotNow = () => exclusive.run(snapshotLocked);

  const retryOne = async (dl: DeadLetter): Promise<boolean> => {
    try {
      const stored = await readEventAt(log, dl.position);
      await applyInWindow([stored], true);
      await deadLetters.resolve(dl.id);
      dirty = true;
      logger.info(
        { position: formatPosition(dl.position), eventId: dl.eventId },
        'search-index dead letter applied on retry',
      );
      return true;
    } catch (err) {
      const e = toEngramError(err);
      await deadLetters.failedAgain(dl.id, e.code, e.message);
      logger.warn(
        { position: formatPosition(dl.position), eventId: dl.eventId, code: e.code, err: e.message },
        'search-index dead letter failed again on retry',
      );
      return false;
    }
  };

  const retryNow = () =>
    exclusive.run(async () => {
      let applied = 0;
      for (const dl of await deadLetters.retryRequested(SEARCH_INDEX_CONSUMER, 100)) if (await retryOne(dl)) applied++;
      return applied;
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
    subscription = await log.subscribe(handler, {
      name: SEARCH_INDEX_CONSUMER,
      batchSize,
      ...(resumed ? {} : { fromBeginning: true }),
    });
    if (closed) await subscription.close();
  };
  const stopping = new AbortController();
  // Retried until it works or the projector closes (the only way this promise rejects).
  const started = retry(start, {
    backoff: { initialMs: 250, maxMs: 5000 },
    signal: stopping.signal,
    onRetry: ({ error, failures, delayMs }) =>
      logger.error({ err: error, attempt: failures, retryInMs: delayMs }, 'search-index catch-up failed; retrying'),
  }).catch(() => undefined);

  const timers: NodeJS.Timeout[] = [];
  const every = (ms: number, what: string, fn: () => Promise<unknown>) => {
    if (!(ms > 0)) return;
    const t = setInterval(
      () => void fn().catch((err: unknown) => logger.error({ err }, `search-index ${what} failed`)),
      ms,
    );
    t.unref();
    timers.push(t);
  };
  if (snapshottable.length > 0) every(snapshotEveryMs, 'snapshot', snapshotNow);
  every(opts.retryPollMs ?? 2000, 'dead-letter retry pass', retryNow);

  logger.info(
    {
      resumed,
      positions: Object.fromEntries(next),
      model: embedder.modelId,
      docs: registry.size,
      cachedVectors: cache?.size ?? 0,
    },
    'search-index projector started',
  );

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
    status: () => ({ ...state }),
    retryNow,
    removedBy: (eventId) => removedByEvent.get(eventId),
    async close() {
      if (closed) return;
      closed = true;
      stopping.abort();
      for (const t of timers.splice(0)) clearInterval(t);
      await started;
      await subscription?.close();
      await snapshotNow();
      for (const w of waiters) w.resolve(reachedNow(w.pos));
      waiters.clear();
    },
  };
}
