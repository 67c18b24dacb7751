import { fileURLToPath } from 'node:url';

export * from './types';
export { signWebhook, verifyWebhook, newWebhookSecret, WEBHOOK_HEADERS } from './signing';
export { createWebhookAdmin, deliveriesQueryOf, type WebhookAdmin, type CreatedWebhook } from './webhook-admin';
export { startWebhookDispatcher, deliveryBody, WEBHOOK_CONSUMER } from './dispatcher';
export type { WebhookDispatcher, WebhookDispatcherOptions } from './dispatcher';

/** The webhook tables' migrations (apply with runMigrations(db, { dir, namespace: WEBHOOK_MIGRATIONS_NAMESPACE })). */
export const WEBHOOK_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
export const WEBHOOK_MIGRATIONS_NAMESPACE = 'webhooks';
