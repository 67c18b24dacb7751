import type { Span, SpanOptions, Tracer } from '../ports/telemetry';

const TRACEPARENT = /^00-(?!0{32})[0-9a-f]{32}-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}$/;

/** A W3C traceparent (version 00), the form an event's correlation id takes when its write was traced. */
export function isTraceparent(s: string | null | undefined): s is string {
  return typeof s === 'string' && TRACEPARENT.test(s);
}

/** Runs fn in a new active span, ended when fn settles and marked failed when it throws. */
export async function inSpan<T>(
  tracer: Tracer,
  name: string,
  opts: SpanOptions,
  fn: (span: Span) => Promise<T>,
): Promise<T> {
  const span = tracer.startSpan(name, opts);
  try {
    return await span.run(() => fn(span));
  } catch (err) {
    span.fail(err);
    throw err;
  } finally {
    span.end();
  }
}

/** Runs fn and reports how long it took, in seconds, whether it succeeded or not. */
export async function timed<T>(fn: () => Promise<T>, observe: (seconds: number) => void): Promise<T> {
  const t0 = performance.now();
  try {
    return await fn();
  } finally {
    observe((performance.now() - t0) / 1000);
  }
}
