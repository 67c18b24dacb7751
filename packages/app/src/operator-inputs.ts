import type {
  DeadLettersQuery,
  DecayQuery,
  ErasuresQuery,
  ListKeysQuery,
  QuarantineDecisionBody,
  QuarantineQuery,
  SessionsQuery,
  Static,
  TimelineQuery,
} from '@engram/contract';
import type { DeadLetterFilter, Principal } from '@engram/core';
import { scopeOf, type Caller } from './request-inputs';
import type {
  DecayCurveInput,
  ListErasuresInput,
  ListSessionsInput,
  QuarantineListInput,
  QuarantineResolveInput,
  SessionInput,
} from './types';

/** Checked requests of the operator and inspector operations as the app's inputs: one mapping for HTTP and gRPC. */

const num = (v: string | undefined) => (v === undefined ? undefined : Number(v));

export function sessionsInputOf(c: Caller, userId: string, q: Static<typeof SessionsQuery>): ListSessionsInput {
  return {
    scope: scopeOf(c.tenantId, { userId, agentId: q.agentId }),
    principal: c.principal,
    limit: num(q.limit),
    cursor: q.cursor,
    minPosition: q.minPosition,
  };
}

export function timelineInputOf(
  c: Caller,
  sessionId: string,
  q: Static<typeof TimelineQuery>,
): SessionInput & { minPosition?: string } {
  return { scope: scopeOf(c.tenantId, q), principal: c.principal, sessionId, minPosition: q.minPosition };
}

export function decayInputOf(c: Caller, memoryId: string, q: Static<typeof DecayQuery>): DecayCurveInput {
  return {
    scope: scopeOf(c.tenantId, q),
    principal: c.principal,
    memoryId,
    days: num(q.days),
    points: num(q.points),
    minPosition: q.minPosition,
  };
}

export function erasuresInputOf(c: Caller, q: Static<typeof ErasuresQuery>): ListErasuresInput {
  return {
    tenantId: c.tenantId,
    principal: c.principal,
    userId: q.userId ?? null,
    limit: num(q.limit),
    cursor: q.cursor,
  };
}

export function quarantineListInputOf(c: Caller, q: Static<typeof QuarantineQuery>): QuarantineListInput {
  return {
    tenantId: c.tenantId,
    principal: c.principal,
    userId: q.userId ?? null,
    status: q.status,
    limit: q.limit,
    minPosition: q.minPosition,
  };
}

export function quarantineDecisionInputOf(
  c: Caller,
  quarantineId: string,
  b: Static<typeof QuarantineDecisionBody>,
): QuarantineResolveInput {
  return {
    tenantId: c.tenantId,
    principal: c.principal,
    quarantineId,
    note: b.note,
    resolvedBy: b.resolvedBy,
    correlationId: c.correlationId,
    minPosition: b.minPosition,
  };
}

export function deadLettersInputOf(
  c: Caller,
  q: Static<typeof DeadLettersQuery>,
): DeadLetterFilter & { principal: Principal } {
  const { limit, ...filter } = q;
  return { ...filter, principal: c.principal, ...(limit !== undefined ? { limit: Number(limit) } : {}) };
}

/** GET /v1/admin/keys's query as KeyAdmin.list's filter. */
export function keyListInputOf(q: Static<typeof ListKeysQuery>): { tenantId?: string; includeRevoked: boolean } {
  return { ...(q.tenantId ? { tenantId: q.tenantId } : {}), includeRevoked: q.includeRevoked === 'true' };
}
