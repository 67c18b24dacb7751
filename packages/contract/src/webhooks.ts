import Type from 'typebox';
import { enumOf, line, uuid } from './fields';
import { refine } from './refine';

/** Outbound webhooks (POST/GET/DELETE /v1/admin/webhooks): the memory changes an endpoint can be told about. */
export const WEBHOOK_EVENT_TYPES = ['memory.added', 'memory.updated', 'memory.superseded', 'memory.forgotten'] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENT_TYPES)[number];

export const MAX_WEBHOOK_URL_CHARS = 2048;

function urlProblem(s: string): string | null {
  let u: URL;
  try {
    u = new URL(s);
  } catch {
    return 'must be an absolute URL';
  }
  if (u.protocol !== 'https:' && u.protocol !== 'http:') return 'must be an http or https URL';
  if (u.username || u.password) return 'must not carry credentials (deliveries are signed instead)';
  return null;
}

export const CreateWebhookBody = Type.Object(
  {
    url: refine(
      Type.String({ minLength: 8, maxLength: MAX_WEBHOOK_URL_CHARS, description: 'where deliveries are POSTed' }),
      urlProblem,
    ),
    events: Type.Optional(
      Type.Array(enumOf(WEBHOOK_EVENT_TYPES), {
        minItems: 1,
        maxItems: WEBHOOK_EVENT_TYPES.length,
        uniqueItems: true,
        description: 'which changes to deliver (default: all of them)',
      }),
    ),
    description: Type.Optional(line({ minLength: 1, maxLength: 256 })),
  },
  { additionalProperties: false },
);

export const WebhookParams = Type.Object({ id: uuid('webhook id') });

export const WebhookDeliveriesQuery = Type.Object(
  {
    status: Type.Optional(enumOf(['pending', 'delivered', 'failed'] as const)),
    limit: Type.Optional(
      Type.String({ pattern: '^[0-9]{1,3}$', description: 'at most this many, newest first (default 100)' }),
    ),
  },
  { additionalProperties: false },
);
