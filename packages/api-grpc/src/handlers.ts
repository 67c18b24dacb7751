import type * as grpc from '@grpc/grpc-js';
import { EngramError } from '@engram/core';
import type { QueryHit, Scope } from '@engram/core';
import type { MemoryApp, MemoryView } from '@engram/app';

type Req = Record<string, unknown>;
const s = (v: unknown): string | undefined => (typeof v === 'string' && v !== '' ? v : undefined);
const list = (v: unknown): string[] | undefined => (Array.isArray(v) && v.length > 0 ? v.map(String) : undefined);

export interface CallContext {
  tenantId: string;
  correlationId: string | null;
}

/** Tenant and correlation id from call metadata; the tenant is validated like the HTTP header. */
export function callContext(metadata: grpc.Metadata): CallContext {
  const tenant = metadata.get('x-tenant-id')[0];
  const tenantId = tenant === undefined || tenant === '' ? 'default' : String(tenant);
  if (!/^[A-Za-z0-9._:-]{1,128}$/.test(tenantId)) {
    throw new EngramError('VALIDATION_FAILED', 'x-tenant-id must be 1–128 characters of A-Z a-z 0-9 . _ : -', { details: { field: 'x-tenant-id' } });
  }
  const corr = metadata.get('x-correlation-id')[0];
  return { tenantId, correlationId: corr === undefined || corr === '' ? null : String(corr) };
}

function scopeOf(c: CallContext, r: Req): Scope {
  // The app validates the ids; an absent user id arrives as undefined and is reported as userId.
  return { tenantId: c.tenantId, userId: r.userId as string, agentId: s(r.agentId) ?? null };
}

function metadataOf(r: Req): Record<string, unknown> | undefined {
  const raw = s(r.metadataJson);
  if (raw === undefined) return undefined;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed)) return parsed as Record<string, unknown>;
  } catch {
    // reported below
  }
  throw new EngramError('VALIDATION_FAILED', 'metadataJson: must be a JSON object', { details: { field: 'metadataJson' } });
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
  };
}

function memoryToProto(m: MemoryView): Req {
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
    metadataJson: JSON.stringify(m.metadata),
    metadata: undefined,
  };
}

/** Each rpc: request message (camelCase) → app call → response message. */
export function buildHandlers(app: MemoryApp): Record<string, (c: CallContext, r: Req) => Promise<Req>> {
  return {
    async Write(c, r) {
      const res = await app.writeMemory({
        scope: scopeOf(c, r),
        correlationId: c.correlationId,
        type: r.type as 'USER',
        key: s(r.key),
        content: r.content as string,
        tags: list(r.tags),
        importance: r.importance as number | undefined,
        pinned: r.pinned as boolean | undefined,
        source: s(r.source) as 'user_stated' | undefined,
        sessionId: s(r.sessionId),
        metadata: metadataOf(r),
        tier: s(r.tier) as 'SEMANTIC' | undefined,
        validFrom: s(r.validFrom),
        scopeTag: s(r.scope),
      });
      return { id: res.id, eventId: res.eventId ?? '', position: res.position ?? '', deduplicated: res.deduplicated };
    },
    async Observe(c, r) {
      const res = await app.observeMessage({
        scope: scopeOf(c, r),
        correlationId: c.correlationId,
        sessionId: r.sessionId as string,
        role: r.role as 'user',
        content: r.content as string,
        messageId: s(r.messageId),
        at: s(r.at),
        metadata: metadataOf(r),
      });
      return { ...res };
    },
    async EndSession(c, r) {
      const res = await app.endSession({ scope: scopeOf(c, r), correlationId: c.correlationId, sessionId: r.sessionId as string });
      return { ...res };
    },
    async Query(c, r) {
      const hits = await app.query({
        scope: scopeOf(c, r),
        correlationId: c.correlationId,
        query: r.query as string,
        k: r.k as number | undefined,
        tiers: list(r.tiers) as never,
        types: list(r.types) as never,
        tags: list(r.tags),
        from: s(r.from),
        to: s(r.to),
        minPosition: s(r.minPosition),
        sessionId: s(r.sessionId),
        scopeTag: s(r.scope),
        entities: list(r.entities),
        sessionDiversity: r.sessionDiversity as number | undefined,
      });
      return { results: hits.map(hitToProto) };
    },
    async GetMemory(c, r) {
      const m = await app.getMemory({ scope: scopeOf(c, r), memoryId: r.id as string, minPosition: s(r.minPosition) });
      return memoryToProto(m);
    },
    async Forget(c, r) {
      const res = await app.forget({
        scope: scopeOf(c, r),
        correlationId: c.correlationId,
        target: r.target as 'memory',
        memoryId: s(r.memoryId),
        key: s(r.key),
        reason: s(r.reason),
        minPosition: s(r.minPosition),
      });
      return { ...res };
    },
  };
}
