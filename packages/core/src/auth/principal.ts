/**
 * P5 access control: who is calling. A principal comes from an API key (or the operator's bootstrap
 * admin key, or nothing when auth is off) and decides what a request may reach.
 */
export const API_SCOPES = ['read', 'write', 'write:user_stated', 'erase', 'admin'] as const;
export type ApiScope = (typeof API_SCOPES)[number];

export interface Principal {
  /**
   * `key`: a stored API key; `bootstrap`: ENGRAM_ADMIN_KEY; `open`: auth is off (every scope, any
   * tenant); `anonymous`: a public route (no scope at all).
   */
  kind: 'key' | 'bootstrap' | 'open' | 'anonymous';
  /** Recorded in the envelope of every event the caller appends (null when auth is off). */
  keyId: string | null;
  /** The one tenant the caller may reach; null = any tenant (bootstrap admin, auth off). */
  tenantId: string | null;
  /** When set, every request is confined to this user. */
  userId: string | null;
  /** When set, every request is confined to this agent. */
  agentId: string | null;
  scopes: readonly ApiScope[];
}

/** The keyId recorded for requests made with the bootstrap admin key. */
export const BOOTSTRAP_KEY_ID = 'bootstrap-admin';

/** Auth off: every scope on every tenant; the tenant comes from x-tenant-id. */
export const OPEN_PRINCIPAL: Principal = Object.freeze({
  kind: 'open',
  keyId: null,
  tenantId: null,
  userId: null,
  agentId: null,
  scopes: Object.freeze([...API_SCOPES]),
}) as Principal;

export const BOOTSTRAP_PRINCIPAL: Principal = Object.freeze({
  kind: 'bootstrap',
  keyId: BOOTSTRAP_KEY_ID,
  tenantId: null,
  userId: null,
  agentId: null,
  scopes: Object.freeze([...API_SCOPES]),
}) as Principal;

/** The caller of a public route (/healthz, /readyz, /openapi.json): may reach nothing. */
export const ANONYMOUS_PRINCIPAL: Principal = Object.freeze({
  kind: 'anonymous',
  keyId: null,
  tenantId: null,
  userId: null,
  agentId: null,
  scopes: Object.freeze([]) as readonly ApiScope[],
}) as Principal;

export function hasScope(p: Principal, scope: ApiScope): boolean {
  return p.scopes.includes(scope);
}

export function isApiScope(s: unknown): s is ApiScope {
  return typeof s === 'string' && (API_SCOPES as readonly string[]).includes(s);
}
