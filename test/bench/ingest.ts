/**
 * Bulk ingest against the embedder's own batched throughput (issue 20: ≥ 80 %), in one run:
 *   npm run bench -- ingest [--embedder use|hash] [--events N] [--dataset longmemeval|locomo]
 *                           [--file F] [--pool W] [--out F]
 * The recall bench's ingest (test/bench/recall/embedded-engram.ts: file log, PGlite, every
 * projector, the search index) takes the dataset's first N events, appended batch by batch as the
 * recall bench does, until every projection and both halves of the search index have applied them.
 * The embedder is wrapped to record every text the search index hands it. Then the same embedder
 * embeds exactly those texts in one call (its own length-sorted batches: the best it does), timed
 * alone. ratio = embedder-alone seconds / ingest seconds (1.0: the ingest costs nothing beyond
 * embedding). --pool W runs the model on W embedding worker threads (the service's EmbeddingPool)
 * instead of in the bench's thread; both phases use the same embedder, warmed up first.
 */
import { writeFileSync } from 'node:fs';
import { cpus, loadavg, totalmem } from 'node:os';
import type { Embedder, EngramEvent } from '@engram/core';
import { createHashEmbedder, createUseEmbedder } from '@engram/embedder-use';
import { createEmbeddingPool } from '@engram/runtime';
import type { BenchDataset } from './recall/dataset';
import { openEmbeddedEngram } from './recall/embedded-engram';
import { loadLocomo } from './recall/locomo';
import { loadLongMemEval } from './recall/longmemeval';

const DEFAULT_FILES: Record<string, string> = {
  longmemeval: '/work/shared/bench/data/longmemeval/longmemeval_s_dev.json.gz',
  locomo: '/work/shared/bench/data/locomo/locomo_dev.json',
};

function flag(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

/** The first `n` events of the dataset, in the recall bench's batches (the last one cut). */
function firstEvents(dataset: BenchDataset, n: number): EngramEvent[][] {
  const out: EngramEvent[][] = [];
  let left = n;
  for (const corpus of dataset.corpora)
    for (const batch of corpus.batches) {
      if (left <= 0) return out;
      if (batch.length === 0) continue;
      out.push(batch.slice(0, left));
      left -= Math.min(left, batch.length);
    }
  return out;
}

/** Passes every call through, keeping the stored texts and the time spent inside embed. */
function recording(inner: Embedder): Embedder & { texts: string[]; embedMs: number } {
  const rec: Embedder & { texts: string[]; embedMs: number } = {
    modelId: inner.modelId,
    dimensions: inner.dimensions,
    texts: [],
    embedMs: 0,
    async embed(texts) {
      rec.texts.push(...texts);
      const t = performance.now();
      try {
        return await inner.embed(texts);
      } finally {
        rec.embedMs += performance.now() - t;
      }
    },
    ...(inner.embedQueries ? { embedQueries: (texts: string[]) => inner.embedQueries!(texts) } : {}),
  };
  return rec;
}

export default async function ingest(argv: string[]): Promise<void> {
  const embedderName = flag(argv, 'embedder', 'use');
  const events = Number(flag(argv, 'events', '1000'));
  const datasetName = flag(argv, 'dataset', 'longmemeval');
  const file = flag(argv, 'file', DEFAULT_FILES[datasetName] ?? '');
  const poolWorkers = Number(flag(argv, 'pool', '0'));
  const out = flag(argv, 'out', '');
  const dataset = datasetName === 'locomo' ? loadLocomo(file) : loadLongMemEval(file);
  const batches = firstEvents(dataset, events);
  const total = batches.reduce((n, b) => n + b.length, 0);

  // An embedding pool's idle workers do not hold the process open: this run does, until it ends.
  const alive = setInterval(() => undefined, 1000);
  let inner: Embedder & { close?(): Promise<void> };
  if (embedderName === 'hash') inner = createHashEmbedder({ dimensions: 256 });
  else if (poolWorkers > 0) inner = await createEmbeddingPool({ kind: 'use' }, { workers: poolWorkers });
  else inner = createUseEmbedder();
  // The model loads before anything is timed.
  await inner.embed(['warm up the model with one sentence', 'and a second one']);
  const embedder = recording(inner);
  const engram = await openEmbeddedEngram({ embedder });
  const load = [loadavg()[0]!];
  try {
    const t0 = performance.now();
    for (const batch of batches) await engram.append(batch);
    const appendedMs = performance.now() - t0;
    await engram.settle();
    const ingestMs = performance.now() - t0;
    load.push(loadavg()[0]!);
    const texts = [...embedder.texts];
    const t1 = performance.now();
    await inner.embed(texts);
    const aloneMs = performance.now() - t1;
    load.push(loadavg()[0]!);
    const result = {
      bench: 'ingest',
      at: new Date().toISOString(),
      machine: {
        cpus: cpus().length,
        cpu: cpus()[0]?.model,
        memGiB: Math.round(totalmem() / 2 ** 30),
        node: process.version,
      },
      load1: load.map((l) => Number(l.toFixed(1))),
      dataset: datasetName,
      file,
      embedder: inner.modelId,
      embeddingWorkers: poolWorkers,
      events: total,
      textsEmbedded: texts.length,
      appendSeconds: Number((appendedMs / 1000).toFixed(2)),
      ingestSeconds: Number((ingestMs / 1000).toFixed(2)),
      ingestEventsPerSec: Number((total / (ingestMs / 1000)).toFixed(1)),
      ingestTextsPerSec: Number((texts.length / (ingestMs / 1000)).toFixed(1)),
      secondsInsideEmbedDuringIngest: Number((embedder.embedMs / 1000).toFixed(2)),
      embedderAloneSeconds: Number((aloneMs / 1000).toFixed(2)),
      embedderTextsPerSec: Number((texts.length / (aloneMs / 1000)).toFixed(1)),
      ratio: Number((aloneMs / ingestMs).toFixed(3)),
    };
    console.log(JSON.stringify(result, null, 2));
    if (out) writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
  } finally {
    await engram.close();
    await inner.close?.();
    clearInterval(alive);
  }
}
