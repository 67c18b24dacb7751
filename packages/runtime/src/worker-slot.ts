import { Worker } from 'node:worker_threads';

/**
 * What every pool worker says first: ready, or that it cannot start (its model or rules cannot load).
 * After that each reply carries the `id` of the request it answers.
 */
export type WorkerHello = { ready: true } | { ready: false; error: string; code?: string };

/** Why a slot's thread is gone: it never became ready, or it failed or exited after. */
export interface Retired<J> {
  /** The thread had said ready before it went (a thread that never did is not worth restarting). */
  wasReady: boolean;
  why: string;
  /** The code a refusing thread gave with its `{ ready: false }` (none when it failed or exited). */
  code?: string;
  /** The jobs it had in flight, in the order they were sent: each is the pool's to finish or fail. */
  jobs: J[];
}

export interface WorkerSlot<J> {
  /** The thread said ready: jobs can be sent. */
  readonly ready: boolean;
  /** Resolves when the thread says ready; rejects (Error: the reason) if it is retired before. */
  readonly started: Promise<void>;
  /** Jobs sent and not yet answered. */
  readonly busy: number;
  /** Sends one job: `request(id)` is the message, `transfer` moves buffers instead of copying them. */
  send(job: J, request: (id: number) => unknown, transfer?: readonly ArrayBuffer[]): void;
  /** Ends the thread, handing back the jobs it still had (onRetired is not called for them). */
  terminate(): Promise<J[]>;
}

/**
 * One worker thread of a pool (the scanner's, the embedder's): the start-up handshake, replies matched
 * to their jobs by id, the thread kept ref'd only while it has jobs (an idle pool never holds the
 * process open), and a failure, exit or refusal to start reported once, with the jobs it took down.
 * What to do with those jobs, and whether to start another thread, is the pool's policy.
 */
export function startWorkerSlot<J, R extends { id: number }>(opts: {
  url: URL;
  workerData?: unknown;
  /** A reply for one job (the job is no longer in flight when this runs). */
  onReply: (job: J, reply: R) => void;
  onReady?: () => void;
  onRetired: (r: Retired<J>) => void;
}): WorkerSlot<J> {
  const worker = new Worker(opts.url, opts.workerData === undefined ? {} : { workerData: opts.workerData });
  worker.unref();
  const inFlight = new Map<number, J>();
  let nextId = 0;
  let ready = false;
  let gone = false;
  let markStarted!: () => void;
  let markFailed!: (e: Error) => void;
  const started = new Promise<void>((res, rej) => ((markStarted = res), (markFailed = rej)));
  started.catch(() => undefined); // a pool that never waits for it must not see an unhandled rejection

  const takeJobs = (): J[] => {
    const jobs = [...inFlight.values()];
    inFlight.clear();
    return jobs;
  };
  const retire = (why: string, code?: string) => {
    if (gone) return;
    gone = true;
    markFailed(new Error(why));
    const jobs = takeJobs();
    void worker.terminate();
    opts.onRetired({ wasReady: ready, why, ...(code === undefined ? {} : { code }), jobs });
  };

  worker.on('message', (msg: WorkerHello | R) => {
    if (gone) return;
    if ('ready' in msg) {
      if (!msg.ready) return retire(msg.error, msg.code);
      ready = true;
      markStarted();
      opts.onReady?.();
      return;
    }
    const job = inFlight.get(msg.id);
    if (job === undefined) return;
    inFlight.delete(msg.id);
    if (inFlight.size === 0) worker.unref();
    opts.onReply(job, msg);
  });
  worker.on('error', (e) => retire(`the thread failed: ${e.message}`));
  worker.on('exit', (code) => retire(`the thread exited (code ${code})`));

  return {
    get ready() {
      return ready && !gone;
    },
    started,
    get busy() {
      return inFlight.size;
    },
    send(job, request, transfer) {
      if (gone || !ready) throw new Error('worker slot: send before ready or after the thread is gone');
      const id = nextId++;
      if (inFlight.size === 0) worker.ref();
      inFlight.set(id, job);
      worker.postMessage(request(id), transfer as ArrayBuffer[] | undefined);
    },
    async terminate() {
      if (gone) return [];
      gone = true;
      markFailed(new Error('the pool is closed'));
      const jobs = takeJobs();
      await worker.terminate();
      return jobs;
    },
  };
}
