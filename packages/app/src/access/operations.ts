import {
  EngramError,
  OPEN_PRINCIPAL,
  authorize,
  requireScopes,
  tenantFor,
  type ApiScope,
  type Principal,
  type Scope,
} from '@engram/core';
import type { AppContext } from '../context';
import type { CallBase, MemoryApp } from '../types';

export type Operation = Exclude<keyof MemoryApp, 'health' | 'flushAccesses' | 'close'>;

/**
 * P5: the scopes each operation of the app needs, whatever transport calls it (HTTP, gRPC, and
 * whatever comes next). An operation added to MemoryApp without an entry here does not compile.
 */
export const OPERATION_SCOPES: { readonly [O in Operation]: readonly ApiScope[] } = {
  observeMessage: ['write'],
  writeMemory: ['write'],
  endSession: ['write'],
  pin: ['write'],
  unpin: ['write'],
  restore: ['write'],
  resolveContradiction: ['write'],
  forget: ['erase'],
  consolidate: ['admin'],
  query: ['read'],
  getMemory: ['read'],
  // Which user of the tenant holds a memory id: a tenant-wide key may read them all anyway.
  locateMemory: ['read'],
  memoryHistory: ['read'],
  keyHistory: ['read'],
  workingMemory: ['read'],
  context: ['read'],
  listContradictions: ['read'],
  listMemories: ['read'],
  // A patch is a write of the entry's next version.
  patchMemory: ['write'],
  writeMemories: ['write'],
  // A user's own data, as engram export writes it (every agent's: not for an agent-bound key).
  exportUser: ['read'],
  // Tenant-wide views are an operator's.
  stats: ['admin'],
  listUsers: ['admin'],
  // The users/agents/runs whose memories the key may read anyway, with counts (Mem0's entities).
  listEntities: ['read'],
  // The write jobs whose status the writer asks (eventStatus).
  listWrites: ['write'],
  // An operator's review of what the scanner held (it may be any user's of the tenant).
  listQuarantine: ['admin'],
  releaseQuarantined: ['admin'],
  discardQuarantined: ['admin'],
  // The status of a write is asked by whoever wrote it.
  eventStatus: ['write'],
  // Events carry what reads show (ids; live ones their content): a reader's.
  streamEvents: ['read'],
  // Projection failures are an operator's (a tenant admin sees its tenant's only).
  listDeadLetters: ['admin'],
  retryDeadLetters: ['admin'],
  // The report of an erasure is for whoever may erase.
  getErasure: ['erase'],
  listErasures: ['erase'],
  listSessions: ['read'],
  sessionTimeline: ['read'],
  decayCurve: ['read'],
};

export interface Admitted {
  /** The scope the call runs in: the key's tenant, and its user/agent binding applied. */
  scope: Scope;
  principal: Principal;
  /** For the envelope of every event the call appends. */
  keyId: string | null;
}

/**
 * Every operation starts here: the requested scope (checked by the transport's contract) is
 * authorised for the caller. A call without a principal fails closed unless the app was built as
 * trusted (offline CLI, tests).
 */
export function admit(ctx: AppContext, input: CallBase, op: Operation): Admitted {
  const principal = callerOf(ctx, input.principal, op);
  return { scope: authorize(principal, OPERATION_SCOPES[op], input.scope), principal, keyId: principal.keyId };
}

/** The same for a tenant-wide operation (no one user): its scopes and the key's tenant. */
export function admitTenant(
  ctx: AppContext,
  input: { tenantId: string; principal?: Principal },
  op: Operation,
): Omit<Admitted, 'scope'> & { tenantId: string } {
  const principal = callerOf(ctx, input.principal, op);
  requireScopes(principal, OPERATION_SCOPES[op]);
  return { tenantId: tenantFor(principal, input.tenantId), principal, keyId: principal.keyId };
}

/** The caller: the transport's principal, or the open one for a trusted caller (offline CLI, tests). */
export function callerOf(ctx: AppContext, principal: Principal | undefined, op: Operation): Principal {
  const p = principal ?? (ctx.trusted ? OPEN_PRINCIPAL : null);
  if (!p)
    throw new EngramError('UNAUTHENTICATED', `${op}: no credentials were checked for this call`, {
      details: { reason: 'KEY_MISSING' },
    });
  return p;
}
