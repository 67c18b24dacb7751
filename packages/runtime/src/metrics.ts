import { Gauge, Registry } from 'prom-client';
import type { ReadinessCheck } from '@engram/core';

/**
 * The service's Prometheus registry (`/metrics`). Gauges here are read from the readiness report at
 * scrape time: dead letters per projection, projection lag, whether the log takes appends, ready.
 */
export function createMetrics(readiness: ReadinessCheck): { registry: Registry; render(): Promise<string> } {
  const registry = new Registry();
  let report: ReturnType<ReadinessCheck> | null = null;
  // One readiness check per scrape, shared by every gauge.
  const current = () => (report ??= readiness().finally(() => setTimeout(() => (report = null), 0)));
  new Gauge({
    name: 'engram_ready',
    help: '1 when /readyz says ready',
    registers: [registry],
    async collect() {
      this.set((await current()).ready ? 1 : 0);
    },
  });
  new Gauge({
    name: 'engram_log_appendable',
    help: '1 while the event log takes appends',
    registers: [registry],
    async collect() {
      this.set((await current()).components.log?.ok ? 1 : 0);
    },
  });
  new Gauge({
    name: 'engram_dead_letters',
    help: 'events a projection could not apply and parked (L8), per projection',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [projection, n] of Object.entries((await current()).deadLetters)) this.set({ projection }, n);
    },
  });
  new Gauge({
    name: 'engram_projection_lag_events',
    help: 'events in the log a projection has not applied yet',
    labelNames: ['projection'],
    registers: [registry],
    async collect() {
      this.reset();
      for (const [name, c] of Object.entries((await current()).components)) {
        if (typeof c.lag === 'number') this.set({ projection: name.replace(/^projection:/, '') }, c.lag);
      }
    },
  });
  return { registry, render: () => registry.metrics() };
}
