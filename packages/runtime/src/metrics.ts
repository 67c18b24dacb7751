import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Metrics, ReadinessCheck, ReadinessReport } from '@engram/core';

/** A service's Prometheus registry: the Metrics port the parts feed, and what `/metrics` renders. */
export interface PrometheusMetrics {
  metrics: Metrics;
  registry: Registry;
  /** The scrape gauges read from this readiness check (lag, dead letters, consolidation queue, ready). */
  watch(readiness: ReadinessCheck): void;
  render(): Promise<string>;
}

const FAST = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5];
const SLOW = [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300];

/**
 * Prometheus naming (base units, `_total` counters, `_seconds` histograms); labels are bounded sets
 * (route templates, event types, projections, stages, scanner codes), never a user, memory or key id.
 */
export function createPrometheusMetrics(build: { service: string; version: string }): PrometheusMetrics {
  const registry = new Registry();
  const registers = [registry];
  // The process itself: CPU, memory, event-loop lag, GC (prom-client's standard set), as engram_process_*/engram_nodejs_*.
  collectDefaultMetrics({ register: registry, prefix: 'engram_' });
  new Gauge({
    name: 'engram_build_info',
    help: 'always 1; the labels say which build and service this is',
    labelNames: ['version', 'service', 'node'],
    registers,
  }).set({ version: build.version, service: build.service, node: process.version }, 1);
  const http = new Histogram({
    name: 'engram_http_request_duration_seconds',
    help: 'HTTP requests by route template, method and status',
    labelNames: ['route', 'method', 'status'],
    buckets: FAST,
    registers,
  });
  const append = new Histogram({
    name: 'engram_log_append_duration_seconds',
    help: 'appends to the log of record, until durable',
    buckets: FAST,
    registers,
  });
  const appended = new Counter({
    name: 'engram_log_appended_events_total',
    help: 'events this service appended to the log, by type',
    labelNames: ['type'],
    registers,
  });
  const rejected = new Counter({
    name: 'engram_writes_rejected_total',
    help: 'writes refused by the content scanner or a guard (WriteRejected), by code',
    labelNames: ['reason'],
    registers,
  });
  const query = new Histogram({
    name: 'engram_query_duration_seconds',
    help: 'retrieval by stage (total = the whole search)',
    labelNames: ['stage'],
    buckets: FAST,
    registers,
  });
  const consolidation = new Histogram({
    name: 'engram_consolidation_duration_seconds',
    help: 'consolidation tasks, from start to their events appended',
    buckets: SLOW,
    registers,
  });
  const embedding = new Histogram({
    name: 'engram_embedding_duration_seconds',
    help: 'embedder calls (documents and queries)',
    buckets: FAST,
    registers,
  });
  const llm = new Histogram({
    name: 'engram_llm_request_duration_seconds',
    help: 'LLM completions by stage',
    labelNames: ['stage'],
    buckets: SLOW,
    registers,
  });
  const tokens = new Counter({
    name: 'engram_llm_tokens_total',
    help: 'tokens the LLM provider counted, by stage and type (input, output)',
    labelNames: ['stage', 'type'],
    registers,
  });
  /** When the newest event each consumer of this process applied was recorded (ms). */
  const appliedUpTo = new Map<string, number>();

  const metrics: Metrics = {
    httpRequest: (r, s) => http.observe({ route: r.route, method: r.method, status: String(r.status) }, s),
    logAppend(s, types) {
      append.observe(s);
      for (const type of types) appended.inc({ type });
    },
    writeRejected: (reason) => rejected.inc({ reason }),
    projectionApplied(projection, recordedAt) {
      const t = Date.parse(recordedAt);
      if (Number.isFinite(t)) appliedUpTo.set(projection, Math.max(appliedUpTo.get(projection) ?? 0, t));
    },
    queryStage: (stage, s) => query.observe({ stage }, s),
    consolidation: (s) => consolidation.observe(s),
    embedding: (s) => embedding.observe(s),
    llmRequest(r, s) {
      llm.observe({ stage: r.stage }, s);
      if (r.inputTokens) tokens.inc({ stage: r.stage, type: 'input' }, r.inputTokens);
      if (r.outputTokens) tokens.inc({ stage: r.stage, type: 'output' }, r.outputTokens);
    },
  };

  const watch = (readiness: ReadinessCheck): void => {
    let report: Promise<ReadinessReport> | null = null;
    // One readiness check per scrape, shared by every gauge.
    const current = () => (report ??= readiness().finally(() => setTimeout(() => (report = null), 0)));
    const lags = async () =>
      Object.entries((await current()).components)
        .filter(([, c]) => typeof c.lag === 'number')
        .map(([name, c]) => ({ projection: name.replace(/^projection:/, ''), lag: c.lag as number }));
    new Gauge({
      name: 'engram_ready',
      help: '1 when /readyz says ready',
      registers,
      async collect() {
        this.set((await current()).ready ? 1 : 0);
      },
    });
    new Gauge({
      name: 'engram_log_appendable',
      help: '1 while the event log takes appends',
      registers,
      async collect() {
        this.set((await current()).components.log?.ok ? 1 : 0);
      },
    });
    new Gauge({
      name: 'engram_dead_letters',
      help: 'events a projection could not apply and parked (L8), per projection',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const [projection, n] of Object.entries((await current()).deadLetters)) this.set({ projection }, n);
      },
    });
    new Gauge({
      name: 'engram_projection_lag_events',
      help: 'events in the log a projection has not applied yet',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        for (const { projection, lag } of await lags()) this.set({ projection }, lag);
      },
    });
    new Gauge({
      name: 'engram_projection_lag_seconds',
      help: 'how old the newest event a projection running here has applied is, while it has events to apply (0 when caught up)',
      labelNames: ['projection'],
      registers,
      async collect() {
        this.reset();
        const now = Date.now();
        for (const { projection, lag } of await lags()) {
          const upTo = appliedUpTo.get(projection);
          if (lag === 0) this.set({ projection }, 0);
          else if (upTo !== undefined) this.set({ projection }, Math.max(0, (now - upTo) / 1000));
        }
      },
    });
    new Gauge({
      name: 'engram_consolidation_queue_depth',
      help: 'consolidation tasks queued or running',
      registers,
      async collect() {
        const c = (await current()).components.consolidator;
        // Only where a consolidator runs.
        if (typeof c?.pendingTasks === 'number') this.set(c.pendingTasks);
        else this.reset();
      },
    });
  };
  return { metrics, registry, watch, render: () => registry.metrics() };
}
