import {
  deadLettersInputOf,
  observeInputOf,
  quarantineDecisionInputOf,
  quarantineListInputOf,
  queryInputOf,
  scopeOf,
  writeInputOf,
  type MemoryApp,
} from '@engram/app';
import {
  ConsolidateBody,
  DeadLetterRetryBody,
  DeadLettersQuery,
  EventParams,
  EventStatusQuery,
  ContextBody,
  ContradictionParams,
  ContradictionsQuery,
  ErasureParams,
  ErasureQuery,
  ForgetKeyQuery,
  ForgetMemoryQuery,
  ForgetUserQuery,
  KeyParams,
  MemoryParams,
  ObserveBody,
  QuarantineDecisionBody,
  QuarantineParams,
  QuarantineQuery,
  QueryBody,
  ResolveBody,
  SessionParams,
  TenantHeaders,
  UserBody,
  UserParams,
  UserQuery,
  WorkingMemoryQuery,
  WriteBody,
} from '@engram/contract';
import { inspectorRoutes } from './inspector-routes';
import { eventStreamRoutes } from './event-stream-route';
import { memoryRoutes } from './memory-routes';
import { route, type RouteDef } from './route-def';
import {
  appendedSchema,
  erasureReportResponse,
  forgetResponse,
  consolidateResponse,
  contextResponse,
  contradictionsResponse,
  deadLettersResponse,
  deadLetterRetryResponse,
  eventStatusResponse,
  historyResponse,
  markdownResponse,
  memorySchema,
  quarantineDecisionResponse,
  quarantineListResponse,
  queryResponse,
  resolveResponse,
  writeResponse,
} from './schemas';

const accepted = (description: string) => ({ 202: { description, schema: appendedSchema } });

export function buildRoutes(app: MemoryApp, stream: { heartbeatMs?: number } = {}): RouteDef[] {
  return [
    ...memoryRoutes(app),
    ...inspectorRoutes(app),
    ...eventStreamRoutes(app, stream),
    route({
      method: 'POST',
      url: '/v1/sessions/:sessionId/messages',
      operationId: 'observeMessage',
      summary: 'Record one conversation message (MessageObserved)',
      tag: 'ingest',
      schema: { params: SessionParams, body: ObserveBody, headers: TenantHeaders },
      responses: accepted('appended to the log'),
      async handle({ tenantId, principal, correlationId, params, body: b }) {
        const r = await app.observeMessage(observeInputOf({ tenantId, correlationId, principal }, params.sessionId, b));
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/memories',
      operationId: 'writeMemory',
      summary: 'Write a memory entry (MemoryWritten), provenance-guarded and deduplicated by key',
      tag: 'memories',
      schema: { body: WriteBody, headers: TenantHeaders },
      responses: { 202: { description: 'appended (or deduplicated)', schema: writeResponse } },
      async handle({ tenantId, principal, correlationId, body: b }) {
        const r = await app.writeMemory(writeInputOf({ tenantId, correlationId, principal }, b));
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/sessions/:sessionId/end',
      operationId: 'endSession',
      summary: 'End a session (SessionEnded, triggers consolidation)',
      tag: 'ingest',
      schema: { params: SessionParams, body: UserBody, headers: TenantHeaders },
      responses: accepted('appended to the log'),
      async handle({ tenantId, principal, correlationId, params, body }) {
        const r = await app.endSession({
          scope: scopeOf(tenantId, body),
          principal,
          correlationId,
          sessionId: params.sessionId,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/query',
      operationId: 'query',
      summary: 'Hybrid search over the caller’s memories and history',
      tag: 'query',
      reads: true,
      schema: { body: QueryBody, headers: TenantHeaders },
      responses: { 200: { description: 'ranked results', schema: queryResponse } },
      async handle({ tenantId, principal, correlationId, body: b }) {
        const results = await app.query(queryInputOf({ tenantId, correlationId, principal }, b));
        return { status: 200, body: { results } };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/context',
      operationId: 'context',
      summary: 'Render prompt context (core snapshot, known facts, history, conversation) under a budget',
      tag: 'query',
      reads: true,
      schema: { body: ContextBody, headers: TenantHeaders },
      responses: { 200: { description: 'rendered context', schema: contextResponse } },
      async handle({ tenantId, principal, body: b }) {
        const r = await app.context({
          scope: scopeOf(tenantId, b),
          principal,
          query: b.query,
          sessionId: b.sessionId,
          budgetChars: b.budgetChars,
          ...(b.entities ? { entities: b.entities } : {}),
          ...(b.asOf ? { asOf: b.asOf } : {}),
          minPosition: b.minPosition,
        });
        return { status: 200, body: r };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/memories/:id',
      operationId: 'getMemory',
      summary: 'One memory entry of the caller',
      tag: 'memories',
      reads: true,
      schema: { params: MemoryParams, querystring: UserQuery, headers: TenantHeaders },
      responses: { 200: { description: 'the entry', schema: memorySchema } },
      async handle({ tenantId, principal, params, query }) {
        const m = await app.getMemory({
          scope: scopeOf(tenantId, query),
          principal,
          memoryId: params.id,
          minPosition: query.minPosition,
        });
        return { status: 200, body: m };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/memories/:id/history',
      operationId: 'memoryHistory',
      summary: 'Versions and lifecycle of one memory entry',
      tag: 'memories',
      reads: true,
      schema: { params: MemoryParams, querystring: UserQuery, headers: TenantHeaders },
      responses: { 200: { description: 'history, oldest first', schema: historyResponse } },
      async handle({ tenantId, principal, params, query }) {
        const history = await app.memoryHistory({
          scope: scopeOf(tenantId, query),
          principal,
          memoryId: params.id,
          minPosition: query.minPosition,
        });
        return { status: 200, body: { history } };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/keys/:key/history',
      operationId: 'keyHistory',
      summary: 'Which entry held a key when, and what superseded what',
      tag: 'memories',
      reads: true,
      schema: { params: KeyParams, querystring: UserQuery, headers: TenantHeaders },
      responses: { 200: { description: 'history, oldest first', schema: historyResponse } },
      async handle({ tenantId, principal, params, query }) {
        const history = await app.keyHistory({
          scope: scopeOf(tenantId, query),
          principal,
          key: params.key,
          minPosition: query.minPosition,
        });
        return { status: 200, body: { history } };
      },
    }),
    route({
      method: 'DELETE',
      url: '/v1/memories/:id',
      operationId: 'forgetMemory',
      summary: 'Forget one memory entry (MemoryForgotten, cascades through every read model)',
      tag: 'forget',
      schema: { params: MemoryParams, querystring: ForgetMemoryQuery, headers: TenantHeaders },
      responses: {
        202: {
          description:
            'erasure requested: the report (GET /v1/erasures/{erasureId}) completes once every store has erased it',
          schema: forgetResponse,
        },
      },
      async handle({ tenantId, principal, correlationId, params, query }) {
        const r = await app.forget({
          scope: scopeOf(tenantId, query),
          principal,
          correlationId,
          target: 'memory',
          memoryId: params.id,
          reason: query.reason,
          minPosition: query.minPosition,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'DELETE',
      url: '/v1/keys/:key/memories',
      operationId: 'forgetKey',
      summary:
        "Forget every entry that held a key (its versions, rejected attempts, held writes and what was derived from them), as the user's erasure does for one key",
      tag: 'forget',
      schema: { params: KeyParams, querystring: ForgetKeyQuery, headers: TenantHeaders },
      responses: {
        202: {
          description:
            'erasure requested: the report (GET /v1/erasures/{erasureId}) completes once every store has erased it',
          schema: forgetResponse,
        },
      },
      async handle({ tenantId, principal, correlationId, params, query }) {
        const r = await app.forget({
          scope: scopeOf(tenantId, query),
          principal,
          correlationId,
          target: 'key',
          key: params.key,
          reason: query.reason,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'DELETE',
      url: '/v1/users/:userId/memories',
      operationId: 'forgetUser',
      summary: 'Forget everything of a user',
      tag: 'forget',
      schema: { params: UserParams, querystring: ForgetUserQuery, headers: TenantHeaders },
      responses: {
        202: {
          description:
            'erasure requested: the report (GET /v1/erasures/{erasureId}) completes once every store has erased it',
          schema: forgetResponse,
        },
      },
      async handle({ tenantId, principal, correlationId, params, query }) {
        const r = await app.forget({
          scope: { tenantId, userId: params.userId, agentId: query.agentId ?? null },
          principal,
          correlationId,
          target: 'user',
          reason: query.reason,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/erasures/:id',
      operationId: 'getErasure',
      summary:
        'The report of an erasure (B2): pending, completed or failed, with counts per place and no erased content',
      tag: 'forget',
      schema: { params: ErasureParams, querystring: ErasureQuery, headers: TenantHeaders },
      responses: { 200: { description: 'the erasure report', schema: erasureReportResponse } },
      async handle({ tenantId, principal, params, query }) {
        return {
          status: 200,
          body: await app.getErasure({ tenantId, principal, erasureId: params.id, minPosition: query.minPosition }),
        };
      },
    }),
    ...(['pin', 'unpin'] as const).map((op) =>
      route({
        method: 'POST',
        url: `/v1/memories/:id/${op}`,
        operationId: `${op}Memory`,
        summary: op === 'pin' ? 'Pin an entry (always in the core snapshot, never decays)' : 'Unpin an entry',
        tag: 'memories',
        schema: { params: MemoryParams, body: UserBody, headers: TenantHeaders },
        responses: accepted('appended to the log'),
        async handle({ tenantId, principal, correlationId, params, body }) {
          const input = {
            scope: scopeOf(tenantId, body),
            principal,
            correlationId,
            memoryId: params.id,
            minPosition: body.minPosition,
          };
          const r = op === 'pin' ? await app.pin(input) : await app.unpin(input);
          return { status: 202, body: r };
        },
      }),
    ),
    route({
      method: 'POST',
      url: '/v1/memories/:id/restore',
      operationId: 'restoreMemory',
      summary: 'Move an ARCHIVAL entry back to SEMANTIC',
      tag: 'memories',
      schema: { params: MemoryParams, body: UserBody, headers: TenantHeaders },
      responses: accepted('appended to the log'),
      async handle({ tenantId, principal, correlationId, params, body }) {
        const r = await app.restore({
          scope: scopeOf(tenantId, body),
          principal,
          correlationId,
          memoryId: params.id,
          minPosition: body.minPosition,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/sessions/:sessionId/working-memory',
      operationId: 'workingMemory',
      summary: 'The session’s working memory as markdown for a system prompt',
      tag: 'query',
      reads: true,
      schema: { params: SessionParams, querystring: WorkingMemoryQuery, headers: TenantHeaders },
      responses: { 200: { description: 'markdown', contentType: 'text/markdown', schema: markdownResponse } },
      async handle({ tenantId, principal, params, query }) {
        const md = await app.workingMemory({
          scope: scopeOf(tenantId, query),
          principal,
          sessionId: params.sessionId,
          budgetChars: query.budgetChars === undefined ? undefined : Number(query.budgetChars),
          minPosition: query.minPosition,
        });
        return { status: 200, body: md, contentType: 'text/markdown; charset=utf-8' };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/contradictions',
      operationId: 'listContradictions',
      summary: 'Contradictions of the caller (open ones by default)',
      tag: 'contradictions',
      reads: true,
      schema: { querystring: ContradictionsQuery, headers: TenantHeaders },
      responses: { 200: { description: 'contradictions, newest first', schema: contradictionsResponse } },
      async handle({ tenantId, principal, query }) {
        const contradictions = await app.listContradictions({
          scope: scopeOf(tenantId, query),
          principal,
          status: query.status ?? 'open',
          minPosition: query.minPosition,
        });
        return { status: 200, body: { contradictions } };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/contradictions/:id/resolve',
      operationId: 'resolveContradiction',
      summary: 'Settle a pending contradiction (the loser is superseded)',
      tag: 'contradictions',
      schema: { params: ContradictionParams, body: ResolveBody, headers: TenantHeaders },
      responses: { 202: { description: 'resolution appended', schema: resolveResponse } },
      async handle({ tenantId, principal, correlationId, params, body }) {
        const r = await app.resolveContradiction({
          scope: scopeOf(tenantId, body),
          principal,
          correlationId,
          contradictionId: params.id,
          winner: body.winner,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/events/:eventId',
      operationId: 'eventStatus',
      summary:
        'Write status of an acknowledged event: pending, applied (with the memory id) or rejected (with the code and reason)',
      tag: 'ingest',
      schema: { params: EventParams, querystring: EventStatusQuery, headers: TenantHeaders },
      responses: { 200: { description: 'the status', schema: eventStatusResponse } },
      async handle({ tenantId, principal, params, query }) {
        return {
          status: 200,
          body: await app.eventStatus({ scope: scopeOf(tenantId, query), principal, eventId: params.eventId }),
        };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/admin/dead-letters',
      operationId: 'listDeadLetters',
      summary: 'Events a projection could not apply after bounded retries and parked (L8), with the error; paged by id',
      tag: 'admin',
      schema: { querystring: DeadLettersQuery, headers: TenantHeaders },
      responses: { 200: { description: 'dead letters and their count per projection', schema: deadLettersResponse } },
      async handle({ tenantId, principal, correlationId, query }) {
        return {
          status: 200,
          body: await app.listDeadLetters(deadLettersInputOf({ tenantId, principal, correlationId }, query)),
        };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/admin/dead-letters/retry',
      operationId: 'retryDeadLetters',
      summary: 'Mark dead letters for retry (after a fix): their projections apply them again within seconds',
      tag: 'admin',
      schema: { body: DeadLetterRetryBody, headers: TenantHeaders },
      responses: { 202: { description: 'how many were marked for retry', schema: deadLetterRetryResponse } },
      async handle({ principal, body }) {
        return { status: 202, body: await app.retryDeadLetters({ ...body, principal }) };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/admin/consolidate',
      operationId: 'consolidate',
      summary: 'Manually trigger consolidation of a session or of every open session of a user',
      tag: 'admin',
      schema: { body: ConsolidateBody, headers: TenantHeaders },
      responses: { 202: { description: 'sessions queued for consolidation', schema: consolidateResponse } },
      async handle({ tenantId, principal, correlationId, body }) {
        const r = await app.consolidate({
          scope: scopeOf(tenantId, body),
          principal,
          correlationId,
          sessionId: body.sessionId,
        });
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/admin/quarantine',
      operationId: 'listQuarantine',
      summary: 'Writes the content scanner held for an operator (policy quarantine), oldest first',
      tag: 'admin',
      schema: { querystring: QuarantineQuery, headers: TenantHeaders },
      responses: { 200: { description: 'held writes of the tenant', schema: quarantineListResponse } },
      async handle({ tenantId, principal, correlationId, query }) {
        const items = await app.listQuarantine(quarantineListInputOf({ tenantId, principal, correlationId }, query));
        return { status: 200, body: { items } };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/admin/quarantine/:id/release',
      operationId: 'releaseQuarantined',
      summary: 'Release a held write: its event is appended as it would have been (QuarantineResolved released)',
      tag: 'admin',
      schema: { params: QuarantineParams, body: QuarantineDecisionBody, headers: TenantHeaders },
      responses: { 202: { description: 'decision appended', schema: quarantineDecisionResponse } },
      async handle({ tenantId, principal, correlationId, params, body }) {
        const r = await app.releaseQuarantined(
          quarantineDecisionInputOf({ tenantId, principal, correlationId }, params.id, body),
        );
        return { status: 202, body: r };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/admin/quarantine/:id/discard',
      operationId: 'discardQuarantined',
      summary: 'Discard a held write (QuarantineResolved discarded)',
      tag: 'admin',
      schema: { params: QuarantineParams, body: QuarantineDecisionBody, headers: TenantHeaders },
      responses: { 202: { description: 'decision appended', schema: quarantineDecisionResponse } },
      async handle({ tenantId, principal, correlationId, params, body }) {
        const r = await app.discardQuarantined(
          quarantineDecisionInputOf({ tenantId, principal, correlationId }, params.id, body),
        );
        return { status: 202, body: r };
      },
    }),
  ];
}
