import {
  createSerialQueue,
  EngramError,
  PoisonGuard,
  sha256Hex,
  toEngramError,
  type Embedder,
  type EngramEvent,
  type EmbeddingCache,
  type IndexedDocMeta,
  type LogPosition,
  type SerialQueue,
  type VectorIndex,
} from '@engram/core';

/** The event a vector item came from (named in its dead letter). */
export interface VectorItemSource {
  eventId: string | null;
  type: EngramEvent['type'] | null;
  tenantId: string | null;
  userId: string | null;
  recordedAt: string | null;
}

/**
 * One event's work left for the vector index after its keyword documents are in. Saved with the
 * search-index checkpoint (the vector backlog), so a restart picks up exactly where vectors stood.
 */
export type VectorItem = {
  position: LogPosition;
  source: VectorItemSource;
  /** A dead letter applied again: below the lexical position, so not counted in the vector position. */
  retry?: true;
} & (
  | { op: 'upsert'; id: string; embedText: string; meta: IndexedDocMeta }
  | {
      op: 'delete';
      ids: string[];
      /** How many of them the indexes held: a removal the snapshots must lose before it counts (P4). */
      removes: number;
    }
);

export interface VectorLaneStatus {
  /** Items (documents to embed, deletions) waiting for the vector index. */
  backlog: number;
  failingSince: string | null;
  lastError: string | null;
  embedded: number;
  /** Vectors served from the embedding cache instead of the embedder, since start. */
  embeddingsReused: number;
}

export interface VectorLaneOptions {
  vectorIndex: VectorIndex;
  embedder: Embedder;
  cache: EmbeddingCache | null;
  backlog: VectorItem[];
  /** Items embedded and applied per step. */
  batchSize: number;
  /** The lexical side waits (back-pressure) while this many items are queued. */
  maxBacklog: number;
  deadLetter(item: VectorItem, failure: EngramError, attempts: number): Promise<void>;
  /** After each step that applied items (outside the lane's lock). */
  onApplied(items: readonly VectorItem[]): void;
  onError(err: unknown, items: number): void;
}

export interface VectorLane {
  enqueue(items: VectorItem[]): void;
  /** Resolves once the backlog is below its bound. */
  hasRoom(): Promise<void>;
  /** Next offset per partition whose vector work is done, given the lexical side's positions. */
  positions(lexical: ReadonlyMap<number, number>): Map<number, number>;
  /** The queued items, oldest first (for the checkpoint). */
  items(): VectorItem[];
  /** Held while a step embeds and applies: a snapshot taken under it sees no half-applied step. */
  readonly lock: SerialQueue;
  status(): VectorLaneStatus;
  /** Applies everything queued (no new items may come meanwhile). */
  drain(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The vector half of the search-index projector: embeds documents and upserts their vectors (by the
 * same event-derived ids as the keyword documents) after the keyword side has indexed them, in log
 * order, with its own lag. An infrastructure failure (an embedder loading or unreachable) is retried
 * with backoff while the backlog waits; a document that cannot be embedded is dead-lettered (L8).
 */
export function createVectorLane(o: VectorLaneOptions): VectorLane {
  const queue: VectorItem[] = [...o.backlog];
  const lock = createSerialQueue();
  const st: VectorLaneStatus = { backlog: 0, failingSince: null, lastError: null, embedded: 0, embeddingsReused: 0 };
  let closed = false;
  let wake: (() => void) | null = null;
  const roomWaiters: Array<() => void> = [];
  const drainWaiters: Array<() => void> = [];

  const vectorsOf = async (texts: string[]): Promise<Float32Array[]> => {
    const check = (got: Float32Array[], want: number) => {
      if (got.length !== want)
        throw new EngramError('EMBEDDER_FAILED', `embedder returned ${got.length} vectors for ${want} texts`);
      return got;
    };
    if (texts.length === 0) return [];
    if (!o.cache) {
      const v = check(await o.embedder.embed(texts), texts.length);
      st.embedded += texts.length;
      return v;
    }
    const digests = texts.map((t) => sha256Hex(t));
    const found = await o.cache.get(o.embedder.modelId, digests);
    const missing = found.flatMap((v, i) => (v ? [] : [i]));
    st.embeddingsReused += texts.length - missing.length;
    if (missing.length > 0) {
      const fresh = check(await o.embedder.embed(missing.map((i) => texts[i]!)), missing.length);
      missing.forEach((i, j) => (found[i] = fresh[j]!));
      st.embedded += missing.length;
      await o.cache.put(
        o.embedder.modelId,
        missing.map((i, j) => [digests[i]!, fresh[j]!] as const),
      );
    }
    return found as Float32Array[];
  };

  const textsOf = (items: readonly VectorItem[]) => [
    ...new Set(items.flatMap((i) => (i.op === 'upsert' ? [i.embedText] : []))),
  ];

  // The next step's texts, embedding while this step's vectors are upserted (a model on a worker
  // thread would idle otherwise). A failure here is forgotten: that step embeds them itself and
  // meets the failure where it is retried or dead-lettered.
  let ahead = new Map<string, Promise<Float32Array | null>>();
  const embedAhead = (texts: string[]) => {
    const todo = texts.filter((t) => !ahead.has(t));
    if (todo.length === 0) return;
    const batch = vectorsOf(todo).catch(() => null);
    todo.forEach((t, i) =>
      ahead.set(
        t,
        batch.then((v) => v?.[i] ?? null),
      ),
    );
  };
  const vectorsFor = async (texts: string[]): Promise<Float32Array[]> => {
    const early = texts.map((t) => ahead.get(t));
    // Embedded ahead for at most one step: what this step does not take is not needed any more.
    ahead = new Map();
    const got = await Promise.all(early.map((p) => p ?? Promise.resolve(null)));
    const missing = got.flatMap((v, i) => (v ? [] : [i]));
    const fresh = await vectorsOf(missing.map((i) => texts[i]!));
    missing.forEach((i, j) => (got[i] = fresh[j]!));
    return got as Float32Array[];
  };

  /** Embeds and applies `items` (the head of the queue, in order), then takes them off the queue. */
  const applyItems = async (items: VectorItem[]) => {
    const texts = textsOf(items);
    const vectors = await vectorsFor(texts);
    if (!closed) embedAhead(textsOf(queue.slice(items.length, items.length + o.batchSize)));
    const byText = new Map(texts.map((t, i) => [t, vectors[i]!]));
    const upserts = new Map<string, Extract<VectorItem, { op: 'upsert' }>>();
    const flush = async () => {
      if (upserts.size === 0) return;
      const docs = [...upserts.values()];
      upserts.clear();
      await o.vectorIndex.upsert(
        docs.map((d) => ({ id: d.id, vector: byText.get(d.embedText)!, modelId: o.embedder.modelId, meta: d.meta })),
      );
    };
    for (const item of items) {
      if (item.op === 'upsert') {
        upserts.delete(item.id);
        upserts.set(item.id, item);
      } else {
        await flush();
        await o.vectorIndex.delete(item.ids);
      }
    }
    await flush();
    takeOff(items);
  };

  let taken = 0;
  const takeOff = (items: readonly VectorItem[]) => {
    for (const item of items) {
      if (queue[0] !== item) throw new Error('vector lane: the applied item is not the head of the backlog');
      queue.shift();
      taken++;
    }
  };

  const guard = new PoisonGuard<VectorItem>({
    applyAll: applyItems,
    applyOne: (item) => applyItems([item]),
    deadLetter: async (item, failure, attempts) => {
      await o.deadLetter(item, failure, attempts);
      takeOff([item]);
    },
    onBatchFailure: (err, n) => o.onError(err, n),
  });

  const notify = () => {
    if (queue.length < o.maxBacklog) for (const w of roomWaiters.splice(0)) w();
    if (queue.length === 0) for (const w of drainWaiters.splice(0)) w();
  };

  let backoffMs = 0;
  const step = async (): Promise<void> => {
    const chunk = queue.slice(0, o.batchSize);
    taken = 0;
    try {
      await lock.run(() => guard.apply(chunk));
      st.failingSince = null;
      st.lastError = null;
      backoffMs = 0;
    } catch (err) {
      st.failingSince ??= new Date().toISOString();
      st.lastError = toEngramError(err).message;
      o.onError(err, chunk.length);
      backoffMs = Math.min(5000, Math.max(100, backoffMs * 2));
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, backoffMs);
        wake = () => {
          clearTimeout(t);
          resolve();
        };
      });
      wake = null;
    }
    if (taken > 0) o.onApplied(chunk.slice(0, taken));
    notify();
  };

  const loop = (async () => {
    while (!closed) {
      if (queue.length === 0) {
        notify();
        await new Promise<void>((resolve) => (wake = resolve));
        wake = null;
        continue;
      }
      await step();
    }
  })();

  return {
    enqueue(items) {
      if (items.length === 0) return;
      queue.push(...items);
      wake?.();
    },
    hasRoom() {
      if (queue.length < o.maxBacklog || closed) return Promise.resolve();
      return new Promise((resolve) => roomWaiters.push(resolve));
    },
    positions(lexical) {
      const out = new Map(lexical);
      const seen = new Set<number>();
      for (const item of queue) {
        if (item.retry || seen.has(item.position.partition)) continue;
        seen.add(item.position.partition);
        const n = out.get(item.position.partition);
        if (n === undefined || item.position.offset < n) out.set(item.position.partition, item.position.offset);
        if (seen.size >= lexical.size) break;
      }
      return out;
    },
    items: () => [...queue],
    lock,
    status: () => ({ ...st, backlog: queue.length }),
    drain() {
      if (queue.length === 0) return Promise.resolve();
      return new Promise((resolve) => drainWaiters.push(resolve));
    },
    async close() {
      closed = true;
      wake?.();
      await loop;
      await Promise.all(ahead.values());
      for (const w of roomWaiters.splice(0)) w();
      for (const w of drainWaiters.splice(0)) w();
    },
  };
}
