import {
  batchInputOf,
  listInputOf,
  patchInputOf,
  scopeOf,
  type ContradictionView,
  type HistoryItem,
  type MemoryApp,
} from '@engram/app';
import {
  check,
  ConsolidateBody,
  ContextBody,
  ContradictionParams,
  ContradictionsQuery,
  EventStreamQuery,
  KeyParams,
  ListMemoriesQuery,
  MemoryParams,
  PatchBody,
  ResolveBody,
  SessionParams,
  StatsQuery,
  UserBody,
  UserPathParams,
  UserQuery,
  UsersQuery,
  WorkingMemoryQuery,
  WriteBatchBody,
} from '@engram/contract';
import { EngramError, type EventType } from '@engram/core';
import { list, memoryToProto, metadataOf, n, s, shape, writeFieldsOf, type CallContext, type Req } from './handlers';

const orEmpty = (v: string | null | undefined) => v ?? '';

function historyToProto(h: HistoryItem): Req {
  return {
    ...h,
    key: orEmpty(h.key),
    version: h.version ?? 0,
    content: orEmpty(h.content),
    source: orEmpty(h.source),
    relatedId: orEmpty(h.relatedId),
    reason: orEmpty(h.reason),
    recordedAt: orEmpty(h.recordedAt),
    validFrom: orEmpty(h.validFrom),
    validTo: orEmpty(h.validTo),
  };
}

function contradictionToProto(c: ContradictionView): Req {
  return {
    ...c,
    candidate: undefined,
    candidateJson: c.candidate ? JSON.stringify(c.candidate) : '',
    resolution: orEmpty(c.resolution),
    resolvedBy: orEmpty(c.resolvedBy),
    resolvedAt: orEmpty(c.resolvedAt),
  };
}

const appended = (r: { eventId: string; position: string }) => ({ eventId: r.eventId, position: r.position });

/** The calls of the HTTP API beyond the first seven, each mapped onto the same request shape and app operation. */
export function moreHandlers(app: MemoryApp): Record<string, (c: CallContext, r: Req) => Promise<Req>> {
  const userScope = (r: Req) =>
    check(UserQuery, shape({ userId: r.userId, agentId: s(r.agentId), minPosition: s(r.minPosition) }));
  return {
    async Context(c, r) {
      const b = check(
        ContextBody,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          sessionId: s(r.sessionId),
          query: r.query,
          budgetChars: r.budgetChars,
          entities: list(r.entities),
          asOf: s(r.asOf),
          minPosition: s(r.minPosition),
        }),
      );
      const res = await app.context({
        scope: scopeOf(c.tenantId, b),
        principal: c.principal,
        query: b.query,
        sessionId: b.sessionId,
        budgetChars: b.budgetChars,
        ...(b.entities ? { entities: b.entities } : {}),
        ...(b.asOf ? { asOf: b.asOf } : {}),
        minPosition: b.minPosition,
      });
      return { ...res };
    },
    async WorkingMemory(c, r) {
      const { sessionId } = check(SessionParams, shape({ sessionId: r.sessionId }));
      const q = check(
        WorkingMemoryQuery,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          minPosition: s(r.minPosition),
          budgetChars: n(r.budgetChars),
        }),
      );
      const markdown = await app.workingMemory({
        scope: scopeOf(c.tenantId, q),
        principal: c.principal,
        sessionId,
        budgetChars: q.budgetChars === undefined ? undefined : Number(q.budgetChars),
        minPosition: q.minPosition,
      });
      return { markdown };
    },
    async MemoryHistory(c, r) {
      const { id } = check(MemoryParams, shape({ id: r.id }));
      const q = userScope(r);
      const history = await app.memoryHistory({
        scope: scopeOf(c.tenantId, q),
        principal: c.principal,
        memoryId: id,
        minPosition: q.minPosition,
      });
      return { history: history.map(historyToProto) };
    },
    async KeyHistory(c, r) {
      const { key } = check(KeyParams, shape({ key: r.key }));
      const q = userScope(r);
      const history = await app.keyHistory({
        scope: scopeOf(c.tenantId, q),
        principal: c.principal,
        key,
        minPosition: q.minPosition,
      });
      return { history: history.map(historyToProto) };
    },
    async ListMemories(c, r) {
      const { userId } = check(UserPathParams, shape({ userId: r.userId }));
      const q = check(
        ListMemoriesQuery,
        shape({
          agentId: s(r.agentId),
          tier: list(r.tiers),
          type: list(r.types),
          tag: list(r.tags),
          keyPrefix: s(r.keyPrefix),
          updatedSince: s(r.updatedSince),
          limit: n(r.limit),
          cursor: s(r.cursor),
          order: s(r.order),
          minPosition: s(r.minPosition),
        }),
      );
      const page = await app.listMemories(listInputOf(c, userId, q));
      return { memories: page.memories.map(memoryToProto), nextCursor: page.nextCursor ?? '' };
    },
    async PatchMemory(c, r) {
      const { id } = check(MemoryParams, shape({ id: r.id }));
      const b = check(
        PatchBody,
        shape({
          userId: r.userId,
          agentId: s(r.agentId),
          content: r.content,
          tags: r.setTags === true ? (r.tags ?? []) : undefined,
          importance: r.importance,
          pinned: r.pinned,
          metadata: metadataOf(r),
          minPosition: s(r.minPosition),
        }),
      );
      const res = await app.patchMemory(patchInputOf(c, id, b));
      return {
        ...res,
        eventId: orEmpty(res.eventId),
        position: orEmpty(res.position),
        quarantineId: orEmpty(res.quarantineId),
      };
    },
    async WriteBatch(c, r) {
      const items = Array.isArray(r.items) ? (r.items as Req[]) : [];
      const b = check(
        WriteBatchBody,
        shape({ userId: r.userId, agentId: s(r.agentId), items: items.map((i) => writeFieldsOf(i)) }),
      );
      const res = await app.writeMemories(batchInputOf(c, b));
      return {
        position: orEmpty(res.position),
        results: res.results.map((x) =>
          x.ok
            ? {
                index: x.index,
                ok: true,
                result: {
                  ...x.result,
                  eventId: orEmpty(x.result.eventId),
                  position: orEmpty(x.result.position),
                  quarantineId: orEmpty(x.result.quarantineId),
                },
              }
            : {
                index: x.index,
                ok: false,
                error: {
                  code: x.error.code,
                  message: x.error.message,
                  retriable: x.error.retriable,
                  detailsJson: JSON.stringify(x.error.details ?? {}),
                },
              },
        ),
      };
    },
    ...Object.fromEntries(
      (['Pin', 'Unpin', 'Restore'] as const).map((name) => [
        name,
        async (c: CallContext, r: Req) => {
          const { id } = check(MemoryParams, shape({ id: r.id }));
          const b = check(UserBody, shape({ userId: r.userId, agentId: s(r.agentId), minPosition: s(r.minPosition) }));
          const input = {
            scope: scopeOf(c.tenantId, b),
            principal: c.principal,
            correlationId: c.correlationId,
            memoryId: id,
            minPosition: b.minPosition,
          };
          const res =
            name === 'Pin'
              ? await app.pin(input)
              : name === 'Unpin'
                ? await app.unpin(input)
                : await app.restore(input);
          return appended(res);
        },
      ]),
    ),
    async ListContradictions(c, r) {
      const q = check(
        ContradictionsQuery,
        shape({ userId: r.userId, agentId: s(r.agentId), status: s(r.status), minPosition: s(r.minPosition) }),
      );
      const contradictions = await app.listContradictions({
        scope: scopeOf(c.tenantId, q),
        principal: c.principal,
        status: q.status ?? 'open',
        minPosition: q.minPosition,
      });
      return { contradictions: contradictions.map(contradictionToProto) };
    },
    async ResolveContradiction(c, r) {
      const { id } = check(ContradictionParams, shape({ id: r.id }));
      const b = check(ResolveBody, shape({ userId: r.userId, agentId: s(r.agentId), winner: r.winner }));
      const res = await app.resolveContradiction({
        scope: scopeOf(c.tenantId, b),
        principal: c.principal,
        correlationId: c.correlationId,
        contradictionId: id,
        winner: b.winner,
      });
      return { ...res };
    },
    async ListUsers(c, r) {
      const q = check(UsersQuery, shape({ limit: n(r.limit), cursor: s(r.cursor) }));
      const page = await app.listUsers({
        tenantId: c.tenantId,
        principal: c.principal,
        limit: q.limit === undefined ? undefined : Number(q.limit),
        cursor: q.cursor,
      });
      return {
        users: page.users.map((u) => ({ ...u, lastActivityAt: orEmpty(u.lastActivityAt) })),
        nextCursor: page.nextCursor ?? '',
      };
    },
    async Stats(c, r) {
      const q = check(StatsQuery, shape({ userId: s(r.userId) }));
      const st = await app.stats({ tenantId: c.tenantId, principal: c.principal, userId: q.userId ?? null });
      return {
        tenantId: st.tenantId,
        userId: orEmpty(st.userId),
        logEvents: st.log.events,
        logHead: st.log.head,
        tiers: st.tiers,
        tables: st.tables,
        projections: st.projections,
      };
    },
    async Consolidate(c, r) {
      const b = check(ConsolidateBody, shape({ userId: r.userId, agentId: s(r.agentId), sessionId: s(r.sessionId) }));
      const res = await app.consolidate({
        scope: scopeOf(c.tenantId, b),
        principal: c.principal,
        correlationId: c.correlationId,
        sessionId: b.sessionId,
      });
      return { ...res, position: orEmpty(res.position) };
    },
  };
}

/** Server-streaming calls: each answer message of the stream. */
export function streamHandlers(
  app: MemoryApp,
): Record<string, (c: CallContext, r: Req, signal: AbortSignal) => Promise<AsyncIterable<Req>>> {
  return {
    async StreamEvents(c, r, signal) {
      const q = check(
        EventStreamQuery,
        shape({ userId: s(r.userId), agentId: s(r.agentId), from: s(r.from), types: list(r.types)?.join(',') }),
      );
      const items = await app.streamEvents({
        tenantId: c.tenantId,
        principal: c.principal,
        userId: q.userId ?? null,
        agentId: q.agentId ?? null,
        ...(s(r.after) !== undefined ? { after: s(r.after) } : {}),
        ...(q.from !== undefined ? { from: q.from } : {}),
        ...(r.noFollow === true ? { follow: false } : {}),
        ...(q.types ? { types: q.types.split(',') as EventType[] } : {}),
        signal,
      });
      return (async function* () {
        for await (const item of items) {
          // HTTP/2 keeps the connection alive: no heartbeat messages.
          if (item.kind === 'event') yield { id: item.id, json: JSON.stringify(item.event) };
          else if (item.kind === 'end')
            throw new EngramError(item.error.code, item.error.message, {
              retriable: item.error.retriable,
              ...(item.error.details ? { details: item.error.details } : {}),
            });
        }
      })();
    },
    async ExportUser(c, r) {
      const { userId } = check(UserPathParams, shape({ userId: r.userId }));
      const events = await app.exportUser({
        scope: scopeOf(c.tenantId, { userId }),
        principal: c.principal,
        correlationId: c.correlationId,
      });
      return (async function* () {
        for await (const e of events) yield { json: JSON.stringify(e) };
      })();
    },
  };
}
