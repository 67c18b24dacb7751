import { analyzeContent, EngramError, type ContentAnalyzer, type ScanAnalysis } from '@engram/core';
import type { ScanReply, ScanRequest } from './scanner-worker-main';
import { startWorkerSlot, type WorkerSlot } from './worker-slot';

export interface ScannerPool {
  /** The screen's analyzer: every text of one write in one message to the least busy thread. */
  analyze: ContentAnalyzer;
  /** Resolves once every thread has started (jobs before that run on the caller's thread). */
  ready(): Promise<void>;
  /** Writes analysed so far on the threads and on the caller's thread. */
  counts(): { threads: number; here: number };
  close(): Promise<void>;
}

interface Job {
  texts: string[];
  resolve: (v: ScanAnalysis[]) => void;
  reject: (e: Error) => void;
}

/** A thread that died is started again at most this often. */
const RESTART_MS = 1000;

const inProcess = (texts: readonly string[]): ScanAnalysis[] => texts.map((t) => analyzeContent(t));

/**
 * The content scanner (P2) on worker threads: a write is still scanned before it is appended and
 * acknowledged, but the rules and the learned stage run beside the event loop that parses requests
 * and answers acknowledgements. The analysis is deterministic, so wherever no thread can take a job
 * — threads still starting, one that died with jobs in flight, the pool closed — the job runs on the
 * caller's thread instead: a write is never refused or held up because a thread is missing.
 */
export function createScannerPool(opts: { workers: number }): ScannerPool {
  if (!Number.isInteger(opts.workers) || opts.workers < 1)
    throw new EngramError('CONFIG_INVALID', `scanner workers must be a positive integer, got ${opts.workers}`);
  const slots: (WorkerSlot<Job> | null)[] = Array.from({ length: opts.workers }, () => null);
  let closed = false;
  const counts = { threads: 0, here: 0 };

  const runHere = (job: Job) => {
    counts.here++;
    try {
      job.resolve(inProcess(job.texts));
    } catch (e) {
      job.reject(e as Error);
    }
  };

  const start = (i: number): void => {
    const slot: WorkerSlot<Job> = startWorkerSlot<Job, Exclude<ScanReply, { ready: true }>>({
      url: new URL('./scanner-worker.mjs', import.meta.url),
      onReply: (job, msg) => {
        counts.threads++;
        if ('analyses' in msg) job.resolve(msg.analyses);
        else job.reject(new EngramError('INTERNAL', `the content scanner failed: ${msg.error}`));
      },
      onRetired: ({ wasReady, jobs }) => {
        if (slots[i] === slot) slots[i] = null;
        jobs.forEach(runHere);
        // A thread that never started (it cannot load) is not tried again: its jobs run here.
        if (!closed && wasReady) setTimeout(() => !closed && slots[i] === null && start(i), RESTART_MS).unref();
      },
    });
    slots[i] = slot;
  };
  for (let i = 0; i < slots.length; i++) start(i);
  const started = slots.map((s) => s!.started.catch(() => undefined));

  const analyze: ContentAnalyzer = (texts) =>
    new Promise<ScanAnalysis[]>((resolve, reject) => {
      const job: Job = { texts: [...texts], resolve, reject };
      let best: WorkerSlot<Job> | null = null;
      for (const s of slots) if (s?.ready && (!best || s.busy < best.busy)) best = s;
      if (closed || !best) return runHere(job);
      best.send(job, (id) => ({ id, texts: job.texts }) satisfies ScanRequest);
    });

  return {
    analyze,
    ready: async () => void (await Promise.all(started)),
    counts: () => ({ ...counts }),
    async close() {
      if (closed) return;
      closed = true;
      const live = slots.filter((s): s is WorkerSlot<Job> => s !== null);
      slots.fill(null);
      for (const jobs of await Promise.all(live.map((s) => s.terminate()))) jobs.forEach(runHere);
    },
  };
}
