import { EngramError } from '../errors';
import type { ProvenanceSource, Scope } from '../memory/model';
import { hasScope, type ApiScope, type Principal } from './principal';

/** Why a request was refused (FORBIDDEN details.reason). */
export type ForbiddenReason =
  'SCOPE_MISSING' | 'TENANT_NOT_ALLOWED' | 'USER_NOT_ALLOWED' | 'AGENT_NOT_ALLOWED' | 'AGENT_BOUND';

export function forbidden(
  reason: ForbiddenReason,
  message: string,
  details: Record<string, unknown> = {},
): EngramError {
  return new EngramError('FORBIDDEN', message, { details: { reason, ...details } });
}

/** The tenant a request runs in: the key's, never the header's; the header may only repeat it. */
export function tenantFor(p: Principal, requested: string | null | undefined): string {
  if (p.tenantId === null) return requested || 'default';
  if (requested && requested !== p.tenantId) {
    throw forbidden('TENANT_NOT_ALLOWED', `this key belongs to another tenant than "${requested}"`, {
      tenantId: requested,
    });
  }
  return p.tenantId;
}

export function requireScopes(p: Principal, need: readonly ApiScope[]): void {
  const missing = need.filter((s) => !hasScope(p, s));
  if (missing.length > 0) {
    throw forbidden('SCOPE_MISSING', `this key lacks the scope${missing.length > 1 ? 's' : ''} ${missing.join(', ')}`, {
      required: [...need],
      missing,
    });
  }
}

/**
 * P3/P5, the one authorisation decision every route and transport makes: the scopes the operation
 * needs, then the tenant, user and agent confinement of the key. Returns the scope the request runs
 * in (an agent-bound key's reads and writes are pinned to its agent when the request names none).
 */
export function authorize(p: Principal, need: readonly ApiScope[], requested: Scope): Scope {
  requireScopes(p, need);
  const tenantId = tenantFor(p, requested.tenantId);
  if (p.userId !== null && requested.userId !== p.userId) {
    throw forbidden('USER_NOT_ALLOWED', `this key is bound to another user than "${requested.userId}"`, {
      userId: requested.userId,
    });
  }
  let agentId = requested.agentId;
  if (p.agentId !== null) {
    if (agentId !== null && agentId !== p.agentId) {
      throw forbidden('AGENT_NOT_ALLOWED', `this key is bound to another agent than "${agentId}"`, { agentId });
    }
    agentId = p.agentId;
  }
  return { tenantId, userId: requested.userId, agentId };
}

/** Operations that reach every agent of a user (erasing a key or a whole user) are not for agent-bound keys. */
export function requireAllAgents(p: Principal, what: string): void {
  if (p.agentId !== null) {
    throw forbidden(
      'AGENT_BOUND',
      `${what} reaches every agent of the user; this key is bound to agent "${p.agentId}"`,
      { agentId: p.agentId },
    );
  }
}

/** P5: provenance follows the caller. Claiming user_stated needs write:user_stated. */
export function mayClaim(p: Principal, source: ProvenanceSource): boolean {
  return source !== 'user_stated' || hasScope(p, 'write:user_stated');
}

export function requireClaim(p: Principal, source: ProvenanceSource, what = 'claiming source user_stated'): void {
  if (!mayClaim(p, source)) {
    throw new EngramError('PROVENANCE_NOT_ALLOWED', `${what} needs the write:user_stated scope`, {
      details: { field: 'source', source, required: 'write:user_stated' },
    });
  }
}

/** The provenance of a write that names none: user_stated when the caller may claim it, else model_inferred. */
export function defaultSourceFor(p: Principal): ProvenanceSource {
  return mayClaim(p, 'user_stated') ? 'user_stated' : 'model_inferred';
}
