import { describe, expect, it } from 'vitest';
import { backoffDelay, EngramError, isEngramError, pollUntil, retry, type RetryFailure } from '@engram/core';

describe('backoffDelay', () => {
  it('doubles from initialMs up to maxMs, and stays finite after many retries', () => {
    const b = { initialMs: 50, maxMs: 1_000 };
    expect([1, 2, 3, 4, 5, 6].map((n) => backoffDelay(b, n))).toEqual([50, 100, 200, 400, 800, 1_000]);
    expect(backoffDelay(b, 10_000)).toBe(1_000);
    expect(backoffDelay({ initialMs: 10, maxMs: 1e6, factor: 3 }, 3)).toBe(90);
    expect(backoffDelay({ initialMs: 0, maxMs: 100 }, 4)).toBe(0);
  });
});

describe('retry', () => {
  const fast = { initialMs: 1, maxMs: 4 };

  it('retries until fn resolves, reporting each failure with its wait', async () => {
    const seen: RetryFailure[] = [];
    const attempts: number[] = [];
    const out = await retry(
      async (attempt) => {
        attempts.push(attempt);
        if (attempt < 4) throw new Error(`boom ${attempt}`);
        return 'ok';
      },
      { backoff: fast, onRetry: (f) => seen.push(f) },
    );
    expect(out).toBe('ok');
    expect(attempts).toEqual([1, 2, 3, 4]);
    expect(seen.map((f) => [f.failures, f.delayMs, (f.error as Error).message])).toEqual([
      [1, 1, 'boom 1'],
      [2, 2, 'boom 2'],
      [3, 4, 'boom 3'],
    ]);
  });

  it('rethrows the last failure after maxAttempts', async () => {
    let calls = 0;
    await expect(
      retry(
        async () => {
          calls++;
          throw new EngramError('STORE_UNAVAILABLE', `down ${calls}`);
        },
        { backoff: fast, maxAttempts: 3 },
      ),
    ).rejects.toMatchObject({ code: 'STORE_UNAVAILABLE', message: 'down 3' });
    expect(calls).toBe(3);
  });

  it('rethrows at once what retryIf refuses, and retries what it accepts', async () => {
    let calls = 0;
    const err = await retry(
      async () => {
        calls++;
        throw calls < 3 ? new EngramError('LOG_UNAVAILABLE', 'flaky') : new EngramError('VALIDATION_FAILED', 'bad');
      },
      { backoff: fast, retryIf: (e) => isEngramError(e) && e.retriable },
    ).catch((e: unknown) => e);
    expect(err).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(calls).toBe(3);
  });

  it('stops waiting when the signal aborts and starts no further attempt', async () => {
    const ctl = new AbortController();
    let calls = 0;
    const running = retry(
      async () => {
        calls++;
        throw new Error('down');
      },
      {
        backoff: { initialMs: 60_000, maxMs: 60_000 },
        signal: ctl.signal,
        onRetry: () => queueMicrotask(() => ctl.abort(new Error('closing'))),
      },
    );
    const err = await running.catch((e: unknown) => e);
    expect(isEngramError(err) && err.code).toBe('SHUTTING_DOWN');
    expect((err as Error).message).toBe('closing');
    expect(calls).toBe(1);
    // An aborted signal runs nothing at all.
    await expect(retry(async () => calls++, { backoff: fast, signal: ctl.signal })).rejects.toMatchObject({
      code: 'SHUTTING_DOWN',
    });
    expect(calls).toBe(1);
  });

  it('waits through the given wait function', async () => {
    const waits: number[] = [];
    let calls = 0;
    await retry(
      async () => {
        if (++calls < 3) throw new Error('x');
      },
      { backoff: { initialMs: 100, maxMs: 150 }, wait: async (ms) => void waits.push(ms) },
    );
    expect(waits).toEqual([100, 150]);
  });
});

describe('pollUntil', () => {
  it('resolves true once the condition holds, checking with growing waits', async () => {
    let checks = 0;
    expect(await pollUntil(async () => ++checks >= 4, { backoff: { initialMs: 1, maxMs: 2 }, timeoutMs: 60_000 })).toBe(
      true,
    );
    expect(checks).toBe(4);
  });

  it('resolves false when the time runs out, after checking at least once', async () => {
    let checks = 0;
    expect(await pollUntil(async () => (checks++, false), { backoff: { initialMs: 1, maxMs: 1 }, timeoutMs: 0 })).toBe(
      false,
    );
    expect(checks).toBe(1);
  });

  it('resolves false when the signal aborts during a wait', async () => {
    const ctl = new AbortController();
    const waiting = pollUntil(async () => false, {
      backoff: { initialMs: 60_000, maxMs: 60_000 },
      timeoutMs: 120_000,
      signal: ctl.signal,
    });
    ctl.abort();
    expect(await waiting).toBe(false);
  });
});
