/**
 * B4 recall benchmark on public datasets, driving the real embedded system: events through the file
 * log, projectors into PGlite, the search-index projector into the local indexes, then the hybrid
 * retriever. `npm run bench -- recall --dataset locomo --file /path/locomo_dev.json`
 */
import { writeFileSync } from 'node:fs';
import { cpus, totalmem } from 'node:os';
import type { Embedder, QueryHit } from '@engram/core';
import { createHashEmbedder, createUseEmbedder } from '@engram/embedder-use';
import { createHttpReranker } from '@engram/openai-adapters';
import { parseRecallArgs } from './recall/args';
import type { BenchDataset } from './recall/dataset';
import { openEmbeddedEngram } from './recall/embedded-engram';
import { loadLocomo } from './recall/locomo';
import { loadLongMemEval } from './recall/longmemeval';
import { loadMadial } from './recall/madial';
import { MetricAverager } from './recall/metrics';
import { latencyStats } from './query/latency-stats';
import { formatPeerComparison, runMem0Peer } from './recall/peer-mem0';
import { buildResult, byCategoryOf, formatTable, type RecallResult } from './recall/report';
import { RETRIEVAL_VARIANTS } from './recall/variants';

/** One question's line in `--per-question`: its metrics and top hits for the main run and each variant. */
interface QuestionRecord {
  i: number;
  userId: string;
  category: string;
  query: string;
  runs: Record<string, { metrics: Record<string, number>; top: unknown[] }>;
}

const MAIN_RUN = 'main';
const topOf = (hits: QueryHit[]) =>
  hits.slice(0, 10).map((h) => ({
    kind: h.kind,
    score: Number(h.score.toFixed(4)),
    sources: h.sourceMessageIds.slice(0, 3),
    content: h.content.replace(/\s+/g, ' ').slice(0, 100),
  }));

export default async function recall(argv: string[]): Promise<void> {
  const args = parseRecallArgs(argv);
  const dataset: BenchDataset =
    args.dataset === 'locomo'
      ? loadLocomo(args.file, args.limit)
      : args.dataset === 'longmemeval'
        ? loadLongMemEval(args.file, { ...(args.limit ? { limit: args.limit } : {}), pool: args.pool })
        : loadMadial(args.file, args.memory, { ...(args.limit ? { limit: args.limit } : {}), withTime: args.withTime });

  const embedder: Embedder =
    args.embedder === 'use'
      ? createUseEmbedder(args.lexicalWeight !== undefined ? { lexicalWeight: args.lexicalWeight } : {})
      : args.embedder === 'onnx'
        ? (await import('@engram/embedder-onnx')).createOnnxEmbedder({ modelDir: args.modelDir! })
        : createHashEmbedder({ dimensions: 256 });
  const reranker = args.rerankUrl ? createHttpReranker({ url: args.rerankUrl }) : undefined;
  const retrievalConfig = {
    decayHistory: args.decayHistory,
    rerankEnabled: reranker !== undefined,
    ...(args.listWeights ? { listWeights: { keyword: 1, window: 1, vector: 1, ...args.listWeights } } : {}),
  };
  const engram = await openEmbeddedEngram({
    embedder,
    ...(reranker ? { reranker } : {}),
    config: retrievalConfig,
    consolidate: args.consolidate,
  });

  try {
    const events = dataset.corpora.reduce((n, c) => n + c.batches.reduce((m, b) => m + b.length, 0), 0);
    const t0 = performance.now();
    const appendMs: number[] = [];
    for (const corpus of dataset.corpora)
      for (const batch of corpus.batches) {
        if (batch.length === 0) continue;
        const t = performance.now();
        await engram.append(batch);
        appendMs.push(performance.now() - t);
      }
    await engram.settle();
    const ingestMs = performance.now() - t0;
    const readModels = await engram.counts();
    console.error(
      `ingested ${events} events for ${dataset.corpora.length} users in ${(ingestMs / 1000).toFixed(1)} s; read models: ${JSON.stringify(readModels)}`,
    );

    const nowOf = new Map(dataset.corpora.map((c) => [c.userId, c.now]));
    const avg = new MetricAverager();
    const kMax = Math.max(...args.ks);
    const searchMs: number[] = [];
    const perQuestion: QuestionRecord[] = [];
    const t1 = performance.now();
    for (const [i, q] of dataset.queries.entries()) {
      engram.setNow(nowOf.get(q.userId) ?? new Date());
      const ts = performance.now();
      const hits = await engram.retriever.search({
        scope: { tenantId: 'bench', userId: q.userId, agentId: null },
        query: q.query,
        k: kMax,
      });
      searchMs.push(performance.now() - ts);
      const metrics = q.score(hits, args.ks);
      avg.add(q.category, metrics);
      if (args.perQuestion)
        perQuestion.push({
          i,
          userId: q.userId,
          category: q.category,
          query: q.query,
          runs: { [MAIN_RUN]: { metrics, top: topOf(hits) } },
        });
    }
    const queryMs = performance.now() - t1;

    const result = buildResult(
      dataset.name,
      {
        file: args.file,
        ...(args.memory ? { memory: args.memory } : {}),
        ks: args.ks,
        limit: args.limit ?? null,
        embedder: embedder.modelId,
        reranker: reranker?.modelId ?? null,
        retrieval: retrievalConfig,
        pool: args.pool,
        consolidate: args.consolidate,
        readModels,
        withTime: args.withTime,
        events,
        ingestSeconds: Number((ingestMs / 1000).toFixed(1)),
        queryMsMean: Number((queryMs / Math.max(1, dataset.queries.length)).toFixed(1)),
        machine: `${cpus().length}x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
        date: new Date().toISOString(),
      },
      avg,
    );
    if (args.variants) {
      const metrics = dataset.metrics(args.ks);
      const variants: Record<string, Record<string, number>> = {};
      const variantsByCategory: Record<string, RecallResult['byCategory']> = {};
      for (const v of RETRIEVAL_VARIANTS.filter((x) => x.name.includes(args.variantFilter ?? ''))) {
        const r = engram.retrieverWith(
          { ...retrievalConfig, ...v.config },
          { ...v.over, ...(v.embedder ? { embedder: v.embedder(embedder) } : {}) },
        );
        const va = new MetricAverager();
        for (const [i, q] of dataset.queries.entries()) {
          engram.setNow(nowOf.get(q.userId) ?? new Date());
          const hits = await r.search({
            scope: { tenantId: 'bench', userId: q.userId, agentId: null },
            query: q.query,
            k: kMax,
          });
          const metrics = q.score(hits, args.ks);
          va.add(q.category, metrics);
          if (args.perQuestion) perQuestion[i]!.runs[v.name] = { metrics, top: topOf(hits) };
        }
        variants[v.name] = va.averages();
        variantsByCategory[v.name] = byCategoryOf(va);
      }
      Object.assign(result, { variants, variantsByCategory });
      console.log(['variant'.padEnd(34), ...metrics.map((m) => m.padStart(Math.max(7, m.length)))].join('  '));
      for (const [name, o] of Object.entries(variants)) {
        console.log(
          [
            name.padEnd(34),
            ...metrics.map((m) => (Number.isFinite(o[m]) ? o[m]!.toFixed(3) : '-').padStart(Math.max(7, m.length))),
          ].join('  '),
        );
      }
    }
    console.log(
      `${dataset.name}: ${result.n} queries, ${(queryMs / Math.max(1, dataset.queries.length)).toFixed(1)} ms/query, embedder ${embedder.modelId}`,
    );
    console.log(formatTable(result, dataset.metrics(args.ks)));
    if (args.peer === 'mem0') {
      const mem0 = await runMem0Peer(dataset, embedder, args.ks);
      const engramLatency = {
        addUnit: 'one append of a session batch (acknowledged; indexing is asynchronous, see ingest s)',
        add: latencyStats(appendMs),
        search: latencyStats(searchMs),
        ingestSeconds: Number((ingestMs / 1000).toFixed(1)),
      };
      (result as typeof result & { peers?: unknown }).peers = {
        engram: { latency: engramLatency },
        mem0: { ...mem0.result, latency: mem0.latency },
      };
      console.log(
        formatPeerComparison(dataset.metrics(args.ks), [
          { name: 'engram', result, latency: engramLatency },
          { name: 'mem0', result: mem0.result, latency: mem0.latency },
        ]),
      );
      console.log(`mem0 by category:\n${formatTable(mem0.result, dataset.metrics(args.ks))}`);
    }
    if (args.out) writeFileSync(args.out, `${JSON.stringify(result, null, 2)}\n`);
    if (args.perQuestion) writeFileSync(args.perQuestion, perQuestion.map((r) => `${JSON.stringify(r)}\n`).join(''));
  } finally {
    await engram.close();
    await embedder.close?.();
  }
}
