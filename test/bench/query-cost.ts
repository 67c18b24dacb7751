/**
 * The query cost bound (P5, issue "Access control": "a 4 KB query currently takes 1.7 s"):
 * `npm run bench -- query-cost [--memories 10000] [--queries 30] [--embedder use|hash] [--bound 1024]`.
 * One user's synthetic memories go through the real write path (file log → projectors → search
 * index), then the same hybrid retriever the query service runs answers questions of 60 B, 1 KB and
 * 4 KB: the whole text (as before the bound) and the text the app now searches, boundQueryText (its
 * first and last halves of the bound). A long query is a question with other memories' text pasted
 * before or after it, so the bench also reports whether the question's own memory is still found.
 */
import { performance } from 'node:perf_hooks';
import { cpus, totalmem } from 'node:os';
import { deterministicId, embedQueries, type Embedder, type EngramEvent } from '@engram/core';
import { boundQueryText } from '@engram/app';
import { QUERY_TEXT_BOUND_CHARS } from '@engram/contract';
import { createHashEmbedder } from '@engram/embedder-use';
import { warmPool } from './query/use-pool';
import { latencyStats, type LatencyStats } from './query/latency-stats';
import { seededRng, SyntheticMemories } from './query/synthetic-memories';
import { BENCH_TENANT } from './recall/dataset';
import { syntheticFactEvent } from './query/synthetic-fact';
import { openEmbeddedEngram } from './recall/embedded-engram';

const USER = 'query-cost-user';
const START = Date.parse('2024-01-01T00:00:00Z');

function flag(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 && argv[i + 1] ? argv[i + 1]! : dflt;
}

interface Row {
  size: string;
  where: 'start' | 'end';
  text: 'whole' | 'bounded';
  chars: number;
  search: LatencyStats;
  embed: LatencyStats;
  targetInTop10: number;
}

export default async function queryCost(argv: string[]): Promise<void> {
  const memories = Number(flag(argv, 'memories', '10000'));
  const queries = Number(flag(argv, 'queries', '30'));
  const bound = Number(flag(argv, 'bound', String(QUERY_TEXT_BOUND_CHARS)));
  const embedderName = flag(argv, 'embedder', 'use');
  const embedder: Embedder = embedderName === 'use' ? await warmPool() : createHashEmbedder({ dimensions: 256 });
  const engram = await openEmbeddedEngram({ embedder });
  const gen = new SyntheticMemories(seededRng(42));
  const rng = seededRng(11);
  const contents: string[] = [];
  const ids: string[] = [];
  try {
    const seen = new Set<string>();
    for (let start = 0; start < memories; start += 500) {
      const batch: EngramEvent[] = [];
      for (let i = start; i < Math.min(memories, start + 500); i++) {
        let content = gen.memory();
        while (seen.has(content)) content = gen.memory();
        seen.add(content);
        const e = syntheticFactEvent({
          memoryId: deterministicId('query-cost', i),
          content,
          userId: USER,
          start: START,
          i,
          idParts: ['query-cost', i],
        });
        contents.push(content);
        ids.push(e.payload.memoryId);
        batch.push(e);
      }
      await engram.append(batch);
    }
    await engram.settle(60 * 60_000);
    engram.setNow(new Date(START + memories * 600_000 + 86_400_000));
    const scope = { tenantId: BENCH_TENANT, userId: USER, agentId: null };

    /** A question about memory j, padded to `chars` with other memories' text on one side. */
    const queryOf = (j: number, chars: number, where: 'start' | 'end'): string => {
      const question = gen.queryFor(contents[j]!);
      const pad: string[] = [];
      let n = question.length;
      while (n < chars) {
        const other = contents[Math.floor(rng() * contents.length)]!;
        pad.push(`${other}.`);
        n += other.length + 2;
      }
      const text = where === 'start' ? [question, ...pad].join(' ') : [...pad, question].join(' ');
      return text.slice(
        where === 'start' ? 0 : Math.max(0, text.length - Math.max(chars, question.length)),
        where === 'start' ? Math.max(chars, question.length) : undefined,
      );
    };

    const rows: Row[] = [];
    // Warm up the embedder worker and the indexes.
    for (let i = 0; i < 5; i++) await engram.retriever.search({ scope, query: queryOf(i, 200, 'start'), k: 10 });
    for (const [label, chars] of [
      ['60 B', 0],
      ['1 KB', 1024],
      ['4 KB', 4096],
    ] as const) {
      for (const where of chars === 0 ? (['start'] as const) : (['start', 'end'] as const)) {
        const picks = Array.from({ length: queries }, () => Math.floor(rng() * memories));
        const texts = picks.map((j) => queryOf(j, chars, where));
        for (const text of ['whole', 'bounded'] as const) {
          if (text === 'bounded' && chars <= bound) continue;
          const searchMs: number[] = [];
          const embedMs: number[] = [];
          let found = 0;
          for (const [i, raw] of texts.entries()) {
            const q = text === 'whole' ? raw : boundQueryText(raw, bound);
            let t = performance.now();
            const hits = await engram.retriever.search({ scope, query: q, k: 10 });
            searchMs.push(performance.now() - t);
            if (hits.some((h) => h.id === ids[picks[i]!])) found++;
            t = performance.now();
            await embedQueries(embedder, [q]);
            embedMs.push(performance.now() - t);
          }
          const chars0 = Math.round(
            texts.reduce((s, q) => s + (text === 'whole' ? q : boundQueryText(q, bound)).length, 0) / texts.length,
          );
          rows.push({
            size: label,
            where,
            text,
            chars: chars0,
            search: latencyStats(searchMs),
            embed: latencyStats(embedMs),
            targetInTop10: found / texts.length,
          });
          console.error(`${label} question at ${where}, ${text}: p50 ${latencyStats(searchMs).p50} ms`);
        }
      }
    }
    console.log(
      `query cost: ${memories} memories, ${queries} queries per row, embedder ${embedder.modelId}, bound ${bound} chars; ${cpus().length} cores, ${Math.round(totalmem() / 2 ** 30)} GiB, Node ${process.version}`,
    );
    console.log(
      '| query | question at | text searched | chars | search p50 ms | search p95 ms | embed p50 ms | target in top 10 |',
    );
    console.log('|---|---|---|---|---|---|---|---|');
    for (const r of rows) {
      console.log(
        `| ${r.size} | ${r.where} | ${r.text} | ${r.chars} | ${r.search.p50} | ${r.search.p95} | ${r.embed.p50} | ${(r.targetInTop10 * 100).toFixed(0)}% |`,
      );
    }
  } finally {
    await engram.close();
    await embedder.close?.();
  }
}
