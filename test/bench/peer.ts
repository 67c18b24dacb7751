/**
 * Engram against Mem0 OSS (mem0ai, installed on demand) on the same corpus and the same embedder, in
 * one run (issue 20):
 *   npm run bench -- peer [--sizes 1000,10000,100000] [--queries 200] [--writes 200] [--concurrency 1,16]
 *                         [--out F]
 * Corpus: one user's distinct synthetic facts (query/synthetic-memories.ts, the query bench's
 * generator); questions from 2–3 words of a random fact. Embedder: the hashed 256-d embedder for both
 * (Engram's server with ENGRAM_EMBEDDER=hash, Mem0 through its `langchain` embedder provider over the
 * same function in this process), so search time is retrieval time.
 * Engram is the real all-in-one (`engram start`, compiled) in a child process: the corpus is written
 * through POST /v1/memories/batch, its search timed through POST /v1/query (HTTP) and, with the server
 * stopped, through the same retriever in this process on the same data directory (runtime's
 * openFoundation + startQuerySide). Mem0 (`Memory`, in-memory SQLite vector store, history off) gets
 * the same texts through add(messages, {infer: false}), 100 per call; its search is memory.search(k 10,
 * threshold 0). Searches of the two systems alternate question by question (the order flips each
 * question), so machine load hits both alike. Sizes grow in one instance of each.
 * Writes, per concurrency level C: `--writes` new facts each, in rounds of 4·C alternating between the
 * systems; Engram = C concurrent POST /v1/memories (ack latency), its CPU the server process's (/proc)
 * from the round's first request until the round is applied by every projection (so the projection
 * and embedding work a write causes is counted); Mem0 = C concurrent add() of one message, its CPU
 * this process's over the round (Mem0 runs in it). A size above `--queries-cap-at` (default 50 000)
 * runs `--queries-large` (default 50) questions: Mem0 scans every row per search.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { createHashEmbedder } from '@engram/embedder-use';
import { Lifecycle, createRootLogger, openFoundation, parseConfig, startQuerySide } from '@engram/runtime';
import { latencyStats } from './query/latency-stats';
import { seededRng, SyntheticMemories } from './query/synthetic-memories';
import { loadMem0Oss } from './recall/mem0-package';
import { startEngramServer, type EngramServer } from './peer/engram-server';

const USER = 'peer-user';
const TENANT = 'default';
const BATCH = 100;
const K = 10;
const HASH_DIMENSIONS = 256;
const ENGRAM_ENV = { ENGRAM_EMBEDDER: 'hash', ENGRAM_HASH_DIMENSIONS: String(HASH_DIMENSIONS) };

function flag(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}
const numbers = (s: string) => s.split(',').map((x) => Number(x.trim()));
const round = (x: number, d = 2) => Math.round(x * 10 ** d) / 10 ** d;
const cpuNowMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

interface Mem0Memory {
  add(messages: Array<{ role: string; content: string }>, config: { userId: string; infer: boolean }): Promise<unknown>;
  search(
    query: string,
    config: { filters: { user_id: string }; topK: number; threshold: number },
  ): Promise<{ results: unknown[] }>;
}

async function openMem0(dir: string): Promise<Mem0Memory> {
  process.env.MEM0_TELEMETRY = 'false';
  process.env.MEM0_DIR = join(dir, 'mem0-home');
  const { Memory } = (await loadMem0Oss()) as { Memory: new (config: Record<string, unknown>) => Mem0Memory };
  const embedder = createHashEmbedder({ dimensions: HASH_DIMENSIONS });
  const one = async (t: string) => Array.from((await embedder.embed([t]))[0]!);
  return new Memory({
    embedder: {
      provider: 'langchain',
      config: {
        model: {
          embedQuery: one,
          embedDocuments: async (ts: string[]) => (await embedder.embed(ts)).map((v) => Array.from(v)),
        },
      },
    },
    vectorStore: {
      provider: 'memory',
      config: { collectionName: 'peer', dimension: HASH_DIMENSIONS, dbPath: join(dir, 'mem0-vectors.db') },
    },
    // Never called with infer: false; set so nothing falls back to api.openai.com.
    llm: { provider: 'openai', config: { apiKey: 'local', model: 'none', baseURL: 'http://127.0.0.1:9/v1' } },
    disableHistory: true,
  });
}

/** Both timings of question i, the one that goes first flipping with each question. */
async function alternate(i: number, a: () => Promise<number>, b: () => Promise<number>): Promise<[number, number]> {
  if (i % 2 === 0) {
    const x = await a();
    return [x, await b()];
  }
  const y = await b();
  return [await a(), y];
}

const offsetOf = (position: string) => Number(position.split(':')[1]);

/** Runs `fn` over `items` with `c` concurrent workers; returns each call's latency in ms. */
async function concurrently<T>(items: T[], c: number, fn: (item: T) => Promise<void>): Promise<number[]> {
  const ms: number[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: c }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t = performance.now();
        await fn(item);
        ms.push(performance.now() - t);
      }
    }),
  );
  return ms;
}

export default async function peer(argv: string[]): Promise<void> {
  const sizes = numbers(flag(argv, 'sizes', '1000,10000,100000'));
  const queries = Number(flag(argv, 'queries', '200'));
  const queriesLarge = Number(flag(argv, 'queries-large', '50'));
  const capAt = Number(flag(argv, 'queries-cap-at', '50000'));
  const writes = Number(flag(argv, 'writes', '200'));
  const levels = numbers(flag(argv, 'concurrency', '1,16'));
  const out = flag(argv, 'out', '');

  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-peer-'));
  const dataDir = join(dir, 'engram');
  const gen = new SyntheticMemories(seededRng(42));
  const qrng = seededRng(7);
  const seen = new Set<string>();
  const fresh = () => {
    let c = gen.memory();
    while (seen.has(c)) c = gen.memory();
    seen.add(c);
    return c;
  };
  const contents: string[] = [];
  const mem0 = await openMem0(dir);
  let server: EngramServer | null = await startEngramServer(dataDir, ENGRAM_ENV);
  const search: Array<Record<string, number>> = [];
  const write: Array<Record<string, number>> = [];
  try {
    for (const size of sizes) {
      const t0 = performance.now();
      server ??= await startEngramServer(dataDir, ENGRAM_ENV);
      let last: string | null = null;
      while (contents.length < size) {
        const texts = Array.from({ length: Math.min(BATCH, size - contents.length) }, fresh);
        contents.push(...texts);
        const r = await server.post<{ position: string | null; results: Array<{ ok: boolean }> }>(
          '/v1/memories/batch',
          { userId: USER, items: texts.map((content) => ({ content, type: 'ENVIRONMENT' })) },
        );
        if (r.status !== 200 || r.body.results.some((x) => !x.ok))
          throw new Error(`batch write: ${r.status} ${JSON.stringify(r.body).slice(0, 300)}`);
        last = r.body.position;
        await mem0.add(
          texts.map((content) => ({ role: 'user', content })),
          { userId: USER, infer: false },
        );
      }
      if (last) await server.waitApplied(USER, last);
      console.error(`${size} memories in both systems after ${((performance.now() - t0) / 1000).toFixed(1)} s`);

      const n = size > capAt ? queriesLarge : queries;
      const questions = Array.from({ length: n + 10 }, () =>
        gen.queryFor(contents[Math.floor(qrng() * contents.length)]!),
      );
      const mem0Search = async (q: string) => {
        const t = performance.now();
        await mem0.search(q, { filters: { user_id: USER }, topK: K, threshold: 0 });
        return performance.now() - t;
      };
      // Through HTTP, alternating with Mem0.
      const httpMs: number[] = [];
      const mem0DuringHttp: number[] = [];
      const http = server;
      for (const [i, q] of questions.entries()) {
        const engramOne = async () => {
          const t = performance.now();
          const r = await http.post<unknown>('/v1/query', { userId: USER, query: q, k: K });
          if (r.status !== 200) throw new Error(`query: ${r.status} ${JSON.stringify(r.body)}`);
          return performance.now() - t;
        };
        const [e, m] = await alternate(i, engramOne, () => mem0Search(q));
        if (i < 10) continue;
        httpMs.push(e);
        mem0DuringHttp.push(m);
      }
      await server.stop();
      server = null;

      // In this process, on the same data directory, alternating with Mem0.
      const cfg = parseConfig({ ENGRAM_DATA_DIR: dataDir, GRPC_PORT: 'off', LOG_LEVEL: 'warn', ...ENGRAM_ENV });
      const logger = createRootLogger({ service: 'bench-peer', level: 'warn' });
      const life = new Lifecycle(logger);
      const inProcessMs: number[] = [];
      const mem0Ms: number[] = [];
      try {
        const f = await openFoundation(cfg, logger, life);
        const side = await startQuerySide(f);
        const scope = { tenantId: TENANT, userId: USER, agentId: null };
        for (const [i, q] of questions.entries()) {
          const engramOne = async () => {
            const t = performance.now();
            await side.retriever.search({ scope, query: q, k: K });
            return performance.now() - t;
          };
          const [e, m] = await alternate(i, engramOne, () => mem0Search(q));
          if (i < 10) continue;
          inProcessMs.push(e);
          mem0Ms.push(m);
        }
      } finally {
        await life.stop();
      }
      const ein = latencyStats(inProcessMs);
      const ehttp = latencyStats(httpMs);
      const m0 = latencyStats(mem0Ms);
      const m0h = latencyStats(mem0DuringHttp);
      const row = {
        memories: size,
        queries: n,
        engramP50Ms: ein.p50,
        engramP99Ms: ein.p99,
        mem0P50Ms: m0.p50,
        mem0P99Ms: m0.p99,
        ratioP50: round(m0.p50 / ein.p50, 1),
        engramHttpP50Ms: ehttp.p50,
        engramHttpP99Ms: ehttp.p99,
        mem0DuringHttpP50Ms: m0h.p50,
        ratioHttpP50: round(m0h.p50 / ehttp.p50, 1),
      };
      search.push(row);
      console.error(JSON.stringify(row));
      if (out) await writeFile(out, `${JSON.stringify({ partial: true, search, write }, null, 2)}\n`);
    }

    server ??= await startEngramServer(dataDir, ENGRAM_ENV);
    for (const c of levels) {
      const roundSize = 4 * c;
      const engramAck: number[] = [];
      const mem0Lat: number[] = [];
      let engramWallMs = 0;
      let engramCpuMs = 0;
      let mem0WallMs = 0;
      let mem0CpuMs = 0;
      for (let done = 0; done < writes; done += roundSize) {
        const texts = Array.from({ length: Math.min(roundSize, writes - done) }, fresh);
        const mine = Array.from({ length: texts.length }, fresh);
        // Engram: acknowledged HTTP writes, CPU until the round is applied everywhere.
        const s = server;
        const cpu0 = s.cpuMs();
        let t = performance.now();
        let lastPos = '';
        engramAck.push(
          ...(await concurrently(texts, c, async (content) => {
            const r = await s.post<{ position: string }>('/v1/memories', {
              userId: USER,
              content,
              type: 'ENVIRONMENT',
            });
            if (r.status !== 202) throw new Error(`write: ${r.status} ${JSON.stringify(r.body)}`);
            if (lastPos === '' || offsetOf(r.body.position) > offsetOf(lastPos)) lastPos = r.body.position;
          })),
        );
        engramWallMs += performance.now() - t;
        await s.waitApplied(USER, lastPos);
        engramCpuMs += s.cpuMs() - cpu0;
        // Mem0: add() of one message each, in this process.
        const mcpu0 = cpuNowMs();
        t = performance.now();
        mem0Lat.push(
          ...(await concurrently(mine, c, async (content) => {
            await mem0.add([{ role: 'user', content }], { userId: USER, infer: false });
          })),
        );
        mem0WallMs += performance.now() - t;
        mem0CpuMs += cpuNowMs() - mcpu0;
      }
      const row = {
        concurrency: c,
        writes,
        engramPerSec: round(writes / (engramWallMs / 1000), 1),
        engramP50Ms: latencyStats(engramAck).p50,
        engramP99Ms: latencyStats(engramAck).p99,
        engramCpuMsPerOp: round(engramCpuMs / writes),
        mem0PerSec: round(writes / (mem0WallMs / 1000), 1),
        mem0P99Ms: latencyStats(mem0Lat).p99,
        mem0CpuMsPerOp: round(mem0CpuMs / writes),
      };
      write.push(row);
      console.error(JSON.stringify(row));
    }
  } finally {
    await server?.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const result = {
    benchmark: 'peer',
    config: {
      sizes,
      queries,
      queriesLarge,
      queriesCapAt: capAt,
      writes,
      concurrency: levels,
      k: K,
      embedder: `hash${HASH_DIMENSIONS}@1 (both)`,
      peer: 'mem0ai@3.3.1 (OSS, memory vector store, infer: false)',
      machine: `${cpus().length}x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
      loadAverageAtEnd: loadavg()[0],
      date: new Date().toISOString(),
    },
    search,
    write,
  };
  console.log(JSON.stringify(result, null, 2));
  if (out) await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
}
