import { EngramError, type Embedder } from '@engram/core';
import type { WorkerReply, WorkerRequest } from './embedding-worker-main';
import { createLocalEmbedder, type LocalEmbedderSpec } from './local-embedder';
import { startWorkerSlot, type WorkerSlot } from './worker-slot';

export interface EmbeddingPoolOptions {
  /** Worker threads, each with its own copy of the model (≥ 1). */
  workers: number;
  /** Texts per batch sent to a worker: a large call is cut into batches of similar length (default 32). */
  batchSize?: number;
}

export type EmbeddingPoolState = 'idle' | 'loading' | 'ready' | 'failed';

export interface EmbeddingPool extends Embedder {
  /** Starts every worker and resolves when each has loaded its model (rejects if one cannot). */
  warmup(): Promise<void>;
  /** Where the model stands: what /readyz reports for vectors. */
  state(): { state: EmbeddingPoolState; error?: string; queuedTexts: number };
  close(): Promise<void>;
}

interface Job {
  texts: string[];
  query: boolean;
  resolve: (v: Float32Array[]) => void;
  reject: (e: Error) => void;
}

/**
 * Runs a local embedding model (USE, ONNX) on worker threads, so embedding never holds the event loop
 * the API answers on. Queries (`embedQueries`) have their own queue served before stored text: a bulk
 * ingest that outruns the model lengthens the projector's embedding lag, not a search. A call is cut
 * into batches of texts of similar length (less padding), spread over the idle workers, and each worker
 * runs one batch at a time, so a query waits behind one batch at most. Workers start on first use
 * (or warmup), are unref'd while idle, and a worker that dies is replaced; its batch fails with
 * EMBEDDER_FAILED (retriable).
 */
export async function createEmbeddingPool(spec: LocalEmbedderSpec, opts: EmbeddingPoolOptions): Promise<EmbeddingPool> {
  if (!Number.isInteger(opts.workers) || opts.workers < 1)
    throw new EngramError('CONFIG_INVALID', `embedding workers must be a positive integer, got ${opts.workers}`);
  const batchSize = opts.batchSize ?? 32;
  // The model's identity without loading it (the workers load it).
  const meta = await createLocalEmbedder(spec);
  await meta.close?.();

  const queries: Job[] = [];
  const stored: Job[] = [];
  const slots: (WorkerSlot<Job> | null)[] = Array.from({ length: opts.workers }, () => null);
  let state: EmbeddingPoolState = 'idle';
  let lastError: string | undefined;
  let closed = false;

  const failJob = (job: Job, why: string, code = 'EMBEDDER_FAILED', retriable = true) =>
    job.reject(new EngramError(code as 'EMBEDDER_FAILED', why, { retriable }));

  const start = (i: number): WorkerSlot<Job> => {
    if (state === 'idle' || state === 'failed') state = 'loading';
    const slot: WorkerSlot<Job> = startWorkerSlot<Job, Exclude<WorkerReply, { ready: boolean }>>({
      url: new URL('./embedding-worker.mjs', import.meta.url),
      workerData: { spec },
      onReady: () => {
        state = 'ready';
        lastError = undefined;
        pump();
      },
      onReply: (job, msg) => {
        if ('vectors' in msg) job.resolve(msg.vectors);
        else failJob(job, `embedding failed: ${msg.error}`, msg.code, msg.retriable);
        pump();
      },
      onRetired: ({ wasReady, why, code, jobs }) => {
        if (slots[i] === slot) slots[i] = null;
        const reason = wasReady ? `the embedding thread is gone: ${why}` : `the embedding model cannot load: ${why}`;
        for (const job of jobs) failJob(job, reason, code);
        if (!wasReady) {
          // The model cannot load: what waits for it fails too, instead of waiting for a retry.
          state = 'failed';
          lastError = reason;
          for (const job of [...queries.splice(0), ...stored.splice(0)]) failJob(job, reason, code);
        }
        pump();
      },
    });
    return slot;
  };

  function pump(): void {
    if (closed) return;
    for (let i = 0; i < slots.length; i++) {
      if (queries.length === 0 && stored.length === 0) break;
      const slot = (slots[i] ??= start(i));
      if (!slot.ready || slot.busy > 0) continue;
      const job = queries.shift() ?? stored.shift()!;
      slot.send(job, (id) => ({ id, texts: job.texts, query: job.query }) satisfies WorkerRequest);
    }
  }

  const submit = (texts: string[], query: boolean) =>
    new Promise<Float32Array[]>((resolve, reject) => {
      (query ? queries : stored).push({ texts, query, resolve, reject });
      pump();
    });

  async function run(texts: string[], query: boolean): Promise<Float32Array[]> {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the embedder is closed');
    if (texts.length === 0) return [];
    // A search never waits for the model to load: it answers from the keyword lists meanwhile.
    if (query && state !== 'ready') {
      if (state !== 'loading') warmupAll().catch(() => undefined);
      throw new EngramError('EMBEDDER_FAILED', `the embedding model is ${state === 'failed' ? 'failing' : 'loading'}`, {
        retriable: true,
      });
    }
    if (texts.length <= batchSize) return submit(texts, query);
    const order = texts.map((t, i) => ({ t, i })).sort((a, b) => a.t.length - b.t.length || a.i - b.i);
    const out = new Array<Float32Array>(texts.length);
    const batches: Promise<void>[] = [];
    for (let s = 0; s < order.length; s += batchSize) {
      const slice = order.slice(s, s + batchSize);
      batches.push(
        submit(
          slice.map((x) => x.t),
          query,
        ).then((vs) => slice.forEach((x, j) => (out[x.i] = vs[j]!))),
      );
    }
    await Promise.all(batches);
    return out;
  }

  async function warmupAll(): Promise<void> {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the embedder is closed');
    for (let i = 0; i < slots.length; i++) slots[i] ??= start(i);
    await Promise.all(
      slots.map((s) =>
        s!.started.catch((e: Error) => {
          throw new EngramError('EMBEDDER_FAILED', e.message, { retriable: true });
        }),
      ),
    );
  }

  return {
    modelId: meta.modelId,
    dimensions: meta.dimensions,
    embed: (texts) => run(texts, false),
    // Queries go first; a worker embeds them like stored text when the model has no query prompt.
    embedQueries: (texts) => run(texts, true),
    warmup: warmupAll,
    state: () => ({
      state,
      ...(lastError ? { error: lastError } : {}),
      queuedTexts: [...queries, ...stored].reduce((n, j) => n + j.texts.length, 0),
    }),
    async close() {
      if (closed) return;
      closed = true;
      for (const job of [...queries.splice(0), ...stored.splice(0)])
        job.reject(new EngramError('SHUTTING_DOWN', 'the embedder is closed'));
      const live = slots.filter((s): s is WorkerSlot<Job> => s !== null);
      slots.fill(null);
      for (const jobs of await Promise.all(live.map((s) => s.terminate())))
        for (const job of jobs) job.reject(new EngramError('SHUTTING_DOWN', 'the embedder is closed'));
    },
  };
}
