import {
  BOOTSTRAP_PRINCIPAL,
  EngramError,
  OPEN_PRINCIPAL,
  hashApiKey,
  presentedKey,
  sameDigest,
  type ApiKeyRecord,
  type Clock,
  type KeyStore,
  type Logger,
  type Principal,
} from '@engram/core';
import { TokenBuckets, type RateLimit } from './token-bucket';

export type AuthMode = 'required' | 'off';

/** What a transport hands over from a request: the Authorization header and x-api-key (gRPC: metadata). */
export interface Credentials {
  authorization?: unknown;
  apiKey?: unknown;
}

export interface AccessControl {
  readonly mode: AuthMode;
  /** Whether /metrics needs a key too (any scope). */
  readonly metricsProtected: boolean;
  /**
   * The principal of a request: UNAUTHENTICATED for a missing, unknown, revoked or expired key,
   * RATE_LIMITED (with retryAfterSeconds) when the key's bucket is empty. With auth off every
   * request is the open principal and presented keys are not looked at.
   */
  admit(credentials: Credentials): Promise<Principal>;
}

export interface AccessControlOptions {
  mode: AuthMode;
  /** Needed when mode is required. */
  keys?: KeyStore;
  /** SHA-256 of ENGRAM_ADMIN_KEY, the operator's bootstrap key (every scope, every tenant). */
  adminKeyHash?: string | null;
  rateLimit?: RateLimit | null;
  metricsProtected?: boolean;
  clock: Clock;
  logger: Logger;
  /** Least time between two last-used updates of one key (default one minute). */
  touchEveryMs?: number;
}

export type UnauthenticatedReason = 'KEY_MISSING' | 'KEY_UNKNOWN' | 'KEY_REVOKED' | 'KEY_EXPIRED';

function unauthenticated(reason: UnauthenticatedReason, message: string): EngramError {
  return new EngramError('UNAUTHENTICATED', message, { details: { reason } });
}

export function principalOf(k: ApiKeyRecord): Principal {
  return {
    kind: 'key',
    keyId: k.id,
    tenantId: k.tenantId,
    userId: k.userId,
    agentId: k.agentId,
    scopes: [...k.scopes],
  };
}

/** The access-control instance for auth off (tests, the offline CLI, a loopback all-in-one). */
export function openAccess(): AccessControl {
  return { mode: 'off', metricsProtected: false, admit: async () => OPEN_PRINCIPAL };
}

export function createAccessControl(opts: AccessControlOptions): AccessControl {
  if (opts.mode === 'off') return { ...openAccess(), metricsProtected: opts.metricsProtected ?? false };
  const keys = opts.keys;
  if (!keys) throw new EngramError('CONFIG_INVALID', 'auth is required but no key store was given');
  const buckets = opts.rateLimit ? new TokenBuckets(opts.rateLimit, () => opts.clock.now().getTime()) : null;
  const touchEveryMs = opts.touchEveryMs ?? 60_000;
  const touched = new Map<string, number>();

  const touch = (id: string, now: Date) => {
    const last = touched.get(id);
    if (last !== undefined && now.getTime() - last < touchEveryMs) return;
    touched.set(id, now.getTime());
    // Off the request path; a failed update only leaves last-used older than it is.
    keys
      .touch(id, now.toISOString())
      .catch((err: unknown) => opts.logger.warn({ err, keyId: id }, 'could not record the last use of an API key'));
  };

  const authenticate = async (credentials: Credentials, now: Date): Promise<Principal> => {
    const key = presentedKey(credentials.authorization, credentials.apiKey);
    if (key === null) {
      throw unauthenticated(
        'KEY_MISSING',
        'an API key is required: send Authorization: Bearer <key> (or Token <key>, or x-api-key: <key>)',
      );
    }
    const hash = hashApiKey(key);
    if (opts.adminKeyHash && sameDigest(hash, opts.adminKeyHash)) return BOOTSTRAP_PRINCIPAL;
    const record = await keys.findByHash(hash);
    if (!record) throw unauthenticated('KEY_UNKNOWN', 'the API key is not valid');
    if (record.revokedAt !== null) throw unauthenticated('KEY_REVOKED', `the API key ${record.prefix}… was revoked`);
    if (record.expiresAt !== null && Date.parse(record.expiresAt) <= now.getTime()) {
      throw unauthenticated('KEY_EXPIRED', `the API key ${record.prefix}… expired at ${record.expiresAt}`);
    }
    touch(record.id, now);
    return principalOf(record);
  };

  return {
    mode: 'required',
    metricsProtected: opts.metricsProtected ?? false,
    async admit(credentials) {
      const now = opts.clock.now();
      const principal = await authenticate(credentials, now);
      if (buckets) {
        const taken = buckets.take(principal.keyId!);
        if (!taken.ok) {
          throw new EngramError(
            'RATE_LIMITED',
            `too many requests for this key (at most ${opts.rateLimit!.burst} at once, ${opts.rateLimit!.perSecond} per second)`,
            {
              details: {
                reason: 'RATE',
                retryAfterSeconds: taken.retryAfterSeconds,
                perSecond: opts.rateLimit!.perSecond,
                burst: opts.rateLimit!.burst,
              },
            },
          );
        }
      }
      return principal;
    },
  };
}
