import type { MemoryApp } from '@engram/app';
import type { Role, Scope } from '@engram/core';
import type { RouteDef, RouteInput } from './route-def';
import {
  appendedSchema,
  consolidateBody,
  consolidateResponse,
  contextBody,
  contextResponse,
  contradictionsQuery,
  contradictionsResponse,
  forgetMemoryQuery,
  forgetUserQuery,
  historyResponse,
  idString,
  memorySchema,
  observeBody,
  queryBody,
  queryResponse,
  resolveBody,
  resolveResponse,
  tenantHeaders,
  userBody,
  userQuery,
  uuidString,
  workingMemoryQuery,
  writeBody,
  writeResponse,
} from './schemas';

type Obj = Record<string, unknown>;
const s = (v: unknown): string | undefined => (typeof v === 'string' ? v : undefined);

function scopeOf(i: RouteInput, from: Obj): Scope {
  return { tenantId: i.tenantId, userId: from.userId as string, agentId: (from.agentId as string | undefined) ?? null };
}

const sessionParams = { type: 'object', required: ['sessionId'], properties: { sessionId: idString('session id') } };
const memoryParams = { type: 'object', required: ['id'], properties: { id: uuidString('memory id') } };
const contradictionParams = { type: 'object', required: ['id'], properties: { id: uuidString('contradiction id') } };
const keyParams = { type: 'object', required: ['key'], properties: { key: { type: 'string', minLength: 1, maxLength: 256 } } };
const userParams = { type: 'object', required: ['userId'], properties: { userId: idString('user whose memory is erased') } };

const accepted = (description: string) => ({ 202: { description, schema: appendedSchema } });

export function buildRoutes(app: MemoryApp): RouteDef[] {
  return [
    {
      method: 'POST',
      url: '/v1/sessions/:sessionId/messages',
      operationId: 'observeMessage',
      summary: 'Record one conversation message (MessageObserved)',
      tag: 'ingest',
      schema: { params: sessionParams, body: observeBody, headers: tenantHeaders },
      responses: accepted('appended to the log'),
      async handle(i) {
        const b = i.body;
        const r = await app.observeMessage({
          scope: scopeOf(i, b),
          correlationId: i.correlationId,
          sessionId: i.params.sessionId!,
          role: b.role as Role,
          content: b.content as string,
          messageId: s(b.messageId),
          at: s(b.at),
          metadata: b.metadata as Obj | undefined,
        });
        return { status: 202, body: r };
      },
    },
    {
      method: 'POST',
      url: '/v1/memories',
      operationId: 'writeMemory',
      summary: 'Write a memory entry (MemoryWritten), provenance-guarded and deduplicated by key',
      tag: 'memories',
      schema: { body: writeBody, headers: tenantHeaders },
      responses: { 202: { description: 'appended (or deduplicated)', schema: writeResponse } },
      async handle(i) {
        const b = i.body;
        const r = await app.writeMemory({
          scope: scopeOf(i, b),
          correlationId: i.correlationId,
          type: b.type as 'USER',
          key: s(b.key),
          content: b.content as string,
          tags: b.tags as string[] | undefined,
          importance: b.importance as number | undefined,
          pinned: b.pinned as boolean | undefined,
          source: b.source as 'user_stated' | undefined,
          tier: b.tier as 'SEMANTIC' | undefined,
          sessionId: s(b.sessionId),
          metadata: b.metadata as Obj | undefined,
          validFrom: s(b.validFrom),
          scopeTag: s(b.scope),
        });
        return { status: 202, body: r };
      },
    },
    {
      method: 'POST',
      url: '/v1/sessions/:sessionId/end',
      operationId: 'endSession',
      summary: 'End a session (SessionEnded, triggers consolidation)',
      tag: 'ingest',
      schema: { params: sessionParams, body: userBody, headers: tenantHeaders },
      responses: accepted('appended to the log'),
      async handle(i) {
        const r = await app.endSession({ scope: scopeOf(i, i.body), correlationId: i.correlationId, sessionId: i.params.sessionId! });
        return { status: 202, body: r };
      },
    },
    {
      method: 'POST',
      url: '/v1/query',
      operationId: 'query',
      summary: 'Hybrid search over the caller’s memories and history',
      tag: 'query',
      schema: { body: queryBody, headers: tenantHeaders },
      responses: { 200: { description: 'ranked results', schema: queryResponse } },
      async handle(i) {
        const b = i.body;
        const results = await app.query({
          scope: scopeOf(i, b),
          correlationId: i.correlationId,
          query: b.query as string,
          k: b.k as number | undefined,
          tiers: b.tiers as never,
          types: b.types as never,
          tags: b.tags as string[] | undefined,
          from: s(b.from),
          to: s(b.to),
          sessionId: s(b.sessionId),
          scopeTag: s(b.scope),
          entities: b.entities as string[] | undefined,
          sessionDiversity: b.sessionDiversity as number | undefined,
          minPosition: s(b.minPosition),
        });
        return { status: 200, body: { results } };
      },
    },
    {
      method: 'POST',
      url: '/v1/context',
      operationId: 'context',
      summary: 'Render prompt context (core snapshot, known facts, history, conversation) under a budget',
      tag: 'query',
      schema: { body: contextBody, headers: tenantHeaders },
      responses: { 200: { description: 'rendered context', schema: contextResponse } },
      async handle(i) {
        const b = i.body;
        const r = await app.context({
          scope: scopeOf(i, b),
          query: b.query as string,
          sessionId: s(b.sessionId),
          budgetChars: b.budgetChars as number | undefined,
          ...(Array.isArray(b.entities) ? { entities: b.entities as string[] } : {}),
          minPosition: s(b.minPosition),
        });
        return { status: 200, body: r };
      },
    },
    {
      method: 'GET',
      url: '/v1/memories/:id',
      operationId: 'getMemory',
      summary: 'One memory entry of the caller',
      tag: 'memories',
      schema: { params: memoryParams, querystring: userQuery, headers: tenantHeaders },
      responses: { 200: { description: 'the entry', schema: memorySchema } },
      async handle(i) {
        const m = await app.getMemory({ scope: scopeOf(i, i.query), memoryId: i.params.id!, minPosition: i.query.minPosition });
        return { status: 200, body: m };
      },
    },
    {
      method: 'GET',
      url: '/v1/memories/:id/history',
      operationId: 'memoryHistory',
      summary: 'Versions and lifecycle of one memory entry',
      tag: 'memories',
      schema: { params: memoryParams, querystring: userQuery, headers: tenantHeaders },
      responses: { 200: { description: 'history, oldest first', schema: historyResponse } },
      async handle(i) {
        const history = await app.memoryHistory({ scope: scopeOf(i, i.query), memoryId: i.params.id!, minPosition: i.query.minPosition });
        return { status: 200, body: { history } };
      },
    },
    {
      method: 'GET',
      url: '/v1/keys/:key/history',
      operationId: 'keyHistory',
      summary: 'Which entry held a key when, and what superseded what',
      tag: 'memories',
      schema: { params: keyParams, querystring: userQuery, headers: tenantHeaders },
      responses: { 200: { description: 'history, oldest first', schema: historyResponse } },
      async handle(i) {
        const history = await app.keyHistory({ scope: scopeOf(i, i.query), key: i.params.key!, minPosition: i.query.minPosition });
        return { status: 200, body: { history } };
      },
    },
    {
      method: 'DELETE',
      url: '/v1/memories/:id',
      operationId: 'forgetMemory',
      summary: 'Forget one memory entry (MemoryForgotten, cascades through every read model)',
      tag: 'forget',
      schema: { params: memoryParams, querystring: forgetMemoryQuery, headers: tenantHeaders },
      responses: accepted('erase appended'),
      async handle(i) {
        const r = await app.forget({
          scope: scopeOf(i, i.query),
          correlationId: i.correlationId,
          target: 'memory',
          memoryId: i.params.id!,
          reason: i.query.reason,
          minPosition: i.query.minPosition,
        });
        return { status: 202, body: r };
      },
    },
    {
      method: 'DELETE',
      url: '/v1/users/:userId/memories',
      operationId: 'forgetUser',
      summary: 'Forget everything of a user',
      tag: 'forget',
      schema: { params: userParams, querystring: forgetUserQuery, headers: tenantHeaders },
      responses: accepted('erase appended'),
      async handle(i) {
        const r = await app.forget({
          scope: { tenantId: i.tenantId, userId: i.params.userId!, agentId: i.query.agentId ?? null },
          correlationId: i.correlationId,
          target: 'user',
          reason: i.query.reason,
        });
        return { status: 202, body: r };
      },
    },
    ...(['pin', 'unpin'] as const).map(
      (op): RouteDef => ({
        method: 'POST',
        url: `/v1/memories/:id/${op}`,
        operationId: `${op}Memory`,
        summary: op === 'pin' ? 'Pin an entry (always in the core snapshot, never decays)' : 'Unpin an entry',
        tag: 'memories',
        schema: { params: memoryParams, body: userBody, headers: tenantHeaders },
        responses: accepted('appended to the log'),
        async handle(i) {
          const input = { scope: scopeOf(i, i.body), correlationId: i.correlationId, memoryId: i.params.id!, minPosition: s(i.body.minPosition) };
          const r = op === 'pin' ? await app.pin(input) : await app.unpin(input);
          return { status: 202, body: r };
        },
      }),
    ),
    {
      method: 'POST',
      url: '/v1/memories/:id/restore',
      operationId: 'restoreMemory',
      summary: 'Move an ARCHIVAL entry back to SEMANTIC',
      tag: 'memories',
      schema: { params: memoryParams, body: userBody, headers: tenantHeaders },
      responses: accepted('appended to the log'),
      async handle(i) {
        const r = await app.restore({ scope: scopeOf(i, i.body), correlationId: i.correlationId, memoryId: i.params.id!, minPosition: s(i.body.minPosition) });
        return { status: 202, body: r };
      },
    },
    {
      method: 'GET',
      url: '/v1/sessions/:sessionId/working-memory',
      operationId: 'workingMemory',
      summary: 'The session’s working memory as markdown for a system prompt',
      tag: 'query',
      schema: { params: sessionParams, querystring: workingMemoryQuery, headers: tenantHeaders },
      responses: { 200: { description: 'markdown', contentType: 'text/markdown', schema: { type: 'string' } } },
      async handle(i) {
        const md = await app.workingMemory({
          scope: scopeOf(i, i.query),
          sessionId: i.params.sessionId!,
          budgetChars: i.query.budgetChars === undefined ? undefined : Number(i.query.budgetChars),
          minPosition: i.query.minPosition,
        });
        return { status: 200, body: md, contentType: 'text/markdown; charset=utf-8' };
      },
    },
    {
      method: 'GET',
      url: '/v1/contradictions',
      operationId: 'listContradictions',
      summary: 'Contradictions of the caller (open ones by default)',
      tag: 'contradictions',
      schema: { querystring: contradictionsQuery, headers: tenantHeaders },
      responses: { 200: { description: 'contradictions, newest first', schema: contradictionsResponse } },
      async handle(i) {
        const contradictions = await app.listContradictions({
          scope: scopeOf(i, i.query),
          status: (i.query.status as 'open' | 'all' | undefined) ?? 'open',
          minPosition: i.query.minPosition,
        });
        return { status: 200, body: { contradictions } };
      },
    },
    {
      method: 'POST',
      url: '/v1/contradictions/:id/resolve',
      operationId: 'resolveContradiction',
      summary: 'Settle a pending contradiction (the loser is superseded)',
      tag: 'contradictions',
      schema: { params: contradictionParams, body: resolveBody, headers: tenantHeaders },
      responses: { 202: { description: 'resolution appended', schema: resolveResponse } },
      async handle(i) {
        const r = await app.resolveContradiction({
          scope: scopeOf(i, i.body),
          correlationId: i.correlationId,
          contradictionId: i.params.id!,
          winner: i.body.winner as 'a' | 'b',
        });
        return { status: 202, body: r };
      },
    },
    {
      method: 'POST',
      url: '/v1/admin/consolidate',
      operationId: 'consolidate',
      summary: 'Manually trigger consolidation of a session or of every open session of a user',
      tag: 'admin',
      schema: { body: consolidateBody, headers: tenantHeaders },
      responses: { 202: { description: 'sessions queued for consolidation', schema: consolidateResponse } },
      async handle(i) {
        const r = await app.consolidate({ scope: scopeOf(i, i.body), correlationId: i.correlationId, sessionId: s(i.body.sessionId) });
        return { status: 202, body: r };
      },
    },
  ];
}
