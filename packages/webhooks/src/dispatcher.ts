import {
  deterministicId,
  EngramError,
  pollUntil,
  type Backoff,
  type Clock,
  type EventLog,
  type Logger,
  type ProjectionProgress,
  type SqlDatabase,
  type StoredEvent,
  type Subscription,
} from '@engram/core';
import { toWireEvent } from '@engram/app';
import { CHANGE_EVENT_TYPES, changeOf, needsProjection, type Change } from './classify';
import { startSender } from './sender';
import { webhookStore, type ActiveEndpoint, type NewDelivery } from './webhook-store';

/** The log consumer that queues webhook deliveries (its checkpoint is its own). */
export const WEBHOOK_CONSUMER = 'webhooks';

export interface WebhookDispatcherOptions {
  log: EventLog;
  db: SqlDatabase;
  /** The semantic projection's progress: a written memory is classified (added, updated, refused) once it applied it. */
  progress: ProjectionProgress;
  clock: Clock;
  logger: Logger;
  maxAttempts?: number;
  backoff?: Backoff;
  timeoutMs?: number;
  concurrency?: number;
  pollMs?: number;
  /** Longest a batch waits for the semantic projection before the log hands it again. */
  projectionWaitMs?: number;
  /**
   * Oldest endpoint list a batch is routed by: endpoints registered through another process (a
   * second query replica) take effect within this; this process's own changes at once.
   */
  endpointRefreshMs?: number;
  fetch?: typeof fetch;
}

export interface WebhookDispatcher {
  /** The endpoint table changed: reload it before the next batch. */
  endpointsChanged(): void;
  close(): Promise<void>;
}

/** The body of a delivery (what the signature covers). */
export function deliveryBody(id: string, webhookId: string, change: Change, s: StoredEvent, at: string): string {
  return JSON.stringify({
    id,
    type: change.type,
    webhookId,
    createdAt: at,
    data: {
      memoryId: change.memoryId,
      ...(change.previousId ? { previousId: change.previousId } : {}),
    },
    // The event as the event stream shows it, without user content: a receiver reads the memory
    // (GET /v1/memories/{id}), where forgetting is honoured, however late a retry arrives.
    event: toWireEvent(s, { content: false }),
  });
}

/**
 * Outbound webhooks as their own consumer of the log, never on the write path: each batch of
 * memory changes of tenants with endpoints becomes delivery rows (ids derived from endpoint, event
 * and change, so a redelivered batch queues nothing twice), and the sender posts them.
 */
export async function startWebhookDispatcher(o: WebhookDispatcherOptions): Promise<WebhookDispatcher> {
  const logger = o.logger;
  const sender = startSender({
    db: o.db,
    clock: o.clock,
    logger,
    maxAttempts: o.maxAttempts ?? 8,
    backoff: o.backoff ?? { initialMs: 1000, maxMs: 10 * 60_000 },
    timeoutMs: o.timeoutMs ?? 10_000,
    concurrency: o.concurrency ?? 4,
    pollMs: o.pollMs ?? 1000,
    fetch: o.fetch ?? globalThis.fetch.bind(globalThis),
  });
  const refreshMs = o.endpointRefreshMs ?? 5000;
  let endpoints: { map: Map<string, ActiveEndpoint[]>; generation: number; at: number } | null = null;
  let generation = 0;
  // A change made while the list was being read makes that read stale: read again.
  const routing = async () => {
    if (endpoints && endpoints.generation === generation && o.clock.now().getTime() - endpoints.at <= refreshMs)
      return endpoints.map;
    let read: typeof endpoints;
    do {
      read = { generation, at: o.clock.now().getTime(), map: await webhookStore.activeEndpoints(o.db) };
    } while (read.generation !== generation);
    endpoints = read;
    return read.map;
  };
  const stopping = new AbortController();

  const handle = async (batch: StoredEvent[]) => {
    const routed = await routing();
    const relevant = batch.filter((s) => CHANGE_EVENT_TYPES.has(s.event.type) && routed.has(s.event.tenantId));
    if (relevant.length === 0) return;
    const last = relevant.filter(needsProjection).at(-1);
    if (last) {
      const applied = await pollUntil(() => o.progress.reached(last.position), {
        backoff: { initialMs: 20, maxMs: 500 },
        timeoutMs: o.projectionWaitMs ?? 30_000,
        signal: stopping.signal,
      });
      if (!applied)
        throw new EngramError('PROJECTION_LAGGING', 'webhooks wait for the semantic projection to apply the batch', {
          retriable: true,
        });
    }
    const rows: NewDelivery[] = [];
    const at = o.clock.now().toISOString();
    for (const s of relevant) {
      const change = await changeOf(o.db, s);
      if (!change) continue;
      for (const ep of routed.get(s.event.tenantId) ?? []) {
        if (!ep.events.includes(change.type)) continue;
        const id = deterministicId('webhook-delivery', ep.id, s.event.eventId, change.type);
        rows.push({
          id,
          endpointId: ep.id,
          tenantId: ep.tenantId,
          eventId: s.event.eventId,
          type: change.type,
          position: `${s.position.partition}:${s.position.offset}`,
          payload: deliveryBody(id, ep.id, change, s, at),
          at,
        });
      }
    }
    if (rows.length === 0) return;
    await webhookStore.insertDeliveries(o.db, rows);
    sender.kick();
  };

  let sub: Subscription | null = null;
  try {
    sub = await o.log.subscribe(handle, { name: WEBHOOK_CONSUMER, batchSize: 200 });
  } catch (e) {
    await sender.close();
    throw e;
  }
  logger.info({ consumer: WEBHOOK_CONSUMER }, 'webhook dispatcher following the log');
  return {
    endpointsChanged() {
      generation++;
    },
    async close() {
      stopping.abort();
      await sub?.close();
      await sender.close();
    },
  };
}
