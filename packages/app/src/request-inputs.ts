import type {
  ListMemoriesQuery,
  ObserveBody,
  PatchBody,
  QueryBody,
  Static,
  WriteBatchBody,
  WriteBody,
} from '@engram/contract';
import type { Principal, Scope } from '@engram/core';
import type {
  ListMemoriesInput,
  ObserveMessageInput,
  PatchMemoryInput,
  QueryInput,
  WriteBatchInput,
  WriteMemoryInput,
} from './types';

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

const many = <T>(v: T | T[] | undefined): T[] | undefined => (v === undefined ? undefined : Array.isArray(v) ? v : [v]);

export function listInputOf(c: Caller, userId: string, q: Static<typeof ListMemoriesQuery>): ListMemoriesInput {
  return {
    scope: scopeOf(c.tenantId, { userId, agentId: q.agentId }),
    principal: c.principal,
    correlationId: c.correlationId,
    tiers: many(q.tier),
    types: many(q.type),
    tags: many(q.tag),
    keyPrefix: q.keyPrefix,
    updatedSince: q.updatedSince,
    limit: q.limit === undefined ? undefined : Number(q.limit),
    cursor: q.cursor,
    order: q.order,
    minPosition: q.minPosition,
  };
}

export function patchInputOf(c: Caller, memoryId: string, b: Static<typeof PatchBody>): PatchMemoryInput {
  const { userId: _u, agentId: _a, ...rest } = b;
  return { ...rest, scope: scopeOf(c.tenantId, b), principal: c.principal, correlationId: c.correlationId, memoryId };
}

export function batchInputOf(c: Caller, b: Static<typeof WriteBatchBody>): WriteBatchInput {
  return {
    scope: scopeOf(c.tenantId, b),
    principal: c.principal,
    correlationId: c.correlationId,
    items: b.items.map(({ scope: scopeTag, ...rest }) => ({ ...rest, scopeTag })),
  };
}
