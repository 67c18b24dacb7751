/**
 * Issue 19 acceptance, items 3 and 4, on the all-in-one as a user runs it (a real process, real HTTP):
 * `/metrics` parses with a Prometheus text-format parser and its families move when the service
 * writes, queries, refuses a write and consolidates; with an OTLP endpoint configured, one write's
 * trace (exported to a real OTLP/HTTP receiver on loopback) holds the HTTP span, the append and the
 * apply span of every projector.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEngramProto } from '@engram/api-grpc';
import {
  parseScrape,
  scrapeMetrics,
  startOtlpCollector,
  waitFor,
  type CollectedSpan,
  type OtlpCollector,
  type Scrape,
} from '@engram/testing';
import { freePort, startEngramProcess, type EngramProcess } from './support/engram-process';
import { consolidated } from './support/settled';

const PROJECTIONS = ['working', 'episodic', 'semantic', 'archival', 'search-index'];
const USER = 'obs-user-7f3a';
const traceparentFor = (traceId: string, spanId: string) => `00-${traceId}-${spanId}-01`;

/** The spans of one trace, and every projector apply span in it or linked to one of its spans. */
function traceOf(spans: CollectedSpan[], traceId: string) {
  const own = spans.filter((s) => s.traceId === traceId);
  const ids = new Set(own.map((s) => s.spanId));
  const linked = spans.filter((s) => s.traceId !== traceId && s.links.some((l) => ids.has(l.spanId)));
  return { own, applies: [...own, ...linked].filter((s) => s.name.startsWith('projection.apply ')) };
}

describe('observability of the all-in-one (metrics and traces)', () => {
  let dataDir: string;
  let engram: EngramProcess;
  let collector: OtlpCollector;
  let before: Scrape;
  let grpcPort: number;

  beforeAll(async () => {
    collector = await startOtlpCollector();
    dataDir = mkdtempSync(join(tmpdir(), 'engram-obs-'));
    grpcPort = await freePort();
    engram = await startEngramProcess({
      env: {
        ENGRAM_DATA_DIR: dataDir,
        ENGRAM_EMBEDDER: 'hash',
        ENGRAM_CONSOLIDATION_IDLE_SECONDS: '3600',
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
        GRPC_PORT: String(grpcPort),
      },
    });
    before = await scrapeMetrics(engram.url);
  });
  afterAll(async () => {
    await engram?.kill();
    await collector?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it('traces one write from its HTTP request through the append to every projector, and a query through its stages', async () => {
    const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
    const w = await engram.request(
      'POST',
      '/v1/memories',
      { userId: USER, type: 'USER', key: 'user.editor', content: 'The user writes code in Helix with a light theme' },
      { traceparent: traceparentFor(traceId, '00f067aa0ba902b7') },
    );
    expect(w.status).toBe(202);
    const q = await engram.request(
      'POST',
      '/v1/query',
      { userId: USER, query: 'which editor does the user write code in?', k: 5, minPosition: w.body.position },
      { traceparent: traceparentFor('0af7651916cd43dd8448eb211c80319c', 'b7ad6b7169203331') },
    );
    expect(q.status).toBe(200);
    expect(q.body.results[0].content).toContain('Helix');

    // Spans are exported in batches (every 500 ms): wait until the write's trace has reached every projector.
    await waitFor(
      'the write trace to reach every projection',
      async () => {
        const applied = new Set(traceOf(collector.spans, traceId).applies.map((s) => s.name.slice(17)));
        return PROJECTIONS.every((p) => applied.has(p));
      },
      30_000,
    );
    const write = traceOf(collector.spans, traceId);
    const byName = (name: string) => write.own.filter((s) => s.name === name);
    const [server] = byName('POST /v1/memories');
    expect(server).toMatchObject({ kind: 2, parentSpanId: '00f067aa0ba902b7', service: 'engram-engram' });
    expect(server!.attributes).toMatchObject({ 'http.route': '/v1/memories', 'http.response.status_code': 202 });
    const [op] = byName('create_memory engram');
    expect(op).toMatchObject({ parentSpanId: server!.spanId });
    expect(op!.attributes['gen_ai.operation.name']).toBe('create_memory');
    const append = byName('log.append').find((s) =>
      (s.attributes['engram.event.types'] as string[]).includes('MemoryWritten'),
    );
    expect(append, 'the append span of the MemoryWritten').toBeDefined();
    // The append happens inside the request: a descendant of the server span.
    const parents = new Map(write.own.map((s) => [s.spanId, s.parentSpanId]));
    const ancestors = (id: string): string[] =>
      parents.get(id) ? [parents.get(id)!, ...ancestors(parents.get(id)!)] : [];
    expect(ancestors(append!.spanId)).toContain(server!.spanId);
    // Each projector's apply is the append's child (a batch of this write alone) or links to it.
    for (const p of PROJECTIONS) {
      const apply = write.applies.find((s) => s.name === `projection.apply ${p}`)!;
      expect(apply.kind, p).toBe(5);
      expect(apply.parentSpanId === append!.spanId || apply.links.some((l) => l.spanId === append!.spanId), p).toBe(
        true,
      );
    }

    const query = collector.spans.filter((s) => s.traceId === '0af7651916cd43dd8448eb211c80319c');
    const names = query.map((s) => s.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'POST /v1/query',
        'search_memory engram',
        'query.search',
        'query.keyword',
        'query.embed',
      ]),
    );
    expect(query.find((s) => s.name === 'search_memory engram')!.attributes['gen_ai.operation.name']).toBe(
      'search_memory',
    );
    // The query's access record (MemoryAccessed) is appended in batches later, outside the request.
    for (const s of collector.spans) expect(JSON.stringify(s.attributes)).not.toContain(USER);
  });

  it('continues a traceparent sent in gRPC metadata: the call, its append and the projectors', async () => {
    const traceId = 'a3ce929d0e0e47364bf92f3577b34da6';
    const { Client } = loadEngramProto();
    const client: any = new Client(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
    const md = new grpc.Metadata();
    md.set('traceparent', traceparentFor(traceId, '53995c3f42cd8ad8'));
    const res: any = await new Promise((resolve, reject) =>
      client.Write(
        { userId: USER, type: 'USER', content: 'The user keeps a sourdough starter alive' },
        md,
        (err: Error | null, r: unknown) => (err ? reject(err) : resolve(r)),
      ),
    );
    client.close();
    expect(res.position).toMatch(/^\d+:\d+$/);
    await waitFor(
      'the gRPC write trace to reach the semantic projection',
      async () => traceOf(collector.spans, traceId).applies.some((s) => s.name === 'projection.apply semantic'),
      30_000,
    );
    const call = collector.spans.find((s) => s.traceId === traceId && s.name === 'engram.v1.Engram/Write')!;
    expect(call).toMatchObject({ kind: 2, parentSpanId: '53995c3f42cd8ad8' });
    expect(call.attributes).toMatchObject({ 'rpc.system': 'grpc', 'gen_ai.operation.name': 'create_memory' });
    const append = collector.spans.find((s) => s.traceId === traceId && s.name === 'log.append')!;
    expect(append.parentSpanId).toBe(call.spanId);
  });

  it('serves /metrics in the Prometheus text format, and its families move as the service works', async () => {
    const w = await engram.request('POST', '/v1/memories', {
      userId: USER,
      type: 'USER',
      key: 'user.city',
      content: 'The user lives in Lisbon',
    });
    expect(w.status).toBe(202);
    const q = await engram.request('POST', '/v1/query', {
      userId: USER,
      query: 'where does the user live?',
      k: 3,
      minPosition: w.body.position,
    });
    expect(q.status).toBe(200);
    const refused = await engram.request('POST', '/v1/memories', {
      userId: USER,
      type: 'USER',
      content: 'hidden\u200Bpayload',
    });
    expect(refused.status).toBe(422);
    const msg = await engram.request('POST', '/v1/sessions/obs-s1/messages', {
      userId: USER,
      role: 'user',
      content: 'I switched from Vim to Helix last week.',
    });
    expect(msg.status).toBe(202);
    const end = await engram.request('POST', '/v1/sessions/obs-s1/end', { userId: USER });
    expect(end.status).toBe(202);
    await consolidated(dataDir, end.body.eventId);

    const raw = await (await fetch(`${engram.url}/metrics`)).text();
    const after = parseScrape(raw);
    const grew = (name: string, labels?: Record<string, string>) =>
      expect(after.count(name, labels), `${name} ${JSON.stringify(labels ?? {})}`).toBeGreaterThan(
        before.count(name, labels),
      );
    const rose = (name: string, labels?: Record<string, string>) =>
      expect(after.value(name, labels), `${name} ${JSON.stringify(labels ?? {})}`).toBeGreaterThan(
        before.value(name, labels),
      );

    expect(after.samples('engram_build_info', { service: 'engram' })[0]!.value).toBe(1);
    grew('engram_http_request_duration_seconds', { route: '/v1/memories', method: 'POST', status: '202' });
    grew('engram_http_request_duration_seconds', { route: '/v1/memories', method: 'POST', status: '422' });
    grew('engram_http_request_duration_seconds', { route: '/v1/query', method: 'POST', status: '200' });
    grew('engram_http_request_duration_seconds', {
      route: '/v1/sessions/:sessionId/messages',
      method: 'POST',
      status: '202',
    });
    grew('engram_log_append_duration_seconds');
    rose('engram_log_appended_events_total', { type: 'MemoryWritten' });
    rose('engram_log_appended_events_total', { type: 'WriteRejected' });
    rose('engram_log_appended_events_total', { type: 'EpisodeCreated' });
    rose('engram_writes_rejected_total', { reason: 'CONTENT_BLOCKED_INVISIBLE_UNICODE' });
    for (const stage of ['total', 'embed', 'keyword', 'vector', 'hydrate', 'rerank'])
      grew('engram_query_duration_seconds', { stage });
    grew('engram_embedding_duration_seconds');
    grew('engram_consolidation_duration_seconds');
    expect(after.samples('engram_consolidation_queue_depth')).toHaveLength(1);
    for (const projection of PROJECTIONS) {
      expect(after.samples('engram_projection_lag_events', { projection }), projection).toHaveLength(1);
      expect(after.samples('engram_projection_lag_seconds', { projection }), projection).toHaveLength(1);
    }
    expect(after.families.get('engram_dead_letters')!.type).toBe('gauge');
    // Declared even with no LLM configured (the rules engine extracts here); moved in packages/runtime/test.
    for (const f of ['engram_llm_request_duration_seconds', 'engram_llm_tokens_total'])
      expect(raw).toContain(`# TYPE ${f} `);

    // Prometheus naming, and no user, memory or session id in any label.
    for (const [name, f] of after.families) {
      expect(name).toMatch(/^engram_[a-z0-9_]+$/);
      if (f.type === 'histogram') expect(name).toMatch(/_seconds$/);
      for (const m of f.samples) {
        if (f.type === 'counter') expect(m.name).toMatch(/_total$/);
        for (const v of Object.values(m.labels))
          for (const id of [USER, w.body.id, 'obs-s1']) expect(v, `${name} label`).not.toContain(id);
      }
    }
  });
});
