/**
 * The embedded Engram the recall benchmark drives: a file event log in a temp dir, PGlite read
 * models with every projector, the local BM25 + vector indexes fed by the search-index projector,
 * and the hybrid retriever. Events go through the log exactly as the API would append them.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  JsonEventCodec,
  type Clock,
  type Embedder,
  type EngramEvent,
  type EventLog,
  type LogPosition,
  type ProjectionProgress,
  type Reranker,
  type SqlDatabase,
  type TextIndex,
} from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';
import {
  PROJECTORS,
  PROJECTION_NAMES,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
  type RunningProjector,
} from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';
import {
  createSearchIndexProjector,
  createHybridRetriever,
  type IntentWeightConfig,
  type RetrievalConfig,
} from '@engram/retrieval';

export interface EmbeddedEngram {
  /** Appends one stream's events (one append), returns the last position. */
  append(events: EngramEvent[]): Promise<LogPosition>;
  /** Resolves once every projection and the search indexes have applied the whole log. */
  settle(timeoutMs?: number): Promise<void>;
  retriever: ReturnType<typeof createHybridRetriever>;
  /** Rows in the read models the retriever hydrates from. */
  counts(): Promise<{ messages: number; memories: number; episodes: number }>;
  /** Another retriever over the same data (to compare settings without re-ingesting). */
  retrieverWith(config: Partial<RetrievalConfig>, over?: RetrieverOverrides): ReturnType<typeof createHybridRetriever>;
  /** The retriever's "now" (forgetting curve); the benchmark sets it to each corpus' question time. */
  setNow(now: Date): void;
  /** The clock every part reads (moved by setNow). */
  clock: Clock;
  log: EventLog;
  db: SqlDatabase;
  /** Read models and search indexes applied up to a position (read-your-writes for an app on top). */
  progress: ProjectionProgress;
  close(): Promise<void>;
}

/** Parts of a benchmark retriever that differ from the system's own (to compare settings). */
export interface RetrieverOverrides {
  embedder?: Embedder;
  reranker?: Reranker;
  /** Leave out the document keyword list (BM25 over each document alone). */
  noKeyword?: boolean;
  /** Leave out the conversation-window keyword list. */
  noContext?: boolean;
  /** memory.intent settings (R9 intent weighting, the latest statement first) other than the defaults. */
  intent?: Partial<IntentWeightConfig>;
}

/** A text index that finds nothing (a list left out of a comparison). */
const emptyTextIndex: TextIndex = {
  upsert: async () => undefined,
  delete: async () => undefined,
  search: async () => [],
  close: async () => undefined,
};

export async function openEmbeddedEngram(opts: {
  embedder: Embedder;
  reranker?: Reranker;
  config?: Partial<RetrievalConfig>;
  /** Run the consolidator (rule engine) so ended sessions yield episodes and facts. */
  consolidate?: boolean;
}): Promise<EmbeddedEngram> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-recall-'));
  const log = await openFileEventLog({ dir: join(dir, 'log'), codec: new JsonEventCodec() });
  const db = await openPglite();
  await runMigrations(db);
  const projectors: RunningProjector[] = [];
  for (const name of PROJECTION_NAMES)
    projectors.push(await startProjector({ log, db, projector: PROJECTORS[name], batchSize: 500 }));
  const progress = sqlProjectionProgress(db, [...PROJECTION_NAMES]);
  const textIndex = await createLocalTextIndex({ dir: join(dir, 'index') });
  const contextTextIndex = await createLocalTextIndex({ dir: join(dir, 'index', 'context') });
  const vectorIndex = await createLocalVectorIndex({ dir: join(dir, 'index') });
  const searchIndex = await createSearchIndexProjector({
    log,
    textIndex,
    contextTextIndex,
    vectorIndex,
    embedder: opts.embedder,
    batchSize: 256,
  });
  // Set by setNow and ticking from there: a retried consolidation task waits on this clock.
  let base = Date.now();
  let setAt = Date.now();
  const clock: Clock = { now: () => new Date(base + (Date.now() - setAt)) };
  let consolidator: {
    start(): Promise<void>;
    close(): Promise<void>;
    whenIdle(): Promise<void>;
    pending(): number;
  } | null = null;
  if (opts.consolidate) {
    const { createConsolidator, createRulesEngine } = await import('@engram/consolidation');
    consolidator = createConsolidator({
      log,
      db,
      engine: createRulesEngine(),
      clock,
      stateDir: join(dir, 'consolidator'),
      // No idle ending and no decay pass: sessions end explicitly and the data is years old.
      config: { idleSeconds: 1e9, decay: { importanceDecayDays: 30, archiveThreshold: 0 }, decayIntervalMs: 0 },
      // A failing consolidation task is retried later: say so, or a run that waits for it seems to hang.
      logger: {
        debug() {},
        info() {},
        warn: (o, m) => console.error(`consolidator: ${m ?? ''} ${JSON.stringify(o)}`),
        error: (o, m) => console.error(`consolidator: ${m ?? ''} ${JSON.stringify(o)}`),
      },
    });
    await consolidator.start();
  }
  const retrieverWith = (config: Partial<RetrievalConfig>, over: RetrieverOverrides = {}) => {
    const reranker = over.reranker ?? opts.reranker;
    return createHybridRetriever({
      db,
      textIndex: over.noKeyword ? emptyTextIndex : textIndex,
      contextTextIndex: over.noContext ? emptyTextIndex : contextTextIndex,
      vectorIndex,
      embedder: over.embedder ?? opts.embedder,
      ...(reranker ? { reranker } : {}),
      config,
      ...(over.intent ? { intentConfig: over.intent } : {}),
      clock,
    });
  };
  const retriever = retrieverWith(opts.config ?? {});

  const settleTo = async (head: Map<number, number>, deadline: number) => {
    for (const [partition, next] of head) {
      if (next === 0) continue;
      const pos = { partition, offset: next - 1 };
      while (!(await progress.reached(pos))) {
        if (Date.now() > deadline) throw new Error('projections did not catch up in time');
        await new Promise((r) => setTimeout(r, 20));
      }
      if (!(await searchIndex.waitFor(pos, Math.max(1, deadline - Date.now()))))
        throw new Error('search index did not catch up in time');
    }
  };

  return {
    async append(events) {
      const r = await log.append(events);
      return r.positions[r.positions.length - 1]!;
    },
    async settle(timeoutMs = 30 * 60_000) {
      const deadline = Date.now() + timeoutMs;
      // The consolidator appends events of its own: settle until the head stops moving.
      for (;;) {
        const head = await log.head();
        await settleTo(head, deadline);
        if (!consolidator) return;
        // Give the consolidator's subscription time to see the last events before trusting "idle".
        await new Promise((r) => setTimeout(r, 1000));
        await consolidator.whenIdle();
        const after = await log.head();
        if (consolidator.pending() === 0 && [...after].every(([p, n]) => head.get(p) === n)) return;
      }
    },
    retriever,
    retrieverWith,
    clock,
    log,
    db,
    progress: { reached: async (pos) => (await progress.reached(pos)) && (await searchIndex.reached(pos)) },
    async counts() {
      const one = async (table: string) =>
        Number((await db.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!.n);
      return { messages: await one('messages'), memories: await one('memories'), episodes: await one('episodes') };
    },
    setNow(d) {
      base = d.getTime();
      setAt = Date.now();
    },
    async close() {
      await consolidator?.close();
      await searchIndex.close();
      for (const p of projectors) await p.close();
      await textIndex.close();
      await contextTextIndex.close();
      await vectorIndex.close();
      await log.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
