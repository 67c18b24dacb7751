import { pollUntil } from '@engram/core';

type Truthy<T> = Exclude<T, false | null | undefined | 0 | ''>;

/**
 * Waits for something a test cannot be told about directly (a projector in the background, another
 * process, a consumer group): checks `probe` with short, growing pauses until it gives a truthy
 * value and returns that value. When `timeoutMs` passes first it throws, naming `what`, so a wait
 * never ends without an answer. Prefer waiting on the condition itself (a position reached, a task
 * journal drained) over a pause.
 */
export async function waitFor<T>(what: string, probe: () => T | Promise<T>, timeoutMs = 20_000): Promise<Truthy<T>> {
  let value: T | undefined;
  const ok = await pollUntil(
    async () => {
      value = await probe();
      return Boolean(value);
    },
    { backoff: { initialMs: 5, maxMs: 100 }, timeoutMs },
  );
  if (!ok) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
  return value as Truthy<T>;
}
