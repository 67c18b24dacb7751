import {
  ROOT_CONTEXT,
  SpanKind,
  SpanStatusCode,
  TraceFlags,
  trace,
  type Context,
  type Link,
  type SpanContext,
} from '@opentelemetry/api';
import { AsyncLocalStorageContextManager } from '@opentelemetry/context-async-hooks';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-proto';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, TracerProvider } from '@opentelemetry/sdk-trace';
import { isTraceparent, toEngramError, type Span, type SpanKind as PortSpanKind, type Tracer } from '@engram/core';

const KINDS: Record<PortSpanKind, SpanKind> = {
  internal: SpanKind.INTERNAL,
  server: SpanKind.SERVER,
  client: SpanKind.CLIENT,
  producer: SpanKind.PRODUCER,
  consumer: SpanKind.CONSUMER,
};

const formatTraceparent = (c: SpanContext): string =>
  `00-${c.traceId}-${c.spanId}-${(c.traceFlags & TraceFlags.SAMPLED ? 1 : 0).toString(16).padStart(2, '0')}`;

function spanContextOf(traceparent: string): SpanContext | null {
  if (!isTraceparent(traceparent)) return null;
  const [, traceId, spanId, flags] = traceparent.split('-');
  return { traceId: traceId!, spanId: spanId!, traceFlags: parseInt(flags!, 16), isRemote: true };
}

export interface OtlpTracing {
  tracer: Tracer;
  /** Exports what is buffered and stops (the lifecycle calls it last). */
  shutdown(): Promise<void>;
}

/**
 * The Tracer port on OpenTelemetry: spans batched to an OTLP/HTTP (protobuf) endpoint. Its own
 * AsyncLocalStorage context manager carries the active span through awaits; nothing is registered
 * globally, so two services in one process (tests) keep their traces apart.
 */
export function createOtlpTracing(opts: {
  endpoint: string;
  headers: Record<string, string>;
  service: string;
  version: string;
}): OtlpTracing {
  const exporter = new OTLPTraceExporter({ url: opts.endpoint, headers: opts.headers });
  const provider = new TracerProvider({
    resource: resourceFromAttributes({ 'service.name': `engram-${opts.service}`, 'service.version': opts.version }),
    spanProcessors: [new BatchSpanProcessor({ exporter, scheduledDelayMillis: 500 })],
  });
  const contexts = new AsyncLocalStorageContextManager().enable();
  const otel = provider.getTracer('engram', opts.version);

  const parentOf = (parent: string | null | undefined): Context => {
    if (parent === undefined) return contexts.active();
    const sc = parent === null ? null : spanContextOf(parent);
    return sc ? trace.setSpanContext(ROOT_CONTEXT, sc) : ROOT_CONTEXT;
  };

  const tracer: Tracer = {
    enabled: true,
    startSpan(name, o = {}) {
      const links: Link[] = (o.links ?? [])
        .map(spanContextOf)
        .filter((c): c is SpanContext => c !== null)
        .map((context) => ({ context }));
      const parent = parentOf(o.parent);
      const span = otel.startSpan(
        name,
        { kind: KINDS[o.kind ?? 'internal'], ...(o.attributes ? { attributes: o.attributes } : {}), links },
        parent,
      );
      const active = trace.setSpan(parent, span);
      const handle: Span = {
        traceparent: formatTraceparent(span.spanContext()),
        setAttributes: (a) => void span.setAttributes(a),
        fail(err) {
          const e = toEngramError(err);
          span.setAttribute('error.type', e.code);
          span.setStatus({ code: SpanStatusCode.ERROR, message: e.message });
        },
        end: () => span.end(),
        run: (fn) => contexts.with(active, fn),
      };
      return handle;
    },
    activeTraceparent() {
      const sc = trace.getSpanContext(contexts.active());
      return sc ? formatTraceparent(sc) : null;
    },
  };
  return {
    tracer,
    async shutdown() {
      await provider.shutdown();
      contexts.disable();
    },
  };
}
