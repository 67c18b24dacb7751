import { backoffDelay, type Backoff, type Clock, type Logger, type SqlDatabase } from '@engram/core';
import { signWebhook, WEBHOOK_HEADERS } from './signing';
import { webhookStore, type DueDelivery } from './webhook-store';

export interface SenderOptions {
  db: SqlDatabase;
  clock: Clock;
  logger: Logger;
  /** Attempts in all before a delivery is given up (failed). */
  maxAttempts: number;
  /** Wait before each retry (the project's one backoff: core backoffDelay). */
  backoff: Backoff;
  /** A receiver that has not answered by then counts as failed. */
  timeoutMs: number;
  /** Deliveries in flight at once. */
  concurrency: number;
  /** How often due retries are looked for when nothing kicked the sender. */
  pollMs: number;
  fetch: typeof fetch;
}

/**
 * Sends due deliveries: claims them (a lease, so several senders can share the table), POSTs the
 * signed body, and records each attempt in the delivery log — delivered on a 2xx, else retried with
 * backoff until maxAttempts, then failed. A receiver that hangs holds one slot until the timeout,
 * never a write.
 */
export function startSender(o: SenderOptions): { kick(): void; close(): Promise<void> } {
  let inFlight = 0;
  let closed = false;
  let timer: NodeJS.Timeout | null = null;
  let passing: Promise<void> | null = null;
  let again = false;
  const sending = new Set<Promise<void>>();
  const stop = new AbortController();

  const attempt = async (d: DueDelivery) => {
    const attempts = d.attempts + 1;
    const ts = Math.floor(o.clock.now().getTime() / 1000);
    let status: number | null = null;
    let error: string | null = null;
    try {
      const res = await o.fetch(d.url, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'user-agent': 'Engram-Webhooks/1',
          [WEBHOOK_HEADERS.id]: d.id,
          [WEBHOOK_HEADERS.timestamp]: String(ts),
          [WEBHOOK_HEADERS.signature]: signWebhook(d.secret, ts, d.payload),
        },
        body: d.payload,
        redirect: 'manual',
        signal: AbortSignal.any([AbortSignal.timeout(o.timeoutMs), stop.signal]),
      });
      status = res.status;
      await res.body?.cancel().catch(() => undefined);
      if (res.status < 200 || res.status >= 300) error = `the receiver answered HTTP ${res.status}`;
    } catch (e) {
      const err = e as Error;
      error = err.name === 'TimeoutError' ? `no answer within ${o.timeoutMs} ms` : `request failed: ${err.message}`;
    }
    if (closed && error !== null && stop.signal.aborted) return; // cut by shutdown: the lease expires, it is sent again
    const now = o.clock.now();
    if (error === null) {
      await webhookStore.recordDelivered(o.db, d.id, attempts, status!, now.toISOString());
      return;
    }
    const giveUp = attempts >= o.maxAttempts;
    const next = giveUp ? null : new Date(now.getTime() + backoffDelay(o.backoff, attempts)).toISOString();
    await webhookStore.recordFailure(o.db, d.id, { attempts, status, error, nextAttemptAt: next });
    o.logger[giveUp ? 'warn' : 'info'](
      { deliveryId: d.id, attempts, status, error, ...(next ? { retryAt: next } : {}) },
      giveUp ? 'webhook delivery failed; giving up' : 'webhook delivery failed; retrying',
    );
    if (next) schedule(Math.max(0, Date.parse(next) - now.getTime()));
  };

  const pass = async () => {
    while (!closed) {
      const due = await webhookStore.claimDue(
        o.db,
        o.clock.now().toISOString(),
        o.concurrency - inFlight,
        o.timeoutMs + 30_000,
      );
      if (due.length === 0) return;
      for (const d of due) {
        inFlight++;
        const p: Promise<void> = attempt(d)
          .catch((err: unknown) => o.logger.error({ err, deliveryId: d.id }, 'webhook delivery could not be recorded'))
          .finally(() => {
            inFlight--;
            sending.delete(p);
            kick();
          });
        sending.add(p);
      }
      if (inFlight >= o.concurrency) return;
    }
  };

  const kick = () => {
    if (closed) return;
    if (passing) {
      again = true;
      return;
    }
    passing = pass()
      .catch((err: unknown) => o.logger.error({ err }, 'webhook sender pass failed'))
      .finally(() => {
        passing = null;
        if (again) {
          again = false;
          kick();
        }
      });
  };

  function schedule(ms: number) {
    if (closed) return;
    if (timer) clearTimeout(timer);
    timer = setTimeout(
      () => {
        timer = null;
        kick();
        schedule(o.pollMs);
      },
      Math.min(ms, o.pollMs),
    );
    timer.unref();
  }

  schedule(0);
  return {
    kick,
    async close() {
      closed = true;
      if (timer) clearTimeout(timer);
      stop.abort();
      await passing;
      await Promise.allSettled([...sending]);
    },
  };
}
