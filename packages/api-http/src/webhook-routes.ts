import Type from 'typebox';
import {
  CreateWebhookBody,
  TenantHeaders,
  WebhookDeliveriesQuery,
  WebhookParams,
  WEBHOOK_EVENT_TYPES,
} from '@engram/contract';
import { deliveriesQueryOf, type WebhookAdmin } from '@engram/webhooks';
import { route, type RouteDef } from './route-def';

const nullable = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

const webhookFields = {
  id: Type.String({ format: 'uuid' }),
  tenantId: Type.String(),
  url: Type.String(),
  events: Type.Array(Type.Enum([...WEBHOOK_EVENT_TYPES])),
  description: nullable(),
  createdAt: Type.String({ format: 'date-time' }),
  createdBy: nullable('id of the key that registered it'),
};
const webhookSchema = Type.Object(webhookFields);
const createdWebhookSchema = Type.Object({
  ...webhookFields,
  secret: Type.String({
    description:
      'the HMAC-SHA256 key of the engram-webhook-signature header (v1=hex(HMAC(secret, "<engram-webhook-timestamp>.<raw body>"))): shown in this answer only',
  }),
});
const deliverySchema = Type.Object({
  id: Type.String({ format: 'uuid', description: 'also the engram-webhook-id header and the body’s id' }),
  webhookId: Type.String({ format: 'uuid' }),
  eventId: Type.String(),
  type: Type.Enum([...WEBHOOK_EVENT_TYPES]),
  position: Type.String({ description: 'log position of the event' }),
  status: Type.Enum(['pending', 'delivered', 'failed']),
  attempts: Type.Integer(),
  lastStatus: Type.Union([Type.Integer(), Type.Null()], { description: 'HTTP status of the last attempt' }),
  lastError: nullable(),
  createdAt: Type.String({ format: 'date-time' }),
  nextAttemptAt: nullable('when the next attempt is due (pending only)'),
  deliveredAt: nullable(),
});

/** Outbound webhooks (admin scope, the key's tenant); deliveries run off the log, never on a write. */
export function webhookRoutes(webhooks: WebhookAdmin): RouteDef[] {
  return [
    route({
      method: 'POST',
      url: '/v1/admin/webhooks',
      operationId: 'createWebhook',
      summary:
        'Register a webhook (admin scope) for memory.added / updated / superseded / forgotten: signed POSTs, retried with backoff; the secret is shown once',
      tag: 'admin',
      schema: { body: CreateWebhookBody, headers: TenantHeaders },
      responses: { 201: { description: 'registered: store `secret` now', schema: createdWebhookSchema } },
      async handle({ principal, tenantId, body }) {
        return { status: 201, body: await webhooks.create(principal, tenantId, body) };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/admin/webhooks',
      operationId: 'listWebhooks',
      summary: 'The tenant’s webhooks (admin scope), newest first; never their secrets',
      tag: 'admin',
      schema: { headers: TenantHeaders },
      responses: { 200: { description: 'the webhooks', schema: Type.Object({ webhooks: Type.Array(webhookSchema) }) } },
      async handle({ principal, tenantId }) {
        return { status: 200, body: { webhooks: await webhooks.list(principal, tenantId) } };
      },
    }),
    route({
      method: 'DELETE',
      url: '/v1/admin/webhooks/:id',
      operationId: 'deleteWebhook',
      summary: 'Delete a webhook (admin scope): nothing more is sent to it; its pending deliveries fail',
      tag: 'admin',
      schema: { params: WebhookParams, headers: TenantHeaders },
      responses: { 200: { description: 'the deleted webhook', schema: webhookSchema } },
      async handle({ principal, tenantId, params }) {
        return { status: 200, body: await webhooks.remove(principal, tenantId, params.id) };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/admin/webhooks/:id/deliveries',
      operationId: 'listWebhookDeliveries',
      summary: 'The delivery log of a webhook (admin scope), newest first: attempts, status, last error',
      tag: 'admin',
      schema: { params: WebhookParams, querystring: WebhookDeliveriesQuery, headers: TenantHeaders },
      responses: {
        200: { description: 'deliveries', schema: Type.Object({ deliveries: Type.Array(deliverySchema) }) },
      },
      async handle({ principal, tenantId, params, query }) {
        const deliveries = await webhooks.deliveries(principal, tenantId, params.id, deliveriesQueryOf(query));
        return { status: 200, body: { deliveries } };
      },
    }),
  ];
}
