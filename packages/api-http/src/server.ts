import { EngramError, type Logger } from '@engram/core';
import type { MemoryApp } from '@engram/app';
import Fastify from 'fastify';
import type { FastifyInstance } from 'fastify';
import { errorHandler } from './errors';
import { buildOpenApi } from './openapi';
import type { RouteDef, RouteInput } from './route-def';
import { buildRoutes } from './routes';
import { errorSchema, healthResponse } from './schemas';
import type { JsonSchema } from './schemas';

export const BODY_LIMIT_BYTES = 64 * 1024;
const TENANT_PATTERN = /^[A-Za-z0-9._:-]{1,128}$/;

export interface HttpServerOptions {
  app: MemoryApp;
  logger: Logger;
  version: string;
  /** Largest request body (default BODY_LIMIT_BYTES). */
  bodyLimitBytes?: number;
}

function systemRoutes(app: MemoryApp, version: string, doc: () => JsonSchema): RouteDef[] {
  return [
    {
      method: 'GET',
      url: '/healthz',
      operationId: 'healthz',
      summary: 'The process is up',
      tag: 'system',
      schema: {},
      responses: { 200: { description: 'up', schema: healthResponse } },
      handle: async () => ({ status: 200, body: { status: 'ok', version } }),
    },
    {
      method: 'GET',
      url: '/readyz',
      operationId: 'readyz',
      summary: 'The log and the read store are reachable',
      tag: 'system',
      schema: {},
      responses: { 200: { description: 'ready', schema: healthResponse }, 503: { description: 'not ready', schema: errorSchema } },
      async handle() {
        const h = await app.health();
        if (h.log && h.db) return { status: 200, body: { status: 'ready', version, ...h } };
        throw new EngramError(h.log ? 'STORE_UNAVAILABLE' : 'LOG_UNAVAILABLE', 'not ready', { details: { ...h } });
      },
    },
    {
      method: 'GET',
      url: '/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'system',
      schema: {},
      responses: { 200: { description: 'OpenAPI document', schema: { type: 'object', additionalProperties: true } } },
      handle: async () => ({ status: 200, body: doc() }),
    },
  ];
}

function fastifyResponseSchemas(r: RouteDef): Record<string, JsonSchema> {
  const out: Record<string, JsonSchema> = {};
  for (const [status, resp] of Object.entries(r.responses)) {
    if (!resp.contentType) out[status] = resp.schema;
  }
  out['4xx'] ??= errorSchema;
  out['5xx'] ??= errorSchema;
  return out;
}

/** The HTTP API (fastify 5). Routes, validation and the OpenAPI document come from one table. */
export function buildHttpServer(opts: HttpServerOptions): FastifyInstance {
  const server = Fastify({
    logger: false,
    bodyLimit: opts.bodyLimitBytes ?? BODY_LIMIT_BYTES,
    // Wrong JSON types must fail validation, not be coerced; unknown fields are reported, not dropped.
    ajv: { customOptions: { coerceTypes: false, removeAdditional: false, useDefaults: false, allErrors: false } },
    return503OnClosing: true,
  });
  server.removeContentTypeParser('text/plain');
  server.setErrorHandler(errorHandler(opts.logger));
  server.setNotFoundHandler((req, reply) => {
    reply.code(404).send({ error: new EngramError('NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]}`).toJSON() });
  });

  let doc: JsonSchema | null = null;
  const routes: RouteDef[] = [];
  routes.push(...buildRoutes(opts.app), ...systemRoutes(opts.app, opts.version, () => (doc ??= buildOpenApi(routes, opts.version))));

  for (const r of routes) {
    server.route({
      method: r.method,
      url: r.url,
      schema: { ...r.schema, response: fastifyResponseSchemas(r) },
      handler: async (req, reply) => {
        const tenantHeader = req.headers['x-tenant-id'];
        const tenantId = typeof tenantHeader === 'string' && tenantHeader.length > 0 ? tenantHeader : 'default';
        if (!TENANT_PATTERN.test(tenantId)) {
          throw new EngramError('VALIDATION_FAILED', 'x-tenant-id must be 1–128 characters of A-Z a-z 0-9 . _ : -', { details: { field: 'x-tenant-id' } });
        }
        const corr = req.headers['x-correlation-id'];
        const input: RouteInput = {
          tenantId,
          correlationId: typeof corr === 'string' && corr.length > 0 ? corr : null,
          params: (req.params ?? {}) as Record<string, string>,
          query: (req.query ?? {}) as Record<string, string | undefined>,
          body: (req.body ?? {}) as Record<string, unknown>,
        };
        const out = await r.handle(input);
        reply.code(out.status);
        if (out.contentType) reply.type(out.contentType);
        return out.body;
      },
    });
  }
  return server;
}
