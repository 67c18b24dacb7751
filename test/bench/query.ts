/**
 * Query latency of the hybrid retriever at 10k / 100k memories for one user (issue "Hybrid
 * retrieval"): `npm run bench -- query [--memories 10000,100000] [--queries 500] [--embedder hash|use]`.
 * The corpus goes through the real write path of the embedded system (MemoryWritten events appended
 * to the file log → the four projectors into PGlite → the search-index projector into the local
 * BM25 + vector indexes), then questions built from the memories' own words run through the same
 * HybridRetriever the query service wires up. The query embedding is timed separately by calling
 * the embedder alone on the same questions. Sizes grow in one instance: 10k is measured, then the
 * next 90k are appended and 100k is measured. `--ingest bulk` applies the same events through the
 * same projector and index code directly (see query/bulk-engram.ts) when the live path is too slow.
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem, loadavg } from 'node:os';
import { performance } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { deterministicId, embedQueries, type Embedder, type EngramEvent } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { warmPool } from './query/use-pool';
import { parseQueryArgs } from './query/args';
import { latencyStats, type LatencyStats } from './query/latency-stats';
import { seededRng, SyntheticMemories } from './query/synthetic-memories';
import { BENCH_TENANT } from './recall/dataset';
import { syntheticFactEvent } from './query/synthetic-fact';
import { openEmbeddedEngram } from './recall/embedded-engram';
import { openBulkEngram } from './query/bulk-engram';

const USER = 'query-bench-user';
const EVENTS_PER_APPEND = 500;
const WARMUP_QUERIES = 20;
const START = Date.parse('2024-01-01T00:00:00Z');

interface SizeResult {
  memories: number;
  ingestSeconds: number;
  ingestEventsPerSecond: number;
  search: LatencyStats;
  queryEmbedding: LatencyStats;
  /** Bulk mode: BM25 and vector candidate searches alone (the rest of a search is SQL hydration, gate, fusion). */
  candidateStages?: CandidateStages;
  /** Share of questions whose source memory is in the top k (sanity check that searches find things). */
  targetInTopK: number;
  rssMiB: number;
  heapUsedMiB: number;
  externalMiB: number;
  /** Growth since the previous size (the empty instance for the first), scaled to 100k memories. */
  per100k: { rssMiB: number; heapUsedMiB: number; externalMiB: number };
}

interface CandidateStages {
  /** The raw question on the main keyword index (the retriever searches a gated keyword query, usually shorter). */
  bm25: LatencyStats;
  /** The same on the conversation-window keyword index. */
  bm25Context: LatencyStats;
  /** As the retriever runs it: the HNSW graph for partitions of ANN_MIN_VECTORS or more, else exact. */
  vector: LatencyStats;
  vectorExact: LatencyStats;
  /**
   * Recall of the vector search against the exact one at the pool size: share of its hits scoring at
   * least the exact pool's last score (hashed vectors tie a lot, so comparing ids would count equally
   * good neighbours as misses).
   */
  vectorRecall: number;
  /** target@k of the same retriever with exact vector search instead of the graph. */
  targetInTopKExactVectors: number;
}

const POOL = 100;

const gc = (() => {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
})();

function memorySnapshot() {
  gc();
  const m = process.memoryUsage();
  const mib = (x: number) => Math.round((x / 2 ** 20) * 10) / 10;
  return { rssMiB: mib(m.rss), heapUsedMiB: mib(m.heapUsed), externalMiB: mib(m.external) };
}

export default async function query(argv: string[]): Promise<void> {
  const args = parseQueryArgs(argv);
  const embedder: Embedder =
    args.embedder === 'use'
      ? await warmPool()
      : args.embedder === 'onnx'
        ? (await import('@engram/embedder-onnx')).createOnnxEmbedder({ modelDir: args.modelDir! })
        : createHashEmbedder({ dimensions: 256 });
  const bulk = args.ingest === 'bulk' ? await openBulkEngram({ embedder }) : null;
  const engram = bulk ? { ...bulk, settle: async () => {} } : await openEmbeddedEngram({ embedder });
  const gen = new SyntheticMemories(seededRng(42));
  const qrng = seededRng(7);
  const contents: string[] = [];
  const ids: string[] = [];
  const seen = new Set<string>();
  const results: SizeResult[] = [];
  try {
    const empty = memorySnapshot();
    for (const size of args.memories) {
      const t0 = performance.now();
      const from = contents.length;
      for (let start = from; start < size; start += EVENTS_PER_APPEND) {
        const batch: EngramEvent[] = [];
        for (let i = start; i < Math.min(size, start + EVENTS_PER_APPEND); i++) {
          // The semantic projector folds identical content into one entry: keep texts distinct.
          let content = gen.memory();
          while (seen.has(content)) content = gen.memory();
          seen.add(content);
          const event = syntheticFactEvent({
            memoryId: deterministicId('query-bench', 'memory', i),
            content,
            userId: USER,
            start: START,
            i,
            idParts: ['query-bench', i],
          });
          contents.push(content);
          ids.push(event.payload.memoryId);
          batch.push(event);
        }
        await engram.append(batch);
        if (bulk && (start + EVENTS_PER_APPEND) % 10_000 === 0) {
          console.error(
            `  ${start + EVENTS_PER_APPEND} applied, ${((performance.now() - t0) / 1000).toFixed(0)} s; ms so far ${JSON.stringify(bulk.spentMs())}`,
          );
        }
      }
      await engram.settle(3 * 60 * 60_000);
      const ingestMs = performance.now() - t0;
      const counts = await engram.counts();
      if (counts.memories !== size)
        throw new Error(`expected ${size} memories in the read model, found ${counts.memories}`);
      console.error(
        `${size} memories: ingested ${size - from} in ${(ingestMs / 1000).toFixed(1)} s (load ${loadavg()[0]!.toFixed(1)})`,
      );
      engram.setNow(new Date(START + size * 600_000 + 86_400_000));

      const questions: Array<{ text: string; target: string }> = [];
      for (let i = 0; i < args.queries + WARMUP_QUERIES; i++) {
        const j = Math.floor(qrng() * size);
        questions.push({ text: gen.queryFor(contents[j]!), target: ids[j]! });
      }
      const scope = { tenantId: BENCH_TENANT, userId: USER, agentId: null };
      const searchMs: number[] = [];
      let found = 0;
      for (const [i, q] of questions.entries()) {
        const t = performance.now();
        const hits = await engram.retriever.search({ scope, query: q.text, k: args.k });
        const dt = performance.now() - t;
        if (i < WARMUP_QUERIES) continue;
        searchMs.push(dt);
        if (hits.some((h) => h.id === q.target)) found++;
      }
      const embedMs: number[] = [];
      for (const [i, q] of questions.entries()) {
        const t = performance.now();
        await embedQueries(embedder, [q.text]);
        const dt = performance.now() - t;
        if (i >= WARMUP_QUERIES) embedMs.push(dt);
      }
      // Bulk mode only (the indexes are at hand): the two candidate searches alone, pool 100 as the retriever asks.
      let candidateStages: CandidateStages | undefined;
      if (bulk) {
        const bm25Ms: number[] = [];
        const contextMs: number[] = [];
        const vecMs: number[] = [];
        const exactMs: number[] = [];
        let recall = 0;
        for (const q of questions.slice(WARMUP_QUERIES)) {
          let t = performance.now();
          await bulk.textIndex.search(q.text, { scope }, POOL);
          bm25Ms.push(performance.now() - t);
          t = performance.now();
          await bulk.contextTextIndex.search(q.text, { scope }, POOL);
          contextMs.push(performance.now() - t);
          const [v] = await embedQueries(embedder, [q.text]);
          t = performance.now();
          const approx = await bulk.vectorIndex.search(v!, embedder.modelId, { scope }, POOL);
          vecMs.push(performance.now() - t);
          t = performance.now();
          const exact = await bulk.vectorIndex.searchExact(v!, embedder.modelId, { scope }, POOL);
          exactMs.push(performance.now() - t);
          const floor = exact[exact.length - 1]?.score ?? -Infinity;
          recall += exact.length === 0 ? 1 : approx.filter((h) => h.score >= floor - 1e-6).length / exact.length;
        }
        let foundExact = 0;
        for (const q of questions.slice(WARMUP_QUERIES)) {
          const hits = await bulk.exactVectorRetriever.search({ scope, query: q.text, k: args.k });
          if (hits.some((h) => h.id === q.target)) foundExact++;
        }
        candidateStages = {
          bm25: latencyStats(bm25Ms),
          bm25Context: latencyStats(contextMs),
          vector: latencyStats(vecMs),
          vectorExact: latencyStats(exactMs),
          vectorRecall: Math.round((recall / args.queries) * 1000) / 1000,
          targetInTopKExactVectors: Math.round((foundExact / args.queries) * 1000) / 1000,
        };
      }
      const mem = memorySnapshot();
      // Growth since the previous size (or the empty instance), scaled: the first figure also carries
      // start-up allocations released later, so read the per-100k figure of the later sizes.
      const prev = results[results.length - 1];
      const base = prev ? { rssMiB: prev.rssMiB, heapUsedMiB: prev.heapUsedMiB, externalMiB: prev.externalMiB } : empty;
      const scale = 100_000 / (size - (prev?.memories ?? 0));
      const grow = (k: 'rssMiB' | 'heapUsedMiB' | 'externalMiB') => Math.round((mem[k] - base[k]) * scale * 10) / 10;
      results.push({
        memories: size,
        ingestSeconds: Math.round(ingestMs / 100) / 10,
        ingestEventsPerSecond: Math.round((size - from) / (ingestMs / 1000)),
        search: latencyStats(searchMs),
        queryEmbedding: latencyStats(embedMs),
        ...(candidateStages ? { candidateStages } : {}),
        targetInTopK: Math.round((found / args.queries) * 1000) / 1000,
        ...mem,
        per100k: { rssMiB: grow('rssMiB'), heapUsedMiB: grow('heapUsedMiB'), externalMiB: grow('externalMiB') },
      });
      // Printed as soon as measured: a large size may not finish on a busy machine.
      console.error(JSON.stringify(results[results.length - 1]));
      if (args.out) writeFileSync(args.out, `${JSON.stringify({ partial: true, results }, null, 2)}\n`);
    }
  } finally {
    await engram.close();
    await embedder.close?.();
  }

  const head = [
    'memories',
    'search p50',
    'p95',
    'p99',
    'max',
    'embed p50',
    'embed p99',
    `target@${args.k}`,
    'RSS MiB',
    'heap MiB',
    'RSS/100k',
    'heap/100k',
    'ingest ev/s',
    'bm25 p50',
    'vector p50',
    'exact vector p50',
    'vector recall',
    `target@${args.k} exact vectors`,
  ];
  console.log(head.join(' | '));
  for (const r of results) {
    console.log(
      [
        r.memories,
        r.search.p50,
        r.search.p95,
        r.search.p99,
        r.search.max,
        r.queryEmbedding.p50,
        r.queryEmbedding.p99,
        r.targetInTopK,
        r.rssMiB,
        r.heapUsedMiB,
        r.per100k.rssMiB,
        r.per100k.heapUsedMiB,
        r.ingestEventsPerSecond,
        r.candidateStages?.bm25.p50 ?? '-',
        r.candidateStages?.vector.p50 ?? '-',
        r.candidateStages?.vectorExact.p50 ?? '-',
        r.candidateStages?.vectorRecall ?? '-',
        r.candidateStages?.targetInTopKExactVectors ?? '-',
      ].join(' | '),
    );
  }
  const out = {
    benchmark: 'query',
    config: {
      memories: args.memories,
      ingest: args.ingest,
      queries: args.queries,
      warmupQueries: WARMUP_QUERIES,
      k: args.k,
      embedder: embedder.modelId,
      machine: `${cpus().length}x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
      loadAverageAtEnd: loadavg()[0],
      date: new Date().toISOString(),
    },
    results,
  };
  if (args.out) writeFileSync(args.out, `${JSON.stringify(out, null, 2)}\n`);
}
