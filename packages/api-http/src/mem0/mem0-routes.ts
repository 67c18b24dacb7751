import { EngramError } from '@engram/core';
import { createMem0Memories, mem0Entities as entitiesOf, type Mem0Caller, type MemoryApp } from '@engram/app';
import {
  Mem0AddBody,
  Mem0EntityParams,
  Mem0EntityQuery,
  Mem0EventParams,
  Mem0ListBody,
  Mem0PageQuery,
  Mem0UpdateBody,
  Mem0MemoryParams,
  Mem0SearchBody,
  TenantHeaders,
  check,
} from '@engram/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { requestCaller } from '../request-caller';

/** Where the Mem0-compatible subset is served: `new MemoryClient({ apiKey, host: 'http://HOST:PORT/mem0' })`. */
export const MEM0_PREFIX = '/mem0';
/** Mem0's page size when a list names none. */
const DEFAULT_PAGE_SIZE = 100;
/** Events are checked one by one (each its write status): smaller pages, and at most this many. */
const DEFAULT_EVENTS_PAGE_SIZE = 50;
const MAX_EVENTS_PAGE_SIZE = 100;

/** Page and page size of a Mem0 list (`?page=&page_size=`). */
function pageOf(req: FastifyRequest, defaultSize: number): { page: number; pageSize: number } {
  const q = check(Mem0PageQuery, req.query ?? {}, 'query');
  return { page: Number(q.page ?? 1), pageSize: Number(q.page_size ?? defaultSize) };
}

/** Mem0's paged answer: the count, this page and the links to its neighbours. */
function paged<T>(
  req: FastifyRequest,
  path: string,
  p: { page: number; pageSize: number },
  r: { count: number; results: T[] },
) {
  const url = (n: number) => `${req.protocol}://${req.host}${MEM0_PREFIX}${path}?page=${n}&page_size=${p.pageSize}`;
  return {
    count: r.count,
    next: p.page * p.pageSize < r.count ? url(p.page + 1) : null,
    previous: p.page > 1 ? url(p.page - 1) : null,
    results: r.results,
  };
}

/** The caller, its tenant and correlation headers checked as on every native route. */
function callerOf(req: FastifyRequest): Mem0Caller {
  check(TenantHeaders, req.headers, 'headers');
  return requestCaller(req);
}

/**
 * Mem0's REST API (the paths, trailing slashes, field names and shapes its clients use) over the
 * same MemoryApp operations as the native API: the same keys (`Authorization: Token <key>` is an
 * Engram key), scopes, guard and scanner. Not in the OpenAPI document: Mem0 documents it.
 */
export function registerMem0Routes(server: FastifyInstance, app: MemoryApp): void {
  const mem0 = createMem0Memories(app);
  void server.register(
    async (s) => {
      // Mem0's clients send Content-Type: application/json on bodiless DELETEs too.
      s.removeContentTypeParser('application/json');
      s.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
        const raw = String(body);
        if (raw.trim() === '') return done(null, undefined);
        try {
          done(null, JSON.parse(raw));
        } catch {
          done(
            new EngramError('VALIDATION_FAILED', 'the body is not valid JSON', { details: { field: 'body' } }),
            undefined,
          );
        }
      });

      s.get('/v1/ping/', async (req) => {
        const c = callerOf(req);
        return {
          status: 'ok',
          message: 'Engram (Mem0-compatible API)',
          org_id: c.tenantId,
          project_id: c.tenantId,
          user_email: null,
        };
      });

      s.post('/v3/memories/add/', async (req) => {
        const b = check(Mem0AddBody, req.body ?? {}, 'body');
        return mem0.add(callerOf(req), {
          entities: entitiesOf(b),
          messages: b.messages,
          infer: b.infer ?? true,
          ...(b.metadata ? { metadata: b.metadata } : {}),
          ...(b.expiration_date ? { expirationDate: b.expiration_date } : {}),
        });
      });

      s.post('/v3/memories/search/', async (req) => {
        const b = check(Mem0SearchBody, req.body ?? {}, 'body');
        const { filters, top_k, threshold, query, user_id, agent_id, run_id, app_id } = b;
        const results = await mem0.search(callerOf(req), {
          entities: entitiesOf({ user_id, agent_id, run_id, app_id }, filters),
          query,
          ...(top_k !== undefined ? { topK: top_k } : {}),
          ...(threshold !== undefined ? { threshold } : {}),
        });
        return { results };
      });

      s.post('/v3/memories/', async (req) => {
        const b = check(Mem0ListBody, req.body ?? {}, 'body');
        const p = pageOf(req, DEFAULT_PAGE_SIZE);
        const { user_id, agent_id, run_id, app_id } = b;
        const r = await mem0.list(callerOf(req), {
          entities: entitiesOf({ user_id, agent_id, run_id, app_id }, b.filters),
          ...p,
        });
        return paged(req, '/v3/memories/', p, r);
      });

      s.put('/v1/memories/:id/', async (req) => {
        const { id } = check(Mem0MemoryParams, req.params, 'path');
        const b = check(Mem0UpdateBody, req.body ?? {}, 'body');
        return mem0.update(callerOf(req), id, {
          ...(b.text !== undefined ? { text: b.text } : {}),
          ...(b.metadata ? { metadata: b.metadata } : {}),
        });
      });

      s.get('/v1/memories/:id/', async (req) =>
        mem0.get(callerOf(req), check(Mem0MemoryParams, req.params, 'path').id),
      );

      s.get('/v1/memories/:id/history/', async (req) =>
        mem0.history(callerOf(req), check(Mem0MemoryParams, req.params, 'path').id),
      );

      s.delete('/v1/memories/:id/', async (req) =>
        mem0.delete(callerOf(req), check(Mem0MemoryParams, req.params, 'path').id),
      );

      s.delete('/v1/memories/', async (req) =>
        mem0.deleteAll(callerOf(req), check(Mem0EntityQuery, req.query ?? {}, 'query')),
      );

      s.get('/v1/event/:id/', async (req) => mem0.event(callerOf(req), check(Mem0EventParams, req.params, 'path').id));

      s.get('/v1/events/', async (req) => {
        const p = pageOf(req, DEFAULT_EVENTS_PAGE_SIZE);
        if (p.pageSize > MAX_EVENTS_PAGE_SIZE)
          throw new EngramError('VALIDATION_FAILED', `page_size: at most ${MAX_EVENTS_PAGE_SIZE} events a page`, {
            details: { field: 'page_size' },
          });
        return paged(req, '/v1/events/', p, await mem0.events(callerOf(req), p));
      });

      s.get('/v1/entities/', async (req) => {
        const p = pageOf(req, DEFAULT_PAGE_SIZE);
        return paged(req, '/v1/entities/', p, await mem0.entities(callerOf(req), p));
      });

      const deleteEntity = async (req: FastifyRequest) => {
        const { type, name } = check(Mem0EntityParams, req.params, 'path');
        if (type === 'app') {
          throw new EngramError(
            'VALIDATION_FAILED',
            'entity_type: an app is a soft scope tag in Engram, not an entity that holds memories: erase its users, agents or runs',
            { details: { field: 'entity_type' } },
          );
        }
        return mem0.deleteEntity(callerOf(req), { type, name });
      };
      s.delete('/v1/entities/:type/:name/', deleteEntity);
      s.delete('/v2/entities/:type/:name/', deleteEntity);
    },
    { prefix: MEM0_PREFIX },
  );
}
