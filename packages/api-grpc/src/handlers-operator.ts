import {
  deadLettersInputOf,
  keyListInputOf,
  quarantineDecisionInputOf,
  quarantineListInputOf,
  type KeyAdmin,
  type MemoryApp,
} from '@engram/app';
import {
  ApiKeyParams,
  check,
  CreateKeyBody,
  CreateWebhookBody,
  DeadLetterRetryBody,
  DeadLettersQuery,
  ListKeysQuery,
  QuarantineDecisionBody,
  QuarantineParams,
  QuarantineQuery,
  WebhookDeliveriesQuery,
  WebhookParams,
} from '@engram/contract';
import { EngramError } from '@engram/core';
import { deliveriesQueryOf, type WebhookAdmin } from '@engram/webhooks';
import { list, n, s, shape, type CallContext, type Req } from './handlers';

type Handlers = Record<string, (c: CallContext, r: Req) => Promise<Req>>;

/** Key management and webhooks are served where their admins are given, as on HTTP; elsewhere UNIMPLEMENTED, after auth. */
const notServed = (what: string) =>
  new EngramError('UNSUPPORTED', `${what} is not served by this service`, { details: { reason: 'NOT_SERVED' } });

function keyHandlers(keys: KeyAdmin | undefined): Handlers {
  const admin = () => {
    if (!keys) throw notServed('key management');
    return keys;
  };
  return {
    async CreateApiKey(c, r) {
      const b = check(
        CreateKeyBody,
        shape({
          tenantId: s(r.tenantId),
          scopes: r.scopes,
          userId: s(r.userId),
          agentId: s(r.agentId),
          name: s(r.name),
          expiresAt: s(r.expiresAt),
        }),
      );
      return { ...(await admin().create(c.principal, b)) };
    },
    async ListApiKeys(c, r) {
      const q = check(
        ListKeysQuery,
        shape({
          tenantId: s(r.tenantId),
          includeRevoked: typeof r.includeRevoked === 'boolean' ? String(r.includeRevoked) : undefined,
        }),
      );
      return { keys: await admin().list(c.principal, keyListInputOf(q)) };
    },
    async RevokeApiKey(c, r) {
      const { id } = check(ApiKeyParams, shape({ id: r.id }));
      return { ...(await admin().revoke(c.principal, id)) };
    },
  };
}

function webhookHandlers(webhooks: WebhookAdmin | undefined): Handlers {
  const admin = () => {
    if (!webhooks) throw notServed('webhook management');
    return webhooks;
  };
  return {
    async CreateWebhook(c, r) {
      const b = check(CreateWebhookBody, shape({ url: r.url, events: list(r.events), description: s(r.description) }));
      return { ...(await admin().create(c.principal, c.tenantId, b)) };
    },
    async ListWebhooks(c) {
      return { webhooks: await admin().list(c.principal, c.tenantId) };
    },
    async DeleteWebhook(c, r) {
      const { id } = check(WebhookParams, shape({ id: r.id }));
      return { ...(await admin().remove(c.principal, c.tenantId, id)) };
    },
    async ListWebhookDeliveries(c, r) {
      const { id } = check(WebhookParams, shape({ id: r.id }));
      const q = check(WebhookDeliveriesQuery, shape({ status: s(r.status), limit: n(r.limit) }));
      return { deliveries: await admin().deliveries(c.principal, c.tenantId, id, deliveriesQueryOf(q)) };
    },
  };
}

/**
 * The operator calls: keys, the scanner's quarantine, projection dead letters, webhooks. Each checks
 * the HTTP route's request shape and calls the same operation (which enforces the admin scope).
 * A null of the answer leaves the proto field unset (an empty string on the wire).
 */
export function operatorHandlers(
  app: MemoryApp,
  admins: { keys?: KeyAdmin | undefined; webhooks?: WebhookAdmin | undefined },
): Handlers {
  const decision = (r: Req) => ({
    id: check(QuarantineParams, shape({ id: r.id })).id,
    body: check(
      QuarantineDecisionBody,
      shape({ note: s(r.note), resolvedBy: s(r.resolvedBy), minPosition: s(r.minPosition) }),
    ),
  });
  return {
    ...keyHandlers(admins.keys),
    ...webhookHandlers(admins.webhooks),
    async ListQuarantine(c, r) {
      const q = check(
        QuarantineQuery,
        shape({ userId: s(r.userId), status: s(r.status), limit: r.limit, minPosition: s(r.minPosition) }),
      );
      const items = await app.listQuarantine(quarantineListInputOf(c, q));
      return {
        items: items.map(({ heldPayload, ...w }) => ({ ...w, heldPayloadJson: JSON.stringify(heldPayload) })),
      };
    },
    async ReleaseQuarantined(c, r) {
      const { id, body } = decision(r);
      return { ...(await app.releaseQuarantined(quarantineDecisionInputOf(c, id, body))) };
    },
    async DiscardQuarantined(c, r) {
      const { id, body } = decision(r);
      return { ...(await app.discardQuarantined(quarantineDecisionInputOf(c, id, body))) };
    },
    async ListDeadLetters(c, r) {
      const q = check(
        DeadLettersQuery,
        shape({
          projection: s(r.projection),
          tenantId: s(r.tenantId),
          userId: s(r.userId),
          status: s(r.status),
          limit: n(r.limit),
          after: s(r.after),
        }),
      );
      return { ...(await app.listDeadLetters(deadLettersInputOf(c, q))) };
    },
    async RetryDeadLetters(c, r) {
      const b = check(
        DeadLetterRetryBody,
        shape({ id: s(r.id), projection: s(r.projection), tenantId: s(r.tenantId), userId: s(r.userId) }),
      );
      return { ...(await app.retryDeadLetters({ ...b, principal: c.principal })) };
    },
  };
}
