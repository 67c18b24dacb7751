import { Worker } from 'node:worker_threads';
import { EngramError } from '@engram/core';

/** The part of the USE model the embedder calls. */
export interface UseModel {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

/**
 * The bundled Universal Sentence Encoder on a worker thread, so a search can run its keyword
 * lists and SQL on the main thread while the query is embedded (docs/benchmarks.md, query latency).
 * The thread starts on first use, does not keep the process alive while idle, and is restarted
 * after a crash; calls in flight when it dies fail with EMBEDDER_FAILED (retriable).
 */
export function useModelThread(): UseModel & { close(): Promise<void> } {
  let worker: Worker | null = null;
  let nextId = 0;
  const pending = new Map<number, { resolve: (v: ArrayLike<number>[]) => void; reject: (e: Error) => void }>();

  const failAll = (why: string) => {
    for (const p of pending.values()) p.reject(new EngramError('EMBEDDER_FAILED', why, { retriable: true }));
    pending.clear();
  };

  const start = (): Worker => {
    const w = new Worker(new URL('./use-model-worker.mjs', import.meta.url));
    w.unref();
    w.on('message', (msg: { id: number; vectors?: number[][]; error?: string }) => {
      const p = pending.get(msg.id);
      if (!p) return;
      pending.delete(msg.id);
      if (pending.size === 0) w.unref();
      if (msg.error !== undefined) p.reject(new EngramError('EMBEDDER_FAILED', `USE embedding failed: ${msg.error}`));
      else p.resolve(msg.vectors!);
    });
    w.on('error', (e) => {
      if (worker === w) worker = null;
      failAll(`the embedding thread failed: ${e.message}`);
    });
    w.on('exit', (code) => {
      if (worker === w) worker = null;
      failAll(`the embedding thread exited (code ${code})`);
    });
    return w;
  };

  return {
    embed(texts) {
      worker ??= start();
      const w = worker;
      const id = nextId++;
      return new Promise((resolve, reject) => {
        pending.set(id, { resolve, reject });
        w.ref();
        w.postMessage({ id, texts });
      });
    },
    async close() {
      const w = worker;
      worker = null;
      if (w) await w.terminate();
      failAll('the embedder is closed');
    },
  };
}
