import type { WebhookEventType } from '@engram/contract';

export { WEBHOOK_EVENT_TYPES, type WebhookEventType } from '@engram/contract';

export interface WebhookEndpoint {
  id: string;
  tenantId: string;
  url: string;
  events: WebhookEventType[];
  description: string | null;
  createdAt: string;
  /** Id of the key that registered it. */
  createdBy: string | null;
}

export type DeliveryStatus = 'pending' | 'delivered' | 'failed';

export interface WebhookDelivery {
  id: string;
  webhookId: string;
  eventId: string;
  type: WebhookEventType;
  /** Log position of the event. */
  position: string;
  status: DeliveryStatus;
  attempts: number;
  /** HTTP status of the last attempt (null: no answer). */
  lastStatus: number | null;
  lastError: string | null;
  createdAt: string;
  /** When the next attempt is due (pending only). */
  nextAttemptAt: string | null;
  deliveredAt: string | null;
}
