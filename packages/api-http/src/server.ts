import { EngramError, noopTelemetry, type Logger, type ReadinessCheck, type Telemetry } from '@engram/core';
import type { AccessControl, KeyAdmin, MemoryApp } from '@engram/app';
import type { WebhookAdmin } from '@engram/webhooks';
import { problemOf } from '@engram/contract';
import Fastify from 'fastify';
import type { FastifyInstance, FastifySchemaCompiler } from 'fastify';
import { lazySerializers } from './lazy-serializers';
import { adminKeyRoutes } from './admin-key-routes';
import { webhookRoutes } from './webhook-routes';
import { installAuthHook } from './auth-hook';
import { installTelemetryHooks, MEMORY_OPERATIONS } from './telemetry-hooks';
import { errorHandler } from './errors';
import { buildOpenApi } from './openapi';
import type { RouteDef, RouteInput, RouteSchemas } from './route-def';
import { buildRoutes } from './routes';
import { requestCaller } from './request-caller';
import { registerMem0Routes } from './mem0/mem0-routes';
import { registerMcpRoute } from './mcp-route';
import { registerInspectorUi } from './inspector-ui';
import { errorSchema, healthResponse, markdownResponse, openApiResponse, readinessResponse } from './schemas';
import type { JsonSchema } from './schemas';

export const BODY_LIMIT_BYTES = 64 * 1024;

export interface HttpServerOptions {
  app: MemoryApp;
  /** P5: who may call (openAccess() when auth is off). */
  access: AccessControl;
  /** Key management routes (/v1/admin/keys); absent, they are not served. */
  keys?: KeyAdmin;
  /** Webhook management routes (/v1/admin/webhooks); absent, they are not served. */
  webhooks?: WebhookAdmin;
  logger: Logger;
  version: string;
  /** Largest request body (default BODY_LIMIT_BYTES). */
  bodyLimitBytes?: number;
  /**
   * Whether this service answers reads (default true). The ingest service does not: its read routes
   * answer 404 NOT_FOUND pointing at the query service, and its OpenAPI document lists no reads.
   */
  reads?: boolean;
  /** What /readyz reports (the service's Readiness.check). */
  readiness: ReadinessCheck;
  /** MCP at /mcp: delete_all_memories is offered only when allowed (ENGRAM_MCP_DELETE_ALL). */
  mcp?: { allowDeleteAll: boolean };
  /** How long an event stream stays silent before a heartbeat comment (default 15 s). */
  streamHeartbeatMs?: number;
  /** The Prometheus text of /metrics; absent = no /metrics route. */
  metrics?: () => Promise<string>;
  /** Request spans and the HTTP histogram (issue 19); default none. */
  telemetry?: Telemetry;
}

function systemRoutes(opts: HttpServerOptions, doc: () => Record<string, unknown>): RouteDef[] {
  const { version, readiness, metrics } = opts;
  return [
    {
      method: 'GET',
      url: '/healthz',
      operationId: 'healthz',
      summary: 'The process is up',
      tag: 'system',
      auth: 'none',
      schema: {},
      responses: { 200: { description: 'up', schema: healthResponse } },
      handle: async () => ({ status: 200, body: { status: 'ok', version } }),
    },
    {
      method: 'GET',
      url: '/readyz',
      operationId: 'readyz',
      summary:
        'Ready: the log takes appends, the read store answers, no projection is stuck or rebuilding (the body says which component is not, and why)',
      tag: 'system',
      auth: 'none',
      schema: {},
      responses: {
        200: { description: 'ready', schema: readinessResponse },
        503: { description: 'not ready: which component and why', schema: readinessResponse },
      },
      async handle() {
        const r = await readiness();
        const body = {
          status: r.ready ? 'ready' : 'not_ready',
          version,
          components: r.components,
          deadLetters: r.deadLetters,
          reasons: r.reasons,
        };
        if (r.ready) return { status: 200, body };
        const first = Object.keys(r.components).find((k) => !r.components[k]!.ok) ?? '';
        const code =
          first === 'log' ? 'LOG_UNAVAILABLE' : first === 'store' ? 'STORE_UNAVAILABLE' : 'PROJECTION_LAGGING';
        return {
          status: 503,
          body: { ...body, error: new EngramError(code, r.reasons.join('; '), { retriable: true }).toJSON() },
        };
      },
    },
    ...(metrics
      ? [
          {
            method: 'GET' as const,
            url: '/metrics',
            operationId: 'metrics',
            summary:
              'Prometheus metrics (requests, appends, rejections, projection lag, query stages, consolidation, models, readiness)',
            tag: 'system',
            // Open unless ENGRAM_METRICS_AUTH=required (then any valid key).
            auth: 'metrics' as const,
            schema: {},
            responses: {
              200: { description: 'Prometheus text format', contentType: 'text/plain', schema: markdownResponse },
            },
            handle: async () => ({
              status: 200,
              body: await metrics(),
              contentType: 'text/plain; version=0.0.4; charset=utf-8',
            }),
          },
        ]
      : []),
    {
      method: 'GET',
      url: '/openapi.json',
      operationId: 'openapi',
      summary: 'This OpenAPI 3.1 document',
      tag: 'system',
      auth: 'none',
      schema: {},
      responses: { 200: { description: 'OpenAPI document', schema: openApiResponse } },
      handle: async () => ({ status: 200, body: doc() }),
    },
  ];
}

/**
 * Validates each request part with the contract's compiled check of the route's own schema object
 * (fastify hands the compiler a copy of the headers schema, which would lose the refinements).
 */
function contractValidator(r: RouteDef): FastifySchemaCompiler<unknown> {
  return ({ httpPart }) => {
    const part = (httpPart === 'querystring' ? 'querystring' : httpPart) as keyof RouteSchemas;
    const schema = r.schema[part];
    if (!schema) return () => true;
    return (value: unknown) => {
      const error = problemOf(schema, value, httpPart);
      return error ? { error } : { value };
    };
  };
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
    return503OnClosing: true,
    // The event id of a Mem0 add names every event it appended (GET /mem0/v1/event/{id}/).
    routerOptions: { maxParamLength: 4096 },
    // Each response schema's serializer is compiled on its first reply, not at start-up.
    schemaController: { compilersFactory: { buildSerializer: lazySerializers } },
  });
  server.removeContentTypeParser('text/plain');
  server.setErrorHandler(errorHandler(opts.logger));
  installTelemetryHooks(server, opts.telemetry ?? noopTelemetry);
  installAuthHook(server, opts.access);
  server.setNotFoundHandler((req, reply) => {
    reply
      .code(404)
      .send({ error: new EngramError('NOT_FOUND', `no route ${req.method} ${req.url.split('?')[0]}`).toJSON() });
  });

  // Open answers (event streams) end when the server closes instead of holding its shutdown up.
  const streams = new Set<AbortController>();
  server.addHook('preClose', async () => {
    for (const s of [...streams]) s.abort();
  });

  let doc: Record<string, unknown> | null = null;
  const routes: RouteDef[] = [];
  const all = buildRoutes(opts.app, { ...(opts.streamHeartbeatMs ? { heartbeatMs: opts.streamHeartbeatMs } : {}) });
  const served = opts.reads === false ? all.filter((r) => !r.reads) : all;
  routes.push(
    ...served,
    ...(opts.keys ? adminKeyRoutes(opts.keys) : []),
    ...(opts.webhooks ? webhookRoutes(opts.webhooks) : []),
    ...systemRoutes(opts, () => (doc ??= buildOpenApi(routes, opts.version))),
  );
  for (const r of all.filter((x) => !served.includes(x))) {
    server.route({
      method: r.method,
      url: r.url,
      handler: async () => {
        throw new EngramError(
          'NOT_FOUND',
          `this service takes writes only: send ${r.method} ${r.url} to the query service`,
          { details: { operationId: r.operationId } },
        );
      },
    });
  }

  for (const r of routes) {
    server.route({
      method: r.method,
      url: r.url,
      schema: { ...r.schema, response: fastifyResponseSchemas(r) },
      validatorCompiler: contractValidator(r),
      config: {
        auth: r.auth ?? 'key',
        ...(MEMORY_OPERATIONS[r.operationId] ? { memoryOperation: MEMORY_OPERATIONS[r.operationId] } : {}),
      },
      handler: async (req, reply) => {
        // Made when a route asks for it (an open answer): an AbortController per request costs every write.
        let gone: AbortController | null = null;
        const signal = (): AbortSignal => {
          if (gone) return gone.signal;
          const c = (gone = new AbortController());
          reply.raw.once('close', () => c.abort());
          streams.add(c);
          c.signal.addEventListener('abort', () => streams.delete(c));
          return c.signal;
        };
        // Headers validated by the route's TenantHeaders schema.
        const input = {
          ...requestCaller(req),
          params: req.params ?? {},
          query: req.query ?? {},
          body: req.body ?? {},
          headers: req.headers,
          get signal() {
            return signal();
          },
        } as RouteInput;
        const out = await r.handle(input);
        reply.code(out.status);
        if (out.contentType) reply.type(out.contentType);
        if (out.headers) reply.headers(out.headers);
        return out.body;
      },
    });
  }
  // Agent surfaces over the same app and keys, not in this OpenAPI document: Mem0's REST API (Mem0 documents it) and MCP.
  if (opts.reads !== false) {
    registerMem0Routes(server, opts.app);
    registerMcpRoute(server, {
      app: opts.app,
      version: opts.version,
      logger: opts.logger,
      allowDeleteAll: opts.mcp?.allowDeleteAll ?? false,
    });
    registerInspectorUi(server);
  }
  return server;
}
