/**
 * Acknowledged-append throughput and ack latency of the embedded file log.
 *   npm run bench -- append [--events N] [--concurrency 1,16,64] [--delay-ms D] [--dir PATH] [--out result.json]
 * Each concurrency level gets a fresh log; C workers each issue single-event appends back to back
 * until N appends are acknowledged (durable: written and fdatasync'ed).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JsonEventCodec, type EngramEvent } from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';

interface Row {
  concurrency: number;
  events: number;
  seconds: number;
  eventsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  eventsPerSync: number;
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  if (i === -1) return undefined;
  const v = argv[i + 1];
  if (v === undefined || v.startsWith('--')) throw new Error(`--${name} needs a value`);
  return v;
}

function positiveInt(text: string, what: string): number {
  const n = Number(text);
  if (!Number.isSafeInteger(n) || n < 1) throw new Error(`${what} must be a positive integer, got ${text}`);
  return n;
}

function event(n: number, user: string): EngramEvent {
  const now = new Date().toISOString();
  return {
    eventId: randomUUID(),
    type: 'MessageObserved',
    schemaVersion: 1,
    tenantId: 'bench',
    userId: user,
    agentId: 'agent-1',
    sessionId: 'session-1',
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: { messageId: randomUUID(), role: 'user', content: `benchmark message number ${n}: the user prefers dark roast coffee in the morning`, metadata: {} },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

async function runLevel(root: string, concurrency: number, events: number, delayMs: number): Promise<Row> {
  const dir = await mkdtemp(join(root, `append-c${concurrency}-`));
  const log = await openFileEventLog({ dir, codec: new JsonEventCodec(), groupCommitMaxDelayMs: delayMs });
  try {
    for (let i = 0; i < 100; i++) await log.append([event(i, 'warmup')]);
    const before = log.stats();
    const latencies: number[] = [];
    let issued = 0;
    const started = performance.now();
    await Promise.all(
      Array.from({ length: concurrency }, async (_, w) => {
        while (issued < events) {
          const n = issued++;
          const t0 = performance.now();
          await log.append([event(n, `user-${w % 64}`)]);
          latencies.push(performance.now() - t0);
        }
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    latencies.sort((a, b) => a - b);
    const after = log.stats();
    return {
      concurrency,
      events,
      seconds,
      eventsPerSecond: events / seconds,
      p50Ms: percentile(latencies, 50),
      p99Ms: percentile(latencies, 99),
      maxMs: latencies[latencies.length - 1]!,
      eventsPerSync: (after.eventsCommitted - before.eventsCommitted) / (after.groupCommits - before.groupCommits),
    };
  } finally {
    await log.close();
    await rm(dir, { recursive: true, force: true });
  }
}

export default async function appendBench(argv: string[]): Promise<void> {
  const events = positiveInt(option(argv, 'events') ?? '5000', '--events');
  const levels = (option(argv, 'concurrency') ?? '1,16,64,256').split(',').map((c) => positiveInt(c.trim(), '--concurrency'));
  const delayMs = Number(option(argv, 'delay-ms') ?? '0');
  const root = option(argv, 'dir') ?? tmpdir();
  const out = option(argv, 'out');
  console.log(`append benchmark: ${events} single-event appends per level, group commit delay ${delayMs} ms, dir ${root}`);
  const rows: Row[] = [];
  for (const c of levels) rows.push(await runLevel(root, c, events, delayMs));
  console.log('');
  console.log('| concurrency | events | seconds | events/s | p50 ms | p99 ms | max ms | events/fdatasync |');
  console.log('|---:|---:|---:|---:|---:|---:|---:|---:|');
  for (const r of rows) {
    console.log(
      `| ${r.concurrency} | ${r.events} | ${r.seconds.toFixed(2)} | ${Math.round(r.eventsPerSecond)} | ${r.p50Ms.toFixed(2)} | ${r.p99Ms.toFixed(2)} | ${r.maxMs.toFixed(2)} | ${r.eventsPerSync.toFixed(1)} |`,
    );
  }
  if (out) await writeFile(out, JSON.stringify({ bench: 'append', events, delayMs, rows }, null, 2));
}
