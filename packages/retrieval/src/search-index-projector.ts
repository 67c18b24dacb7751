import {
  createSerialQueue,
  EngramError,
  formatPosition,
  isTransient,
  memoryDeadLetters,
  PoisonGuard,
  readEventAt,
  noopTelemetry,
  retry,
  silentLogger,
  streamKeyOf,
  toEngramError,
  type DeadLetter,
  type DeadLetters,
  type Embedder,
  type EmbeddingCache,
  type EventLog,
  type Telemetry,
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
import { createVectorLane, type VectorItem, type VectorItemSource, type VectorLaneStatus } from './vector-lane';

export { type SearchIndexCheckpoint } from './search-index-checkpoint';
export const SEARCH_INDEX_CONSUMER = 'search-index';
/** The vector half's name in /readyz and the lag metrics. */
export const SEARCH_VECTORS_COMPONENT = 'search-index:vectors';

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
  /**
   * At most this share of the time goes to snapshots (default 0.05): a snapshot serialises the whole
   * index, so as the index grows the next one waits 1/share − 1 times as long as the last one took
   * (a crash then replays a longer tail). A forget's snapshot and the one at close are never held back.
   */
  snapshotMaxShare?: number;
  /** How often dead letters marked for retry are applied again (default 2 s; 0 = only on retryNow()). */
  retryPollMs?: number;
  batchSize?: number;
  /** Documents waiting for their vectors beyond which the keyword side waits too (default 10 000). */
  maxVectorBacklog?: number;
  logger?: Logger;
  /** engram_projection_lag_seconds of the vector half. */
  telemetry?: Telemetry;
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
  /**
   * The vector half: documents are keyword-searchable as soon as they are indexed, their vectors
   * follow (embedding) with this backlog; `rebuilding` until vectors reach the head seen at start.
   */
  vectors: Pick<VectorLaneStatus, 'backlog' | 'failingSince' | 'lastError'> & { rebuilding: boolean };
}

/**
 * `reached` / `waitFor` / `positions` mean applied in full: keyword documents and vectors (and, for
 * a forget, gone from the snapshots on disk). The `lexical*` forms mean keyword-searchable: the
 * documents are in both BM25 indexes, their vectors may still be on the way.
 */
export interface SearchIndexProjector extends ProjectionProgress {
  /** Next offset applied in full (keywords and vectors), per partition. */
  positions(): Map<number, number>;
  /** Next offset whose documents are keyword-searchable, per partition. */
  lexicalPositions(): Map<number, number>;
  lexicalReached(pos: LogPosition): Promise<boolean>;
  /** Resolves true once pos is applied in full, false after timeoutMs. */
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
 * L2/R2/R3: keeps the TextIndex and VectorIndex in step with the log, in two halves. The keyword half
 * indexes each batch in both BM25 indexes as it arrives (a write is keyword-searchable within
 * milliseconds); the vector half (vector-lane.ts) embeds and upserts the same documents after it, with
 * its own lag. Restarts resume from the position saved in the index snapshots (taken every few
 * seconds and every N events) with the vector backlog saved alongside, and vectors embedded since the
 * last snapshot come back from the embedding cache, so a crash re-indexes only the tail and embeds
 * nothing twice. A changed embedder model replays the log from the beginning so every vector is
 * re-embedded (E1, L6). An event that cannot be indexed after bounded retries is dead-lettered for
 * this projection (L8) and the rest go on.
 */
export async function createSearchIndexProjector(opts: SearchIndexProjectorOptions): Promise<SearchIndexProjector> {
  const { log, textIndex, vectorIndex, embedder } = opts;
  const contextIndex = opts.contextTextIndex ?? null;
  const logger = opts.logger ?? silentLogger;
  const telemetry = opts.telemetry ?? noopTelemetry;
  const batchSize = opts.batchSize ?? 256;
  const snapshotEveryMs = opts.snapshotEveryMs ?? 5000;
  const snapshotEveryEvents = opts.snapshotEveryEvents ?? 1000;
  const snapshotMaxShare = opts.snapshotMaxShare ?? 0.05;
  if (!(snapshotMaxShare > 0 && snapshotMaxShare <= 1))
    throw new EngramError('CONFIG_INVALID', `snapshotMaxShare must be in (0, 1], got ${snapshotMaxShare}`);
  const deadLetters = opts.deadLetters ?? memoryDeadLetters();
  const snapshottable: Snapshottable[] = [];
  for (const idx of [textIndex, contextIndex, vectorIndex] as unknown[])
    if (idx && isSnapshottable(idx)) snapshottable.push(idx);
  // Without a snapshot nothing says which cached vectors are still needed: the cache is used only with one.
  const cache = snapshottable.length > 0 ? (opts.embeddingCache ?? null) : null;

  const next = new Map<number, number>();
  const registry = new DocRegistry();
  let windows = new TurnWindows();
  let backlog: VectorItem[] = [];
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
    // Every snapshot is written with the same checkpoint; a crash between two files leaves one older:
    // resuming from the oldest replays, in order, everything any index may lack.
    const oldest = cps.reduce((a, b) =>
      Object.values(a.next).reduce((x, y) => x + y, 0) <= Object.values(b.next).reduce((x, y) => x + y, 0) ? a : b,
    );
    for (const [p, n] of Object.entries(oldest.next)) next.set(Number(p), n);
    for (const c of cps) registry.merge(c.registry);
    windows = TurnWindows.fromJSON(oldest.windows);
    backlog = oldest.vectorBacklog ?? [];
  }

  const startHead = await log.head();
  const behind = (positions: Map<number, number>) => [...startHead].some(([p, h]) => (positions.get(p) ?? 0) < h);
  const rebuildKind = resumed ? 'tail' : 'full';
  const state: Omit<SearchIndexStatus, 'vectors' | 'embedded' | 'embeddingsReused'> = {
    rebuilding: behind(next) ? rebuildKind : null,
    failingSince: null,
    lastError: null,
    deadLettered: 0,
  };
  let vectorsRebuilding = behind(next) || backlog.length > 0;

  const waiters = new Set<{ pos: LogPosition; lexical: boolean; resolve: (ok: boolean) => void }>();
  // What `reached` answers: applied in full, and a forget that removed documents only once the
  // snapshots on disk no longer hold them (P4).
  let published = new Map(next);
  const reachedNow = (pos: LogPosition) => (published.get(pos.partition) ?? 0) > pos.offset;
  const lexicalNow = (pos: LogPosition) => (next.get(pos.partition) ?? 0) > pos.offset;
  let removalUnsaved = false;
  const removedByEvent = new Map<string, number>();
  const REMOVALS_KEPT = 1000;
  let dirty = false;
  let sinceSnapshot = 0;
  let closed = false;

  // The keyword half's batches and a snapshot's capture never overlap; a snapshot also holds the vector lane's lock.
  const exclusive = createSerialQueue();

  const sourceOf = (stored: StoredEvent): VectorItemSource => {
    const e = stored.event as Partial<StoredEvent['event']>;
    return {
      eventId: e.eventId ?? null,
      type: e.type ?? null,
      tenantId: e.tenantId ?? null,
      userId: e.userId ?? null,
      recordedAt: e.recordedAt ?? null,
    };
  };

  const recordDeadLetter = async (
    position: LogPosition,
    source: VectorItemSource,
    failure: EngramError,
    attempts: number,
    half: 'keywords' | 'vectors',
  ) => {
    await deadLetters.record({
      projection: SEARCH_INDEX_CONSUMER,
      position,
      eventId: source.eventId,
      eventType: source.type,
      tenantId: source.tenantId,
      userId: source.userId,
      code: failure.code,
      error: half === 'vectors' ? `vector index: ${failure.message}` : failure.message,
      attempts,
    });
    state.deadLettered++;
    logger.error(
      {
        projection: SEARCH_INDEX_CONSUMER,
        half,
        position: formatPosition(position),
        eventId: source.eventId,
        type: source.type,
        code: failure.code,
        err: failure.message,
        attempts,
      },
      'event dead-lettered for the search index; indexing goes on',
    );
  };

  const lane = createVectorLane({
    vectorIndex,
    embedder,
    cache,
    backlog,
    batchSize,
    maxBacklog: opts.maxVectorBacklog ?? 10_000,
    deadLetter: (item, failure, attempts) => recordDeadLetter(item.position, item.source, failure, attempts, 'vectors'),
    onApplied(items) {
      dirty = true;
      if (snapshottable.length > 0 && items.some((i) => i.op === 'delete' && i.removes > 0)) removalUnsaved = true;
      const newest = items.reduce<string | null>(
        (m, i) => (i.source.recordedAt && (!m || i.source.recordedAt > m) ? i.source.recordedAt : m),
        null,
      );
      if (newest) telemetry.metrics.projectionApplied(SEARCH_VECTORS_COMPONENT, newest);
      // Documents a forget removed leave the disk before the forget counts as applied.
      if (removalUnsaved) requestSnapshot();
      else publish();
    },
    onError: (err, n) =>
      logger.warn(
        { err: toEngramError(err).message, items: n, transient: isTransient(err) },
        'search-index vectors failed; retrying',
      ),
  });
  const fullPositions = () => lane.positions(next);
  published = fullPositions();

  type Upsert = Extract<IndexOp, { op: 'upsert' }>;
  type Pending = { op: Upsert; stored: StoredEvent };

  /** The keyword documents of a run of upserts now; their vectors into `out` for the lane. */
  const flushUpserts = async (pending: Map<string, Pending>, out: VectorItem[], retried: boolean) => {
    if (pending.size === 0) return;
    const docs = [...pending.values()];
    pending.clear();
    await textIndex.upsert(docs.map(({ op: d }) => ({ id: d.id, text: d.text, meta: d.meta })));
    await contextIndex?.upsert(docs.map(({ op: d }) => ({ id: d.id, text: d.contextText, meta: d.meta })));
    for (const { op: d, stored } of docs) {
      registry.add(streamKeyOf(d.meta), d.id, d.key);
      out.push({
        op: 'upsert',
        id: d.id,
        embedText: d.embedText,
        meta: d.meta,
        position: stored.position,
        source: sourceOf(stored),
        ...(retried ? { retry: true as const } : {}),
      });
    }
  };

  /** Deletes documents from both keyword indexes (the vectors follow); the number the indexes held. */
  const deleteDocs = async (ids: string[]): Promise<number> => {
    if (ids.length === 0) return 0;
    const known = ids.filter((id) => registry.has(id)).length;
    await textIndex.delete(ids);
    await contextIndex?.delete(ids);
    for (const id of ids) registry.remove(id);
    return known;
  };

  const forgot = (eventId: string, n: number) => {
    removedByEvent.set(eventId, (removedByEvent.get(eventId) ?? 0) + n);
    if (removedByEvent.size > REMOVALS_KEPT) removedByEvent.delete(removedByEvent.keys().next().value!);
  };

  const publish = () => {
    if (!removalUnsaved) {
      published = fullPositions();
      if (vectorsRebuilding && !behind(published)) {
        vectorsRebuilding = false;
        logger.info(
          { embedded: lane.status().embedded },
          'search-index vectors caught up with the head they started at',
        );
      }
    }
    for (const w of waiters) {
      if (w.lexical ? lexicalNow(w.pos) : reachedNow(w.pos)) {
        waiters.delete(w);
        w.resolve(true);
      }
    }
  };

  const advance = (position: LogPosition) => {
    if (position.offset + 1 > (next.get(position.partition) ?? 0)) next.set(position.partition, position.offset + 1);
    dirty = true;
    sinceSnapshot++;
  };

  /** Applies events in order; `force` applies even below `next` (a dead letter retried). */
  const applyOps = async (batch: readonly StoredEvent[], force = false) => {
    const pending = new Map<string, Pending>();
    const items: VectorItem[] = [];
    const applied: LogPosition[] = [];
    const removal = async (stored: StoredEvent, ids: string[]) => {
      await flushUpserts(pending, items, force);
      const removes = await deleteDocs(ids);
      forgot(stored.event.eventId, removes);
      items.push({
        op: 'delete',
        ids,
        removes,
        position: stored.position,
        source: sourceOf(stored),
        ...(force ? { retry: true as const } : {}),
      });
    };
    for (const stored of batch) {
      const { event, position } = stored;
      if (!force && position.offset < (next.get(position.partition) ?? 0)) continue;
      const op = windows.opFor(event);
      switch (op.op) {
        case 'upsert': {
          // A document upserted twice in a batch is indexed once, as the later event says, at the earlier position.
          const first = pending.get(op.id)?.stored ?? stored;
          pending.delete(op.id);
          pending.set(op.id, { op, stored: first });
          break;
        }
        case 'delete':
          await removal(stored, op.ids);
          break;
        case 'forgetKey':
          await removal(stored, registry.idsOfKey(op.stream, op.key));
          break;
        case 'forgetUser':
          await removal(stored, registry.idsOfStream(op.stream));
          break;
        case 'none':
          break;
      }
      applied.push(position);
    }
    await flushUpserts(pending, items, force);
    lane.enqueue(items);
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

  const guard = new PoisonGuard<StoredEvent>({
    applyAll: (batch) => applyInWindow(batch),
    applyOne: (stored) => applyInWindow([stored]),
    deadLetter: async (stored, failure, attempts) => {
      await recordDeadLetter(stored.position, sourceOf(stored), failure, attempts, 'keywords');
      advance(stored.position);
    },
    onBatchFailure: (err, n) =>
      logger.warn(
        { events: n, err: toEngramError(err).message },
        'search-index batch failed; indexing its events one at a time',
      ),
  });

  const checkpoint = (): SearchIndexCheckpoint => ({
    v: 2,
    modelId: embedder.modelId,
    next: Object.fromEntries([...next].map(([p, n]) => [String(p), n])),
    registry: registry.toJSON(),
    windows: windows.toJSON(),
    vectorBacklog: lane.items(),
  });

  /**
   * Both halves are still at the checkpoint: the vector lane's lock is held throughout (only the lane
   * changes the vector index), the keyword half's only while the keyword indexes are serialised. Their
   * files are written and fsynced after the keyword half has moved on, so keyword indexing (write →
   * keyword-searchable) never waits for a snapshot's disk writes.
   */
  const snapshotNow = () =>
    lane.lock.run(async () => {
      let began = 0;
      const writes = await exclusive.run(async () => {
        if (!dirty && !removalUnsaved) return null;
        began = performance.now();
        const cp = checkpoint();
        dirty = false;
        sinceSnapshot = 0;
        return snapshottable.map((idx) => (idx.captureSnapshot ? idx.captureSnapshot(cp) : () => idx.snapshot(cp)));
      });
      if (writes === null) return;
      try {
        for (const write of writes) await write();
      } catch (err) {
        dirty = true; // written again next time
        throw err;
      } finally {
        lastSnapshot = { ms: performance.now() - began, endedAt: performance.now() };
      }
      // Every vector embedded so far is in the vector snapshot (or the vector store): the cache can start afresh.
      await cache?.clear();
      // Only the lane (held) marks a removal unsaved: every one marked is in the files just written.
      removalUnsaved = false;
      publish();
    });
  let lastSnapshot = { ms: 0, endedAt: 0 };
  /** The routine snapshots (by time, by count) keep to snapshotMaxShare of the time. */
  const snapshotDue = () => performance.now() - lastSnapshot.endedAt >= lastSnapshot.ms * (1 / snapshotMaxShare - 1);
  let snapshotQueued: Promise<void> | null = null;
  const requestSnapshot = () => {
    if (snapshottable.length === 0) {
      removalUnsaved = false;
      publish();
      return;
    }
    snapshotQueued ??= snapshotNow()
      .catch((err: unknown) => logger.error({ err }, 'search-index snapshot failed'))
      .finally(() => (snapshotQueued = null));
  };

  const noteCaughtUp = () => {
    if (state.rebuilding && !behind(next)) {
      logger.info(
        { rebuilt: state.rebuilding, vectorBacklog: lane.status().backlog },
        'search index (keywords) caught up with the head it started at',
      );
      state.rebuilding = null;
    }
  };

  const handler = async (batch: StoredEvent[]) => {
    // Back-pressure: the keyword half runs at most maxVectorBacklog documents ahead of the vectors.
    await lane.hasRoom();
    await exclusive.run(async () => {
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
      noteCaughtUp();
      publish();
    });
    if (snapshottable.length > 0 && snapshotEveryEvents > 0 && sinceSnapshot >= snapshotEveryEvents && snapshotDue())
      requestSnapshot();
  };

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
  if (snapshottable.length > 0)
    every(snapshotEveryMs, 'snapshot', async () => {
      if (snapshotDue()) await snapshotNow();
    });
  every(opts.retryPollMs ?? 2000, 'dead-letter retry pass', retryNow);

  logger.info(
    {
      resumed,
      positions: Object.fromEntries(next),
      model: embedder.modelId,
      docs: registry.size,
      vectorBacklog: backlog.length,
      cachedVectors: cache?.size ?? 0,
    },
    'search-index projector started',
  );

  const waitUntil = (pos: LogPosition, lexical: boolean, timeoutMs: number) => {
    const now = () => (lexical ? lexicalNow(pos) : reachedNow(pos));
    if (now()) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const w = { pos, lexical, resolve };
      waiters.add(w);
      setTimeout(() => {
        if (waiters.delete(w)) resolve(now());
      }, timeoutMs).unref();
    });
  };

  return {
    async reached(pos) {
      return reachedNow(pos);
    },
    async lexicalReached(pos) {
      return lexicalNow(pos);
    },
    positions: () => new Map(published),
    lexicalPositions: () => new Map(next),
    waitFor: (pos, timeoutMs) => waitUntil(pos, false, timeoutMs),
    snapshotNow,
    status: () => {
      const v = lane.status();
      return {
        ...state,
        embedded: v.embedded,
        embeddingsReused: v.embeddingsReused,
        vectors: {
          backlog: v.backlog,
          failingSince: v.failingSince,
          lastError: v.lastError,
          rebuilding: vectorsRebuilding,
        },
      };
    },
    retryNow,
    removedBy: (eventId) => removedByEvent.get(eventId),
    async close() {
      if (closed) return;
      closed = true;
      stopping.abort();
      for (const t of timers.splice(0)) clearInterval(t);
      await started;
      await subscription?.close();
      // Without snapshots the backlog would be lost: the vectors are brought in before closing.
      if (snapshottable.length === 0) await lane.drain();
      await lane.close();
      await snapshotQueued;
      await snapshotNow();
      for (const w of waiters) w.resolve(w.lexical ? lexicalNow(w.pos) : reachedNow(w.pos));
      waiters.clear();
    },
  };
}
