import { readTaskJournal } from '@engram/consolidation';
import { consolidatorStateDir } from '@engram/runtime';
import { waitFor } from '@engram/testing';

/**
 * Waits until the consolidator of a service (its data dir) has finished the task an event caused
 * (a SessionEnded's id): its durable task journal records it done, which it does only after the
 * task's events are in the log.
 */
export function consolidated(dataDir: string, causeEventId: string, timeoutMs = 90_000): Promise<true> {
  return waitFor(
    `the consolidation of ${causeEventId} (task journal in ${consolidatorStateDir({ dataDir })})`,
    async () => (await readTaskJournal(consolidatorStateDir({ dataDir }))).done.has(causeEventId),
    timeoutMs,
  );
}

/**
 * A position after everything already in the user's log partition: one more write in the same
 * stream. A read with it as minPosition sees all that was appended before (e.g. what a finished
 * consolidation task wrote).
 */
export async function headOf(
  p: {
    request(
      method: string,
      path: string,
      body?: unknown,
      headers?: Record<string, string>,
    ): Promise<{ status: number; body: any }>;
  },
  userId: string,
  headers: Record<string, string> = {},
): Promise<string> {
  const w = await p.request(
    'POST',
    '/v1/memories',
    { userId, type: 'ENVIRONMENT', content: 'marker for the end-to-end test: the log head' },
    headers,
  );
  if (w.status !== 202) throw new Error(`marker write answered ${w.status}: ${JSON.stringify(w.body)}`);
  return w.body.position as string;
}
