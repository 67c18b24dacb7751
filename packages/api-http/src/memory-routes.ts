import { Readable } from 'node:stream';
import { batchInputOf, listInputOf, patchInputOf, scopeOf, type MemoryApp } from '@engram/app';
import {
  ListMemoriesQuery,
  MemoryParams,
  PatchBody,
  StatsQuery,
  TenantHeaders,
  UserPathParams,
  UsersQuery,
  WriteBatchBody,
} from '@engram/contract';
import { route, type RouteDef } from './route-def';
import {
  jsonLinesResponse,
  memoryPageResponse,
  patchResponse,
  statsResponse,
  usersResponse,
  writeBatchResponse,
} from './schemas';

/** Listing, changing, batch-writing and exporting a user's memories; the users of a tenant and its stats. */
export function memoryRoutes(app: MemoryApp): RouteDef[] {
  return [
    route({
      method: 'GET',
      url: '/v1/users/:userId/memories',
      operationId: 'listMemories',
      summary:
        'A user’s memories page by page (newest first), filtered by tier, type, tags, key prefix and last update; cursors stay valid while writes go on',
      tag: 'memories',
      reads: true,
      schema: { params: UserPathParams, querystring: ListMemoriesQuery, headers: TenantHeaders },
      responses: { 200: { description: 'one page; nextCursor is null on the last', schema: memoryPageResponse } },
      async handle({ tenantId, principal, correlationId, params, query }) {
        return {
          status: 200,
          body: await app.listMemories(listInputOf({ tenantId, principal, correlationId }, params.userId, query)),
        };
      },
    }),
    route({
      method: 'PATCH',
      url: '/v1/memories/:id',
      operationId: 'patchMemory',
      summary:
        'Change an entry (content, tags, importance, pinned, metadata): its next version, written through the guard and the scanner like a write',
      tag: 'memories',
      schema: { params: MemoryParams, body: PatchBody, headers: TenantHeaders },
      responses: {
        202: {
          description: 'the new version appended (deduplicated: nothing changed, nothing appended)',
          schema: patchResponse,
        },
      },
      async handle({ tenantId, principal, correlationId, params, body }) {
        return {
          status: 202,
          body: await app.patchMemory(patchInputOf({ tenantId, principal, correlationId }, params.id, body)),
        };
      },
    }),
    route({
      method: 'POST',
      url: '/v1/memories/batch',
      operationId: 'writeMemories',
      summary:
        'Several writes of one user in one durable append; each item is checked, scanned and guarded as a single write and answered on its own',
      tag: 'memories',
      schema: { body: WriteBatchBody, headers: TenantHeaders },
      responses: {
        200: {
          description: 'one result per item (ok with the write answer, or the error that refused it)',
          schema: writeBatchResponse,
        },
      },
      async handle({ tenantId, principal, correlationId, body }) {
        return {
          status: 200,
          body: await app.writeMemories(batchInputOf({ tenantId, principal, correlationId }, body)),
        };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/users/:userId/export',
      operationId: 'exportUser',
      summary:
        'Every event of the user’s stream, streamed as JSON Lines in log order (the `engram export` format), while the service runs',
      tag: 'memories',
      reads: true,
      schema: { params: UserPathParams, headers: TenantHeaders },
      responses: { 200: { description: 'JSON Lines', contentType: 'application/x-ndjson', schema: jsonLinesResponse } },
      async handle({ tenantId, principal, correlationId, params }) {
        const events = await app.exportUser({
          scope: scopeOf(tenantId, { userId: params.userId }),
          principal,
          correlationId,
        });
        const lines = Readable.from(
          (async function* () {
            for await (const e of events) yield `${JSON.stringify(e)}\n`;
          })(),
        );
        return { status: 200, body: lines, contentType: 'application/x-ndjson; charset=utf-8' };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/users',
      operationId: 'listUsers',
      summary: 'The users of the tenant that hold anything (memories, messages, sessions), by id, page by page',
      tag: 'admin',
      reads: true,
      schema: { querystring: UsersQuery, headers: TenantHeaders },
      responses: { 200: { description: 'one page; nextCursor is null on the last', schema: usersResponse } },
      async handle({ tenantId, principal, query }) {
        const page = await app.listUsers({
          tenantId,
          principal,
          ...(query.limit !== undefined ? { limit: Number(query.limit) } : {}),
          ...(query.cursor !== undefined ? { cursor: query.cursor } : {}),
        });
        return { status: 200, body: page };
      },
    }),
    route({
      method: 'GET',
      url: '/v1/admin/stats',
      operationId: 'stats',
      summary:
        'engram stats while the service runs: the tenant’s (or one user’s) entries per tier and rows per table, the log, each projection’s checkpoint and lag',
      tag: 'admin',
      reads: true,
      schema: { querystring: StatsQuery, headers: TenantHeaders },
      responses: { 200: { description: 'counts', schema: statsResponse } },
      async handle({ tenantId, principal, query }) {
        return { status: 200, body: await app.stats({ tenantId, principal, userId: query.userId ?? null }) };
      },
    }),
  ];
}
