/**
 * `--peer mem0`: the same recall protocol through Mem0's open-source TypeScript build (mem0ai 3.3.1),
 * side by side with Engram in one run. Mem0 gets the same documents Engram indexes (each
 * MessageObserved as one message, each MemoryWritten as one memory, verbatim: `infer: false`, so no
 * LLM) and the same questions; its embeddings come from the Embedder Engram uses in this run, served
 * over a loopback OpenAI-format /v1/embeddings endpoint. Offline settings per the machine notes:
 * telemetry off, MEM0_DIR and the SQLite store in a temp dir, history disabled, one store per
 * corpus (its search scans every row of the store).
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import type { Embedder, EngramEvent, QueryHit } from '@engram/core';
import { latencyStats, type LatencyStats } from '../query/latency-stats';
import type { BenchDataset } from './dataset';
import { MetricAverager } from './metrics';
import { buildResult, type RecallResult } from './report';
import { loadMem0Oss } from './mem0-package';

export interface PeerLatency {
  /** What one timed "add" is. */
  addUnit: string;
  add: LatencyStats;
  search: LatencyStats;
  ingestSeconds: number;
}

export interface Mem0PeerResult {
  result: RecallResult;
  latency: PeerLatency;
}

interface EmbeddingServer {
  baseUrl: string;
  requests(): number;
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return Buffer.concat(chunks).toString('utf8');
}

/** /v1/embeddings in the OpenAI wire format, answered by a real Embedder (not a hash stand-in). */
export async function startEmbeddingServer(embedder: Embedder): Promise<EmbeddingServer> {
  let n = 0;
  const server = createServer((req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    void (async () => {
      try {
        const path = (req.url ?? '').split('?')[0]!;
        if (req.method !== 'POST' || !path.endsWith('/embeddings'))
          return send(404, { error: { message: `no route ${req.method} ${path}` } });
        const body = JSON.parse(await readBody(req)) as { input: string | string[]; model?: string };
        const inputs = (Array.isArray(body.input) ? body.input : [body.input]).map(String);
        n++;
        const vectors = await embedder.embed(inputs);
        send(200, {
          object: 'list',
          model: body.model ?? embedder.modelId,
          data: vectors.map((v, index) => ({ object: 'embedding', index, embedding: Array.from(v) })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        });
      } catch (e) {
        send(500, { error: { message: e instanceof Error ? e.message : String(e) } });
      }
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests: () => n,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** The document one event gives Mem0, and the hit it stands for when Mem0 returns it. */
function documentOf(e: EngramEvent): { role: string; content: string; hit: QueryHit } | null {
  const base = {
    tier: 'EPISODIC' as const,
    type: null,
    key: null,
    score: 0,
    source: null,
    importance: 0.5,
    effectiveImportance: 0.5,
    metadata: {},
    sessionId: e.sessionId,
    createdAt: e.occurredAt,
    tags: [],
    pinned: false,
    supersededBy: null,
  };
  switch (e.type) {
    case 'MessageObserved': {
      const p = e.payload;
      return {
        role: p.role === 'assistant' ? 'assistant' : 'user',
        content: p.content,
        hit: { ...base, id: p.messageId, kind: 'message', content: p.content, sourceMessageIds: [p.messageId] },
      };
    }
    case 'MemoryWritten': {
      const p = e.payload;
      return {
        role: 'user',
        content: p.content,
        hit: {
          ...base,
          id: p.memoryId,
          kind: 'memory',
          tier: p.tier,
          type: p.type,
          content: p.content,
          metadata: p.metadata,
          sourceMessageIds: p.sourceMessageIds,
        },
      };
    }
    default:
      // Session boundaries, consolidation and lifecycle events carry no text of their own.
      return null;
  }
}

interface Mem0Memory {
  add(
    messages: Array<{ role: string; content: string }>,
    config: { userId: string; infer: boolean; metadata: Record<string, unknown> },
  ): Promise<unknown>;
  search(
    query: string,
    config: { filters: { user_id: string }; topK: number; threshold: number },
  ): Promise<{ results: Array<{ id: string; metadata?: Record<string, unknown> | null }> }>;
}

/** Runs every corpus and its questions through Mem0, one store per corpus. */
export async function runMem0Peer(dataset: BenchDataset, embedder: Embedder, ks: number[]): Promise<Mem0PeerResult> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-mem0-'));
  // Read when the module is first loaded: set before the import below.
  process.env.MEM0_TELEMETRY = 'false';
  process.env.MEM0_DIR = join(dir, 'mem0-home');
  const { Memory } = (await loadMem0Oss()) as { Memory: new (config: Record<string, unknown>) => Mem0Memory };
  const server = await startEmbeddingServer(embedder);
  const kMax = Math.max(...ks);
  const addMs: number[] = [];
  const searchMs: number[] = [];
  const avg = new MetricAverager();
  let ingestMs = 0;
  try {
    for (const [ci, corpus] of dataset.corpora.entries()) {
      const memory = new Memory({
        embedder: { provider: 'openai', config: { apiKey: 'local', model: embedder.modelId, baseURL: server.baseUrl } },
        vectorStore: {
          provider: 'memory',
          config: {
            collectionName: `corpus_${ci}`,
            dimension: embedder.dimensions,
            dbPath: join(dir, `corpus-${ci}.db`),
          },
        },
        // Never called with infer: false; set so nothing falls back to api.openai.com.
        llm: { provider: 'openai', config: { apiKey: 'local', model: 'none', baseURL: server.baseUrl } },
        disableHistory: true,
      });
      const hitOf = new Map<string, QueryHit>();
      const t0 = performance.now();
      for (const batch of corpus.batches) {
        for (const e of batch) {
          const doc = documentOf(e);
          if (!doc) continue;
          hitOf.set(doc.hit.id, doc.hit);
          const t = performance.now();
          await memory.add([{ role: doc.role, content: doc.content }], {
            userId: corpus.userId,
            infer: false,
            metadata: { docId: doc.hit.id },
          });
          addMs.push(performance.now() - t);
        }
      }
      ingestMs += performance.now() - t0;
      for (const q of dataset.queries) {
        if (q.userId !== corpus.userId) continue;
        const t = performance.now();
        // threshold 0: rank, do not truncate (recall@k compares rankings).
        const found = await memory.search(q.query, { filters: { user_id: corpus.userId }, topK: kMax, threshold: 0 });
        searchMs.push(performance.now() - t);
        const hits = found.results.flatMap((r, rank) => {
          const h = hitOf.get(String(r.metadata?.docId ?? ''));
          return h ? [{ ...h, score: kMax - rank }] : [];
        });
        avg.add(q.category, q.score(hits, ks));
      }
    }
    if (server.requests() === 0) throw new Error('Mem0 never called the local embedding server');
  } finally {
    await server.close();
    await rm(dir, { recursive: true, force: true });
  }
  return {
    result: buildResult(
      `${dataset.name} (mem0)`,
      { peer: 'mem0ai@3.3.1', embedder: embedder.modelId, storePerCorpus: true, infer: false, threshold: 0 },
      avg,
    ),
    latency: {
      addUnit: 'one message (add with infer: false, includes its embedding call)',
      add: latencyStats(addMs),
      search: latencyStats(searchMs),
      ingestSeconds: Math.round(ingestMs / 100) / 10,
    },
  };
}

/** Both systems' recall metrics and latencies, one line each. */
export function formatPeerComparison(
  metrics: string[],
  rows: Array<{ name: string; result: RecallResult; latency: PeerLatency }>,
): string {
  const head = [
    'system'.padEnd(8),
    'n'.padStart(4),
    ...metrics.map((m) => m.padStart(Math.max(7, m.length))),
    'add p50',
    'add p95',
    'search p50',
    'search p95',
    'ingest s',
  ];
  const lines = rows.map(({ name, result, latency }) =>
    [
      name.padEnd(8),
      String(result.n).padStart(4),
      ...metrics.map((m) =>
        (Number.isFinite(result.overall[m]) ? result.overall[m]!.toFixed(3) : '-').padStart(Math.max(7, m.length)),
      ),
      latency.add.p50.toFixed(1).padStart(7),
      latency.add.p95.toFixed(1).padStart(7),
      latency.search.p50.toFixed(1).padStart(10),
      latency.search.p95.toFixed(1).padStart(10),
      latency.ingestSeconds.toFixed(1).padStart(8),
    ].join('  '),
  );
  const units = rows.map((r) => `${r.name} add = ${r.latency.addUnit}`).join('; ');
  return [head.join('  '), '-'.repeat(head.join('  ').length), ...lines, `(ms; ${units})`].join('\n');
}
