import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** Headers of every delivery. */
export const WEBHOOK_HEADERS = {
  id: 'engram-webhook-id',
  timestamp: 'engram-webhook-timestamp',
  signature: 'engram-webhook-signature',
} as const;

/** A new endpoint secret (shown once). */
export function newWebhookSecret(): string {
  return `whsec_${randomBytes(24).toString('base64url')}`;
}

/**
 * The signature header of a body sent at `timestamp` (Unix seconds):
 * `v1=` + hex HMAC-SHA256(secret, `${timestamp}.${body}`). Receivers recompute it over the raw body
 * and the timestamp header, compare in constant time, and refuse old timestamps (replays).
 */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `v1=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

/** What a receiver does: true when the signature is the body's and the timestamp within toleranceSeconds of now. */
export function verifyWebhook(
  secret: string,
  headers: { timestamp: string | undefined; signature: string | undefined },
  body: string,
  opts: { toleranceSeconds?: number; nowSeconds?: number } = {},
): boolean {
  const ts = Number(headers.timestamp);
  if (!Number.isSafeInteger(ts) || !headers.signature) return false;
  const now = opts.nowSeconds ?? Math.floor(Date.now() / 1000);
  if (Math.abs(now - ts) > (opts.toleranceSeconds ?? 300)) return false;
  const want = Buffer.from(signWebhook(secret, ts, body));
  return headers.signature
    .split(',')
    .map((s) => Buffer.from(s.trim()))
    .some((got) => got.length === want.length && timingSafeEqual(got, want));
}
