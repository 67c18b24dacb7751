/**
 * Observability ports (issue 19): metrics and trace spans. Parts take a Telemetry from the
 * composition root (runtime builds the Prometheus and OpenTelemetry adapters); without one they
 * use noopTelemetry, so nothing here changes what a part does.
 */

/** The instruments of `/metrics`; the adapter names the families. Labels are bounded sets, never ids. */
export interface Metrics {
  /** `route` is the route template (`/v1/memories/:id`), never the raw URL. */
  httpRequest(r: { route: string; method: string; status: number }, seconds: number): void;
  /** One append to the log of record, with the type of each event it held. */
  logAppend(seconds: number, eventTypes: readonly string[]): void;
  /** A write refused by the content scanner or a guard (its WriteRejected code). */
  writeRejected(reason: string): void;
  /** A consumer of the log applied a batch whose newest event was recorded at `newestRecordedAt`. */
  projectionApplied(projection: string, newestRecordedAt: string): void;
  queryStage(stage: string, seconds: number): void;
  /** One consolidation task (a session's or a memory's), from start to its events appended. */
  consolidation(seconds: number): void;
  embedding(seconds: number): void;
  llmRequest(r: { stage: string; inputTokens?: number; outputTokens?: number }, seconds: number): void;
}

export type SpanAttributes = Record<string, string | number | boolean | string[]>;
export type SpanKind = 'internal' | 'server' | 'client' | 'producer' | 'consumer';

export interface SpanOptions {
  kind?: SpanKind;
  attributes?: SpanAttributes;
  /** W3C traceparent of a remote parent (a request's header, an event's correlation id); default: the active span. */
  parent?: string | null;
  /** traceparents of the spans this one is linked to (the writes of a batch a projector applies). */
  links?: readonly string[];
}

export interface Span {
  /** The W3C traceparent naming this span; null when tracing is off. */
  readonly traceparent: string | null;
  setAttributes(attributes: SpanAttributes): void;
  /** Marks the span failed with the error's code. */
  fail(err: unknown): void;
  end(): void;
  /** Runs fn with this span active: spans started inside are its children. */
  run<T>(fn: () => T): T;
}

export interface Tracer {
  /** False when no exporter is configured: spans are not recorded. */
  readonly enabled: boolean;
  startSpan(name: string, opts?: SpanOptions): Span;
  /** The traceparent of the active span, or null. */
  activeTraceparent(): string | null;
}

export interface Telemetry {
  metrics: Metrics;
  tracer: Tracer;
}

const noopSpan: Span = {
  traceparent: null,
  setAttributes: () => {},
  fail: () => {},
  end: () => {},
  run: (fn) => fn(),
};

export const noopMetrics: Metrics = {
  httpRequest: () => {},
  logAppend: () => {},
  writeRejected: () => {},
  projectionApplied: () => {},
  queryStage: () => {},
  consolidation: () => {},
  embedding: () => {},
  llmRequest: () => {},
};

export const noopTracer: Tracer = { enabled: false, startSpan: () => noopSpan, activeTraceparent: () => null };

export const noopTelemetry: Telemetry = { metrics: noopMetrics, tracer: noopTracer };
