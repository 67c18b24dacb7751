import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';

/** Every generated key starts with this, so secret scanners and people can recognise one. */
export const API_KEY_PREFIX = 'egk_';
/** Characters of a key shown in listings (the prefix and 8 random characters); never enough to use it. */
export const DISPLAY_PREFIX_CHARS = API_KEY_PREFIX.length + 8;

export interface GeneratedApiKey {
  /** The secret: shown once, never stored or logged. */
  key: string;
  hash: string;
  prefix: string;
}

/**
 * A key is 256 random bits (base64url), so a plain SHA-256 is a safe one-way lookup hash: there is
 * nothing to brute-force, unlike a password, and lookups stay a single index probe.
 */
export function hashApiKey(key: string): string {
  return createHash('sha256').update(key, 'utf8').digest('hex');
}

export function generateApiKey(): GeneratedApiKey {
  const key = API_KEY_PREFIX + randomBytes(32).toString('base64url');
  return { key, hash: hashApiKey(key), prefix: key.slice(0, DISPLAY_PREFIX_CHARS) };
}

/** Constant-time equality of two hex digests of equal length. */
export function sameDigest(a: string, b: string): boolean {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
}

/**
 * The key a request presents: `Authorization: Bearer <key>` or `Token <key>` (Mem0's clients), or
 * `x-api-key`. Null when none is presented; a malformed Authorization header counts as none.
 */
export function presentedKey(authorization: unknown, xApiKey: unknown): string | null {
  if (typeof authorization === 'string') {
    const m = /^\s*(?:bearer|token)\s+(\S+)\s*$/i.exec(authorization);
    if (m) return m[1]!;
  }
  if (typeof xApiKey === 'string' && xApiKey.trim() !== '') return xApiKey.trim();
  return null;
}
