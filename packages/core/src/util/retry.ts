import { EngramError } from '../errors';

/** Exponential backoff: the first retry waits initialMs, each further one `factor` times longer, never more than maxMs. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
  /** Growth per retry; default 2. */
  factor?: number;
}

/** The wait before retry number `retry` (1 = the first retry after the first failure). */
export function backoffDelay(b: Backoff, retry: number): number {
  const n = Math.max(1, Math.floor(retry));
  // The exponent is bounded so a long outage never overflows to Infinity before the cap applies.
  const grown = b.initialMs * (b.factor ?? 2) ** Math.min(n - 1, 52);
  return Math.max(0, Math.min(b.maxMs, grown));
}

export interface RetryFailure {
  error: unknown;
  /** Failed attempts so far, this one included (1 after the first failure). */
  failures: number;
  /** How long the next wait lasts. */
  delayMs: number;
}

export interface RetryOptions {
  backoff: Backoff;
  /** Attempts in all (the first one included) before the last error is rethrown; default unbounded. */
  maxAttempts?: number;
  /** Whether a failure may be retried; false rethrows it at once. Default: every failure is retried. */
  retryIf?: (error: unknown, failures: number) => boolean;
  /** Called before each wait (log here). */
  onRetry?: (f: RetryFailure) => void;
  /** Aborting ends the current wait; no further attempt starts and retry rejects with SHUTTING_DOWN. */
  signal?: AbortSignal;
  /** How to wait between attempts (default: a timer that ends early on abort), e.g. to heartbeat while waiting. */
  wait?: (ms: number, signal: AbortSignal | undefined) => Promise<void>;
}

/** A timer that resolves after ms, or at once when the signal aborts (it never rejects). */
export function abortableDelay(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise<void>((resolve) => {
    if (signal?.aborted) return resolve();
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}

function stopped(signal: AbortSignal): EngramError {
  const reason: unknown = signal.reason;
  return new EngramError(
    'SHUTTING_DOWN',
    reason instanceof Error ? reason.message : 'stopped before the operation succeeded',
    { cause: reason },
  );
}

/**
 * Runs fn until it resolves, waiting with exponential backoff between failed attempts. Gives up by
 * rethrowing the failure when retryIf says no or after maxAttempts; stops with SHUTTING_DOWN when the
 * signal aborts (never starting another attempt after that). fn gets the attempt number (1-based).
 */
export async function retry<T>(fn: (attempt: number) => Promise<T>, opts: RetryOptions): Promise<T> {
  const wait = opts.wait ?? abortableDelay;
  for (let attempt = 1; ; attempt++) {
    if (opts.signal?.aborted) throw stopped(opts.signal);
    try {
      return await fn(attempt);
    } catch (error) {
      if (opts.signal?.aborted) throw stopped(opts.signal);
      if (
        (opts.maxAttempts !== undefined && attempt >= opts.maxAttempts) ||
        (opts.retryIf && !opts.retryIf(error, attempt))
      )
        throw error;
      const delayMs = backoffDelay(opts.backoff, attempt);
      opts.onRetry?.({ error, failures: attempt, delayMs });
      await wait(delayMs, opts.signal);
    }
  }
}

/**
 * Checks a condition until it holds, waiting with backoff between checks. Resolves true when it
 * holds, false when timeoutMs passed (or the signal aborted) first; the caller decides what a
 * timeout means. The check runs at least once.
 */
export async function pollUntil(
  check: () => Promise<boolean>,
  opts: { backoff: Backoff; timeoutMs: number; signal?: AbortSignal },
): Promise<boolean> {
  const deadline = Date.now() + Math.max(0, opts.timeoutMs);
  for (let n = 1; ; n++) {
    if (await check()) return true;
    const left = deadline - Date.now();
    if (left <= 0 || opts.signal?.aborted) return false;
    await abortableDelay(Math.min(backoffDelay(opts.backoff, n), left), opts.signal);
  }
}
