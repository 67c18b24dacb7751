/**
 * The bulk ingest for the query benchmark's large sizes: the same events go through the same
 * projector code (`applyBatch` of every projector, one transaction per batch, checkpoints included)
 * and the same search-index documents (`indexOpFor` → embed → text and vector upserts) as the live
 * path, called directly and in order instead of through the log subscriptions. Used because the
 * subscription path slows down sharply past ~20k memories on this 2-core machine (see
 * docs/benchmarks.md); the read side the queries hit is built identically.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  EngramError,
  type Clock,
  type Embedder,
  type EngramEvent,
  type SqlExecutor,
  type StoredEvent,
} from '@engram/core';
import { applyBatch, PROJECTORS, PROJECTION_NAMES, runMigrations } from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import {
  createLocalTextIndex,
  createLocalVectorIndex,
  type LocalTextIndex,
  type LocalVectorIndex,
} from '@engram/index-local';
import { createHybridRetriever, indexOpFor } from '@engram/retrieval';

export interface BulkEngram {
  append(events: EngramEvent[]): Promise<void>;
  retriever: ReturnType<typeof createHybridRetriever>;
  /** The same retriever over the same data with exact vector search (what the HNSW graph approximates). */
  exactVectorRetriever: ReturnType<typeof createHybridRetriever>;
  /** The indexes the retriever reads, to time its two candidate searches alone. */
  textIndex: LocalTextIndex;
  /** The conversation-window keyword index (memories: date + text), searched by the retriever too. */
  contextTextIndex: LocalTextIndex;
  vectorIndex: LocalVectorIndex;
  /** The read models the retriever hydrates hits from. */
  db: SqlExecutor;
  counts(): Promise<{ memories: number }>;
  setNow(now: Date): void;
  /** Milliseconds spent so far per projector and in the search-index upserts (where ingest time goes). */
  spentMs(): Record<string, number>;
  close(): Promise<void>;
}

export async function openBulkEngram(opts: { embedder: Embedder }): Promise<BulkEngram> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-query-'));
  const db = await openPglite();
  await runMigrations(db);
  const textIndex = await createLocalTextIndex({ dir: join(dir, 'index') });
  const contextTextIndex = await createLocalTextIndex({ dir: join(dir, 'index', 'context') });
  const vectorIndex = await createLocalVectorIndex({ dir: join(dir, 'index') });
  let now = new Date();
  const clock: Clock = { now: () => now };
  const retriever = createHybridRetriever({
    db,
    textIndex,
    contextTextIndex,
    vectorIndex,
    embedder: opts.embedder,
    config: {},
    clock,
  });
  const exactVectors = { ...vectorIndex, search: vectorIndex.searchExact };
  const exactVectorRetriever = createHybridRetriever({
    db,
    textIndex,
    contextTextIndex,
    vectorIndex: exactVectors,
    embedder: opts.embedder,
    config: {},
    clock,
  });
  let offset = 0;
  // As the projector runner does (packages/projections/src/runner.ts): PGlite has no autovacuum, so
  // planner statistics are refreshed after 1k, 2k, 4k, … events, else the lookups of the semantic
  // projector scan the user's entries and ingest turns quadratic.
  let analyzeAt = 1000;
  const spent: Record<string, number> = {};
  const timed = async <T>(name: string, fn: () => Promise<T>): Promise<T> => {
    const t = performance.now();
    try {
      return await fn();
    } finally {
      spent[name] = (spent[name] ?? 0) + performance.now() - t;
    }
  };
  const indexDocs = async (events: EngramEvent[]) => {
    const docs = [];
    for (const e of events) {
      const op = indexOpFor(e);
      if (op.op !== 'upsert')
        throw new EngramError('VALIDATION_FAILED', `bulk ingest only takes indexable writes, got ${e.type} (${op.op})`);
      docs.push(op);
    }
    // As the search-index projector's flushUpserts: vectors over embedText, both keyword indexes.
    const vectors = await opts.embedder.embed(docs.map((d) => d.embedText));
    await textIndex.upsert(docs.map((d) => ({ id: d.id, text: d.text, meta: d.meta })));
    await contextTextIndex.upsert(docs.map((d) => ({ id: d.id, text: d.contextText, meta: d.meta })));
    await vectorIndex.upsert(
      docs.map((d, i) => ({ id: d.id, vector: vectors[i]!, modelId: opts.embedder.modelId, meta: d.meta })),
    );
  };
  return {
    async append(events) {
      const stored: StoredEvent[] = events.map((event, i) => ({
        event,
        position: { partition: 0, offset: offset + i },
      }));
      offset += events.length;
      for (const name of PROJECTION_NAMES) await timed(name, () => applyBatch(db, PROJECTORS[name], stored));
      if (offset >= analyzeAt) {
        analyzeAt = offset * 2;
        await timed('analyze', () => db.query('ANALYZE'));
      }
      await timed('search-index', () => indexDocs(events));
    },
    retriever,
    exactVectorRetriever,
    db,
    textIndex,
    contextTextIndex,
    vectorIndex,
    spentMs: () => Object.fromEntries(Object.entries(spent).map(([k, v]) => [k, Math.round(v)])),
    async counts() {
      return { memories: Number((await db.query<{ n: string }>('SELECT count(*) AS n FROM memories')).rows[0]!.n) };
    },
    setNow(d) {
      now = d;
    },
    async close() {
      await textIndex.close();
      await contextTextIndex.close();
      await vectorIndex.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}
