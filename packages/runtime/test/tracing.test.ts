/**
 * The OpenTelemetry adapter under core's instrumented log, on a real file log, exporting to a real
 * OTLP/HTTP receiver on loopback: which events take their append span's traceparent as correlation id,
 * and how a consumer's batch of several traced writes links to each of them.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstrumentedLog, inSpan, JsonEventCodec, noopMetrics, type StoredEvent } from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';
import { sampleMessageObserved, startOtlpCollector, waitFor, type OtlpCollector } from '@engram/testing';
import { createOtlpTracing } from '../src/tracing';

describe('traces through the instrumented log', () => {
  let dir: string;
  let collector: OtlpCollector;
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-tracing-'));
    collector = await startOtlpCollector();
  });
  afterAll(async () => {
    await collector.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('stamps only events without a correlation id, and links a batch of several writes to each', async () => {
    const tracing = createOtlpTracing({
      endpoint: `${collector.url}/v1/traces`,
      headers: {},
      service: 'test',
      version: '0.0.0',
    });
    const tracer = tracing.tracer;
    const raw = await openFileEventLog({ dir: join(dir, 'log'), codec: new JsonEventCodec() });
    const log = createInstrumentedLog(raw, { metrics: noopMetrics, tracer });
    const event = (n: number, correlationId: string | null) => ({
      ...sampleMessageObserved('t', 'u', n),
      correlationId,
    });
    const inRequest = (name: string, n: number, corr: string | null) =>
      inSpan(tracer, name, { kind: 'server' }, async (span) => {
        await log.append([event(n, corr)]);
        return span.traceparent!;
      });
    const a = await inRequest('request a', 1, null);
    await inRequest('request b', 2, 'client-correlation-7');
    const c = await inRequest('request c', 3, null);

    const stored: StoredEvent[] = [];
    const sub = await log.subscribe(async (batch) => void stored.push(...batch), {
      name: 'projector-test',
      fromBeginning: true,
      batchSize: 10,
    });
    await waitFor('the three events delivered', async () => stored.length === 3, 10_000);
    await sub.close();
    await log.close();
    await tracing.shutdown();

    const [e1, e2, e3] = stored.map((s) => s.event.correlationId);
    // The append span (a child of the request) names the write; a client's own correlation id is kept.
    expect(e1).toMatch(new RegExp(`^00-${a.split('-')[1]}-[0-9a-f]{16}-01$`));
    expect(e2).toBe('client-correlation-7');
    expect(e3).toMatch(new RegExp(`^00-${c.split('-')[1]}-[0-9a-f]{16}-01$`));

    await waitFor(
      'the spans exported',
      async () => collector.spans.some((s) => s.name === 'projection.apply test'),
      10_000,
    );
    const appends = collector.spans.filter((s) => s.name === 'log.append');
    expect(appends).toHaveLength(3);
    const apply = collector.spans.filter((s) => s.name === 'projection.apply test');
    // Subscribed after the three appends: the log hands them over as one batch.
    const batch = apply.find((s) => s.attributes['messaging.batch.message_count'] === 3)!;
    expect(batch, 'one batch of the three events').toBeDefined();
    // Two traced writes in it: a trace of its own, linked to both appends (the untraced one adds no link).
    expect(batch.parentSpanId).toBe('');
    expect(batch.links.map((l) => `00-${l.traceId}-${l.spanId}-01`).sort()).toEqual([e1, e3].sort());
    expect(appends.map((s) => s.spanId)).toEqual(expect.arrayContaining(batch.links.map((l) => l.spanId)));
    expect(apply.every((s) => s.kind === 5)).toBe(true);
  });
});
