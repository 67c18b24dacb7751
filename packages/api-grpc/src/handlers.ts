import type * as grpc from '@grpc/grpc-js';
import { EngramError, tenantFor } from '@engram/core';
import type { Principal, QueryHit } from '@engram/core';
import {
  observeInputOf,
  queryInputOf,
  scopeOf,
  writeInputOf,
  type Caller,
  type MemoryApp,
  type MemoryView,
} from '@engram/app';
import {
  check,
  ErasureParams,
  ErasureQuery,
  EventParams,
  EventStatusQuery,
  ForgetRequest,
  MemoryParams,
  ObserveBody,
  QueryBody,
  SessionParams,
  TenantHeaders,
  UserBody,
  UserQuery,
  WriteBody,
} from '@engram/contract';

export type Req = Record<string, unknown>;
/** proto3: an unset optional field is absent, an empty repeated field is []; both mean "not given". */
export const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
export const list = (v: unknown): unknown[] | undefined => (Array.isArray(v) && v.length > 0 ? v : undefined);
/** A number field as the HTTP query's string, checked by the same pattern there. */
export const n = (v: unknown): string | undefined => (typeof v === 'number' ? String(v) : undefined);

/** A message's fields as the request shape of @engram/contract (undefined fields dropped). */
export function shape(fields: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
}

export type CallContext = Caller;

/** The credentials of a call, from its metadata (the same names as the HTTP headers). */
export function credentialsOf(metadata: grpc.Metadata): { authorization: unknown; apiKey: unknown } {
  const first = (name: string) => {
    const v = metadata.get(name)[0];
    return v === undefined ? undefined : String(v);
  };
  return { authorization: first('authorization'), apiKey: first('x-api-key') };
}

/**
 * Tenant and correlation id from call metadata, checked by the same schema as the HTTP headers; as
 * there, the tenant is the key's (P5) and x-tenant-id may only repeat it.
 */
export function callContext(metadata: grpc.Metadata, principal: Principal): CallContext {
  const tenant = metadata.get('x-tenant-id')[0];
  const corr = metadata.get('x-correlation-id')[0];
  const h = check(
    TenantHeaders,
    shape({
      'x-tenant-id': tenant === undefined || tenant === '' ? undefined : String(tenant),
      'x-correlation-id': corr === undefined || corr === '' ? undefined : String(corr),
    }),
    'metadata',
  );
  return {
    principal,
    tenantId: tenantFor(principal, h['x-tenant-id'] ?? null),
    correlationId: h['x-correlation-id'] ?? null,
  };
}

/** metadata_json → the object the request shape's metadata field checks. */
export function metadataOf(r: Req): unknown {
  const raw = s(r.metadataJson);
  if (raw === undefined) return undefined;
  try {
    return JSON.parse(raw);
  } catch {
    throw new EngramError('VALIDATION_FAILED', 'metadataJson: must be a JSON object', {
      details: { field: 'metadataJson' },
    });
  }
}

function hitToProto(h: QueryHit): Req {
  return {
    id: h.id,
    kind: h.kind,
    tier: h.tier,
    type: h.type ?? '',
    key: h.key ?? '',
    content: h.content,
    score: h.score,
    source: h.source ?? '',
    importance: h.importance,
    effectiveImportance: h.effectiveImportance,
    metadataJson: JSON.stringify(h.metadata ?? {}),
    sourceMessageIds: h.sourceMessageIds,
    sessionId: h.sessionId ?? '',
    createdAt: h.createdAt,
    tags: h.tags,
    pinned: h.pinned,
    supersededBy: h.supersededBy ?? '',
    validFrom: h.validFrom ?? '',
    validTo: h.validTo ?? '',
    // Same field names as the JSON shape; null (not in a list, not reranked) leaves a message unset.
    ...(h.explain ? { explain: h.explain } : {}),
  };
}

export function erasureToProto(rep: Awaited<ReturnType<MemoryApp['getErasure']>>): Req {
  return {
    ...rep,
    subject: { ...rep.subject, memoryId: rep.subject.memoryId ?? '' },
    completedAt: rep.completedAt ?? '',
    error: rep.error ?? '',
  };
}

export function memoryToProto(m: MemoryView): Req {
  return {
    ...m,
    agentId: m.agentId ?? '',
    key: m.key ?? '',
    sessionId: m.sessionId ?? '',
    lastAccessed: m.lastAccessed ?? '',
    episodeId: m.episodeId ?? '',
    supersededBy: m.supersededBy ?? '',
    scope: m.scope ?? '',
    validFrom: m.validFrom ?? '',
    validTo: m.validTo ?? '',
    metadataJson: JSON.stringify(m.metadata),
    metadata: undefined,
  };
}

/** A WriteRequest's fields but the user and agent, as the contract's write shape (a batch item). */
export function writeFieldsOf(r: Req): Record<string, unknown> {
  return shape({
    type: r.type,
    key: s(r.key),
    content: r.content,
    tags: list(r.tags),
    importance: r.importance,
    pinned: r.pinned,
    source: s(r.source),
    sessionId: s(r.sessionId),
    metadata: metadataOf(r),
    tier: s(r.tier),
    validFrom: s(r.validFrom),
    validTo: s(r.validTo),
    scope: s(r.scope),
  });
}

/** Each rpc: request message (camelCase) → the contract's request shape, checked → app call → response message. */
export function buildHandlers(app: MemoryApp): Record<string, (c: CallContext, r: Req) => Promise<Req>> {
  return {
    async Write(c, r) {
      const b = check(WriteBody, shape({ userId: r.userId, agentId: s(r.agentId), ...writeFieldsOf(r) }));
      const res = await app.writeMemory(writeInputOf(c, b));
      return {
        id: res.id,
        eventId: res.eventId ?? '',
        position: res.position ?? '',
        deduplicated: res.deduplicated,
        quarantineId: res.quarantineId ?? '',
      };
    },
    async Observe(c, r) {
      const { sessionId } = check(SessionParams, shape({ sessionId: r.sessionId }));
      const b = check(
        ObserveBody,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          role: r.role,
          content: r.content,
          messageId: s(r.messageId),
          at: s(r.at),
          metadata: metadataOf(r),
        }),
      );
      const res = await app.observeMessage(observeInputOf(c, sessionId, b));
      return { ...res };
    },
    async EndSession(c, r) {
      const { sessionId } = check(SessionParams, shape({ sessionId: r.sessionId }));
      const b = check(UserBody, shape({ userId: r.userId, agentId: s(r.agentId) }));
      const res = await app.endSession({
        scope: scopeOf(c.tenantId, b),
        principal: c.principal,
        correlationId: c.correlationId,
        sessionId,
      });
      return { ...res };
    },
    async Query(c, r) {
      const b = check(
        QueryBody,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          query: r.query,
          k: r.k,
          tiers: list(r.tiers),
          types: list(r.types),
          tags: list(r.tags),
          from: s(r.from),
          to: s(r.to),
          minPosition: s(r.minPosition),
          sessionId: s(r.sessionId),
          scope: s(r.scope),
          entities: list(r.entities),
          sessionDiversity: r.sessionDiversity,
          asOf: s(r.asOf),
          explain: r.explain,
          reinforce: r.reinforce,
        }),
      );
      const hits = await app.query(queryInputOf(c, b));
      return { results: hits.map(hitToProto) };
    },
    async GetMemory(c, r) {
      const { id } = check(MemoryParams, shape({ id: r.id }));
      const q = check(UserQuery, shape({ userId: r.userId, agentId: s(r.agentId), minPosition: s(r.minPosition) }));
      const m = await app.getMemory({
        scope: scopeOf(c.tenantId, q),
        principal: c.principal,
        memoryId: id,
        minPosition: q.minPosition,
      });
      return memoryToProto(m);
    },
    async GetEventStatus(c, r) {
      const { eventId } = check(EventParams, shape({ eventId: r.eventId }));
      const q = check(EventStatusQuery, shape({ userId: r.userId, agentId: s(r.agentId) }));
      const st = await app.eventStatus({ scope: scopeOf(c.tenantId, q), principal: c.principal, eventId });
      return {
        ...st,
        vectors: st.vectors ?? '',
        type: st.type ?? '',
        memoryId: st.memoryId ?? '',
        code: st.code ?? '',
        reason: st.reason ?? '',
        projections: st.projections.map((p) => ({
          ...p,
          memoryId: p.memoryId ?? '',
          code: p.code ?? '',
          reason: p.reason ?? '',
        })),
      };
    },
    async GetErasure(c, r) {
      const { id } = check(ErasureParams, shape({ id: r.erasureId }));
      const q = check(ErasureQuery, shape({ minPosition: s(r.minPosition) }));
      const rep = await app.getErasure({
        tenantId: c.tenantId,
        principal: c.principal,
        erasureId: id,
        minPosition: q.minPosition,
      });
      return erasureToProto(rep);
    },
    async Forget(c, r) {
      const b = check(
        ForgetRequest,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          target: r.target,
          memoryId: s(r.memoryId),
          key: s(r.key),
          reason: s(r.reason),
          minPosition: s(r.minPosition),
        }),
      );
      const res = await app.forget({
        scope: scopeOf(c.tenantId, b),
        principal: c.principal,
        correlationId: c.correlationId,
        target: b.target,
        memoryId: b.memoryId,
        key: b.key,
        reason: b.reason,
        minPosition: b.minPosition,
      });
      return { ...res };
    },
  };
}
