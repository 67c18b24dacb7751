import { decayInputOf, erasuresInputOf, sessionsInputOf, timelineInputOf, type MemoryApp } from '@engram/app';
import {
  DecayQuery,
  ErasuresQuery,
  MemoryParams,
  SessionParams,
  SessionsQuery,
  TenantHeaders,
  TimelineQuery,
  UserPathParams,
} from '@engram/contract';
import { route, type RouteDef } from './route-def';
import {
  decayCurveResponse,
  erasurePageResponse,
  sessionPageResponse,
  sessionTimelineResponse,
} from './inspector-schemas';

/** Read views the inspector (/ui/) shows beyond the agent API: sessions, a session's timeline, decay curves, erasures. */
export function inspectorRoutes(app: MemoryApp): RouteDef[] {
  return [
    route({
      method: 'GET',
      url: '/v1/users/:userId/sessions',
      operationId: 'listSessions',
      summary: 'A user’s sessions, newest first by start, page by page',
      tag: 'sessions',
      reads: true,
      schema: { params: UserPathParams, querystring: SessionsQuery, headers: TenantHeaders },
      responses: { 200: { description: 'one page; nextCursor is null on the last', schema: sessionPageResponse } },
      async handle({ tenantId, principal, correlationId, params, query }) {
        return {
          status: 200,
          body: await app.listSessions(sessionsInputOf({ tenantId, principal, correlationId }, params.userId, query)),
        };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/sessions/:sessionId/timeline',
      operationId: 'sessionTimeline',
      summary:
        'One session: its messages in log order, the episodes consolidated from it and the entries extracted from them, with lineage',
      tag: 'sessions',
      reads: true,
      schema: { params: SessionParams, querystring: TimelineQuery, headers: TenantHeaders },
      responses: { 200: { description: 'the timeline', schema: sessionTimelineResponse } },
      async handle({ tenantId, principal, correlationId, params, query }) {
        return {
          status: 200,
          body: await app.sessionTimeline(
            timelineInputOf({ tenantId, principal, correlationId }, params.sessionId, query),
          ),
        };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/memories/:id/decay',
      operationId: 'decayCurve',
      summary:
        'An entry’s forgetting curve (D1) from its last touch, with the deployment’s half-life and archive threshold',
      tag: 'memories',
      reads: true,
      schema: { params: MemoryParams, querystring: DecayQuery, headers: TenantHeaders },
      responses: { 200: { description: 'the curve', schema: decayCurveResponse } },
      async handle({ tenantId, principal, correlationId, params, query }) {
        return {
          status: 200,
          body: await app.decayCurve(decayInputOf({ tenantId, principal, correlationId }, params.id, query)),
        };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/erasures',
      operationId: 'listErasures',
      summary: 'The tenant’s erasure reports (B2), newest first; one user’s with userId',
      tag: 'forget',
      reads: true,
      schema: { querystring: ErasuresQuery, headers: TenantHeaders },
      responses: { 200: { description: 'one page; nextCursor is null on the last', schema: erasurePageResponse } },
      async handle({ tenantId, principal, correlationId, query }) {
        return {
          status: 200,
          body: await app.listErasures(erasuresInputOf({ tenantId, principal, correlationId }, query)),
        };
      },
    }),
  ];
}
