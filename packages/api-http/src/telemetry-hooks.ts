import { inSpan, isTraceparent, type Span, type Telemetry } from '@engram/core';
import type { FastifyInstance } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's server span (a no-op span when tracing is off). */
    span: Span | null;
  }
  interface FastifyContextConfig {
    /** The GenAI memory operation a route performs (OTel semantic conventions), for its span. */
    memoryOperation?: MemoryOperation;
  }
}

export type MemoryOperation = 'create_memory' | 'update_memory' | 'delete_memory' | 'search_memory';

/** gen_ai.operation.name of the memory routes (values defined by the OTel GenAI memory conventions). */
export const MEMORY_OPERATIONS: Readonly<Record<string, MemoryOperation>> = {
  writeMemory: 'create_memory',
  writeMemories: 'create_memory',
  observeMessage: 'create_memory',
  patchMemory: 'update_memory',
  pinMemory: 'update_memory',
  unpinMemory: 'update_memory',
  restoreMemory: 'update_memory',
  forgetMemory: 'delete_memory',
  forgetKey: 'delete_memory',
  forgetUser: 'delete_memory',
  query: 'search_memory',
  context: 'search_memory',
};

/**
 * Issue 19 on HTTP: every request is a server span (continuing the caller's `traceparent`) and an
 * observation of engram_http_request_duration_seconds by route template, method and status. The
 * handler runs inside the span, so what it appends carries the trace; a memory route adds the GenAI
 * `{operation} engram` span. Installed before the routes (onRoute wraps the handlers registered after it).
 */
export function installTelemetryHooks(server: FastifyInstance, telemetry: Telemetry): void {
  const { tracer, metrics } = telemetry;
  server.decorateRequest('span', null);
  server.addHook('onRequest', async (req) => {
    const header = req.headers.traceparent;
    // A malformed traceparent is ignored (W3C Trace Context): the request starts a new trace.
    const route = req.routeOptions.url ?? 'unmatched';
    req.span = tracer.startSpan(`${req.method} ${route}`, {
      kind: 'server',
      ...(typeof header === 'string' && isTraceparent(header) ? { parent: header } : {}),
      attributes: { 'http.request.method': req.method, 'http.route': route, 'url.path': req.url.split('?')[0]! },
    });
  });
  server.addHook('onResponse', async (req, reply) => {
    metrics.httpRequest(
      { route: req.routeOptions.url ?? 'unmatched', method: req.method, status: reply.statusCode },
      reply.elapsedTime / 1000,
    );
    const span = req.span;
    if (!span) return;
    span.setAttributes({ 'http.response.status_code': reply.statusCode });
    if (reply.statusCode >= 500) span.fail(new Error(`HTTP ${reply.statusCode}`));
    span.end();
  });
  server.addHook('onRoute', (route) => {
    const handler = route.handler;
    const op = route.config?.memoryOperation;
    route.handler = function (this: FastifyInstance, req, reply) {
      const span = req.span;
      if (!span) return handler.call(this, req, reply);
      if (!op) return span.run(() => handler.call(this, req, reply));
      return span.run(() =>
        inSpan(
          tracer,
          `${op} engram`,
          { attributes: { 'gen_ai.operation.name': op, 'gen_ai.memory.store.name': 'engram' } },
          async () => handler.call(this, req, reply),
        ),
      );
    };
  });
}
