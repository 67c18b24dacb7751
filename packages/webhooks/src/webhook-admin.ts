import {
  EngramError,
  newId,
  requireScopes,
  tenantFor,
  type Clock,
  type Principal,
  type SqlDatabase,
} from '@engram/core';
import { WEBHOOK_EVENT_TYPES, type Static, type WebhookDeliveriesQuery, type WebhookEventType } from '@engram/contract';
import { newWebhookSecret } from './signing';
import type { DeliveryStatus, WebhookDelivery, WebhookEndpoint } from './types';
import { webhookStore } from './webhook-store';

export interface CreatedWebhook extends WebhookEndpoint {
  /** The HMAC-SHA256 key: shown in this answer only. */
  secret: string;
}

/** Webhook management (admin scope, the key's tenant), as KeyAdmin is for keys. */
export interface WebhookAdmin {
  create(
    p: Principal,
    tenantId: string,
    input: { url: string; events?: WebhookEventType[]; description?: string },
  ): Promise<CreatedWebhook>;
  list(p: Principal, tenantId: string): Promise<WebhookEndpoint[]>;
  remove(p: Principal, tenantId: string, id: string): Promise<WebhookEndpoint>;
  deliveries(
    p: Principal,
    tenantId: string,
    id: string,
    q?: { status?: DeliveryStatus; limit?: number },
  ): Promise<WebhookDelivery[]>;
}

/** The checked deliveries query (HTTP or gRPC) as WebhookAdmin.deliveries' filter. */
export function deliveriesQueryOf(q: Static<typeof WebhookDeliveriesQuery>): {
  status?: DeliveryStatus;
  limit?: number;
} {
  return {
    ...(q.status ? { status: q.status } : {}),
    ...(q.limit !== undefined ? { limit: Math.max(1, Number(q.limit)) } : {}),
  };
}

const notFound = (id: string) =>
  new EngramError('NOT_FOUND', `webhook ${id} not found`, { details: { webhookId: id } });

export function createWebhookAdmin(deps: { db: SqlDatabase; clock: Clock; onChange?: () => void }): WebhookAdmin {
  const { db, clock } = deps;
  const admitted = (p: Principal, tenantId: string) => {
    requireScopes(p, ['admin']);
    return tenantFor(p, tenantId);
  };
  const existing = async (tenantId: string, id: string) => {
    const e = await webhookStore.getEndpoint(db, tenantId, id.toLowerCase());
    if (!e) throw notFound(id);
    return e;
  };
  return {
    async create(p, requested, input) {
      const tenantId = admitted(p, requested);
      const endpoint = {
        id: newId(),
        tenantId,
        url: input.url,
        events: [...(input.events ?? WEBHOOK_EVENT_TYPES)],
        description: input.description ?? null,
        createdAt: clock.now().toISOString(),
        createdBy: p.keyId,
        secret: newWebhookSecret(),
      };
      await webhookStore.insertEndpoint(db, endpoint);
      deps.onChange?.();
      return endpoint;
    },
    async list(p, requested) {
      return webhookStore.listEndpoints(db, admitted(p, requested));
    },
    async remove(p, requested, id) {
      const tenantId = admitted(p, requested);
      const e = await existing(tenantId, id);
      if (!(await webhookStore.deleteEndpoint(db, tenantId, e.id, clock.now().toISOString()))) throw notFound(id);
      deps.onChange?.();
      return e;
    },
    async deliveries(p, requested, id, q = {}) {
      const tenantId = admitted(p, requested);
      const e = await existing(tenantId, id);
      return webhookStore.listDeliveries(db, e.id, {
        ...(q.status ? { status: q.status } : {}),
        limit: q.limit ?? 100,
      });
    },
  };
}
