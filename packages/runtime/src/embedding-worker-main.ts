import { parentPort, workerData } from 'node:worker_threads';
// The errors alone: an embedding thread need not load (and build) all of core.
import { EngramError } from '@engram/core/errors';
import { createLocalEmbedder, type LocalEmbedderSpec } from './local-embedder';

/** Wire format between the pool and a worker. */
export type WorkerRequest = { id: number; texts: string[]; query: boolean };
export type WorkerReply =
  | { ready: true }
  | { ready: false; error: string; code: string }
  | { id: number; vectors: Float32Array[] }
  | { id: number; error: string; code: string; retriable: boolean };

const port = parentPort!;
const fail = (e: unknown) => ({
  error: e instanceof Error ? e.message : String(e),
  code: e instanceof EngramError ? e.code : 'EMBEDDER_FAILED',
  retriable: e instanceof EngramError ? e.retriable : true,
});

try {
  const embedder = await createLocalEmbedder((workerData as { spec: LocalEmbedderSpec }).spec);
  await embedder.warmup();
  port.on('message', (req: WorkerRequest) => {
    const run = req.query && embedder.embedQueries ? embedder.embedQueries(req.texts) : embedder.embed(req.texts);
    run.then(
      (vectors) => {
        // Each vector's buffer moves to the parent instead of being copied (several may share one).
        const buffers = [...new Set(vectors.map((v) => v.buffer as ArrayBuffer))];
        port.postMessage({ id: req.id, vectors } satisfies WorkerReply, buffers);
      },
      (e: unknown) => port.postMessage({ id: req.id, ...fail(e) } satisfies WorkerReply),
    );
  });
  port.postMessage({ ready: true } satisfies WorkerReply);
} catch (e) {
  const f = fail(e);
  port.postMessage({ ready: false, error: f.error, code: f.code } satisfies WorkerReply);
}
