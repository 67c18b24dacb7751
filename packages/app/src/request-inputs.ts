import type { ObserveBody, QueryBody, Static, WriteBody } from '@engram/contract';
import type { Principal, Scope } from '@engram/core';
import type { ObserveMessageInput, QueryInput, WriteMemoryInput } from './types';

/** Who is calling, as every transport knows it: the key's principal, its tenant and the correlation id of the request. */
export interface Caller {
  tenantId: string;
  correlationId: string | null;
  /** P5: what every app operation authorises (the open principal with auth off). */
  principal: Principal;
}

export function scopeOf(tenantId: string, from: { userId: string; agentId?: string | undefined }): Scope {
  return { tenantId, userId: from.userId, agentId: from.agentId ?? null };
}

/** A checked request body as the app's input: one mapping for HTTP and gRPC. */
export function writeInputOf(c: Caller, b: Static<typeof WriteBody>): WriteMemoryInput {
  const { userId: _u, agentId: _a, scope: scopeTag, ...rest } = b;
  return { ...rest, scope: scopeOf(c.tenantId, b), principal: c.principal, correlationId: c.correlationId, scopeTag };
}

export function observeInputOf(c: Caller, sessionId: string, b: Static<typeof ObserveBody>): ObserveMessageInput {
  const { userId: _u, agentId: _a, ...rest } = b;
  return { ...rest, scope: scopeOf(c.tenantId, b), principal: c.principal, correlationId: c.correlationId, sessionId };
}

export function queryInputOf(c: Caller, b: Static<typeof QueryBody>): QueryInput {
  const { userId: _u, agentId: _a, scope: scopeTag, ...rest } = b;
  return { ...rest, scope: scopeOf(c.tenantId, b), principal: c.principal, correlationId: c.correlationId, scopeTag };
}
