import { EngramError } from '@engram/core';

/** Thrown at a batch boundary after Ctrl-C; the job's progress is already durable. */
export function interrupted(what: string): EngramError {
  return new EngramError('SHUTTING_DOWN', `${what} interrupted; run the same command again to resume`, {
    details: { reason: 'INTERRUPTED' },
  });
}

export function throwIfAborted(signal: AbortSignal, what: string): void {
  if (signal.aborted) throw interrupted(what);
}

/** Waits ms unless aborted first (rate limiting must not delay Ctrl-C). */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  if (ms <= 0 || signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });
}
