import {
  forbidden,
  requireAllAgents,
  requireScopes,
  tenantFor,
  type DeadLetter,
  type DeadLetterFilter,
  type DeadLetterRetryFilter,
  type Principal,
} from '@engram/core';
import { sqlDeadLetters } from '@engram/projections';
import { callerOf, OPERATION_SCOPES } from '../access/operations';
import type { AppContext } from '../context';

/**
 * P5: dead letters are an operator's (admin scope). A key bound to a tenant sees and retries only its
 * tenant's (and only its user's when bound to one); dead letters hold no agent, so agent-bound keys
 * are refused. Unbound operators (the bootstrap key, auth off) see every tenant's, undecodable events included.
 */
function confined(
  ctx: AppContext,
  principal: Principal | undefined,
  op: 'listDeadLetters' | 'retryDeadLetters',
  f: { tenantId?: string; userId?: string },
): { tenantId?: string; userId?: string } {
  const p = callerOf(ctx, principal, op);
  requireScopes(p, OPERATION_SCOPES[op]);
  requireAllAgents(p, 'dead letters');
  const tenantId = p.tenantId === null ? f.tenantId : tenantFor(p, f.tenantId);
  if (p.userId !== null && f.userId !== undefined && f.userId !== p.userId) {
    throw forbidden('USER_NOT_ALLOWED', `this key is bound to another user than "${f.userId}"`, { userId: f.userId });
  }
  const userId = p.userId ?? f.userId;
  return { ...(tenantId !== undefined ? { tenantId } : {}), ...(userId !== undefined ? { userId } : {}) };
}

/** L8 admin: the dead letters (paged by id), and marking them for retry by their projections. */
export async function listDeadLetters(
  ctx: AppContext,
  input: DeadLetterFilter & { principal?: Principal },
): Promise<{ deadLetters: DeadLetter[]; counts: Record<string, number> }> {
  const { principal, ...filter } = input;
  const within = confined(ctx, principal, 'listDeadLetters', filter);
  const store = sqlDeadLetters(ctx.db);
  const bound = principal !== undefined && principal.tenantId !== null;
  return { deadLetters: await store.list({ ...filter, ...within }), counts: await store.counts(bound ? within : {}) };
}

export async function retryDeadLetters(
  ctx: AppContext,
  input: DeadLetterRetryFilter & { principal?: Principal },
): Promise<{ requested: number }> {
  const { principal, ...f } = input;
  const filter = { ...f, ...confined(ctx, principal, 'retryDeadLetters', f) };
  const requested = await sqlDeadLetters(ctx.db).requestRetry(filter);
  ctx.logger.info({ ...filter, requested, keyId: principal?.keyId ?? null }, 'dead letters marked for retry');
  return { requested };
}
