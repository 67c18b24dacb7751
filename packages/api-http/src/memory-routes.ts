import { listInputOf, patchInputOf, type MemoryApp } from '@engram/app';
import { ListMemoriesQuery, MemoryParams, PatchBody, TenantHeaders, UserPathParams } from '@engram/contract';
import { route, type RouteDef } from './route-def';
import { memoryPageResponse, patchResponse } from './schemas';

/** Listing a user's memories and changing one. */
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
  ];
}
