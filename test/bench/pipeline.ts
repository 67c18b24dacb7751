/**
 * Throughput and write→queryable latency of the whole write pipeline: log → the four projectors
 * (SQL read models, checkpoints in the same transaction) → search index (BM25 + vectors).
 *   npm run bench -- pipeline [--backend kafka|embedded] [--events N] [--users U] [--samples S] [--out result.json]
 * kafka: a real Kafka broker and PostgreSQL server (ENGRAM_TEST_KAFKA_BROKERS / ENGRAM_TEST_PG_URL,
 * or started here from the same scripts the tests use). embedded: file log + PGlite.
 * Throughput: N MemoryWritten events appended by 32 concurrent writers while all projectors run;
 * measured from the first append until every projection (and the search index) has applied the
 * last one. Latency: S single writes on the idle system, each timed from the append call until the
 * read side reports the event's position applied (what `minPosition` waits for).
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { newId, type EngramEvent, type EventLog, type LogPosition, type SqlDatabase } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { PROJECTORS, runMigrations, sqlProjectionProgress, startProjector } from '@engram/projections';
import { createSearchIndexProjector } from '@engram/retrieval';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';
import { createHashEmbedder } from '@engram/embedder-use';

function option(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

function memoryWritten(n: number, user: string): EngramEvent {
  const now = new Date().toISOString();
  return {
    eventId: newId(),
    type: 'MemoryWritten',
    schemaVersion: 2,
    tenantId: 'bench',
    userId: user,
    agentId: null,
    sessionId: null,
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: {
      memoryId: newId(),
      type: 'ENVIRONMENT',
      tier: 'SEMANTIC',
      key: null,
      content: `Project note ${n}: service ${n % 97} deploys with blue-green rollout on region ${n % 7}`,
      tags: ['bench'],
      importance: 0.5,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: {},
      sourceMessageIds: [],
      episodeId: null,
      validFrom: null,
      validTo: null,
    },
  };
}

const pct = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;

async function openBackend(
  kind: string,
  dir: string,
): Promise<{ log: EventLog; db: SqlDatabase; close: () => Promise<void>; label: string }> {
  const codec = createAvroEventCodec();
  if (kind === 'embedded') {
    const { openFileEventLog } = await import('@engram/event-log-file');
    const { openPglite } = await import('@engram/store-pglite');
    const log = await openFileEventLog({ dir: join(dir, 'log'), codec });
    const db = await openPglite({ dataDir: join(dir, 'pglite') });
    return { log, db, label: 'file log + PGlite', close: async () => (await log.close(), await db.close()) };
  }
  const testing = await import('@engram/testing');
  const { openKafkaEventLog } = await import('@engram/event-log-kafka');
  const { openPostgres } = await import('@engram/store-postgres');
  const stops: Array<() => Promise<void>> = [];
  let brokers = testing.kafkaTestBrokers();
  if (!brokers) {
    const k = await testing.startKafka();
    stops.push(k.stop);
    brokers = k.brokers;
  }
  let pgUrl = testing.pgTestUrl();
  if (!pgUrl) {
    const p = await testing.startPostgres();
    stops.push(p.stop);
    pgUrl = p.url;
  }
  const scratch = await testing.createTestDatabase(pgUrl, 'engram_bench');
  const log = await openKafkaEventLog({ brokers, codec, topic: `engram.bench.${Date.now()}`, partitions: 6 });
  const db = openPostgres({ connectionString: scratch.url, max: 8 });
  return {
    log,
    db,
    label: 'Kafka 3.9 (KRaft, 6 partitions) + PostgreSQL 15',
    close: async () => {
      await log.close();
      await db.close();
      await scratch.drop();
      for (const s of stops) await s();
    },
  };
}

export default async function pipeline(argv: string[]): Promise<void> {
  const backend = option(argv, 'backend', 'kafka');
  const events = Number(option(argv, 'events', '5000'));
  const users = Number(option(argv, 'users', '50'));
  const samples = Number(option(argv, 'samples', '200'));
  const out = argv.includes('--out') ? option(argv, 'out', '') : null;
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-pipeline-'));
  const b = await openBackend(backend, dir);
  try {
    await runMigrations(b.db);
    const handles = [];
    for (const p of Object.values(PROJECTORS))
      handles.push(await startProjector({ log: b.log, db: b.db, projector: p, batchSize: 500 }));
    const search = await createSearchIndexProjector({
      log: b.log,
      textIndex: await createLocalTextIndex({ dir: join(dir, 'bm25') }),
      contextTextIndex: await createLocalTextIndex({ dir: join(dir, 'bm25', 'context') }),
      vectorIndex: await createLocalVectorIndex({ dir: join(dir, 'vectors') }),
      embedder: createHashEmbedder({ dimensions: 256 }),
    });
    const sql = sqlProjectionProgress(b.db, Object.keys(PROJECTORS));
    const applied = async (pos: LogPosition) => (await sql.reached(pos)) && (await search.reached(pos));
    const waitAll = async (positions: LogPosition[]) => {
      for (const p of positions) while (!(await applied(p))) await new Promise((r) => setTimeout(r, 2));
    };

    // Throughput.
    const lastByPartition = new Map<number, LogPosition>();
    const t0 = performance.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: 32 }, async () => {
        for (;;) {
          const n = next++;
          if (n >= events) return;
          const { positions } = await b.log.append([memoryWritten(n, `user-${n % users}`)]);
          const p = positions[0]!;
          const prev = lastByPartition.get(p.partition);
          if (!prev || prev.offset < p.offset) lastByPartition.set(p.partition, p);
        }
      }),
    );
    const appendedMs = performance.now() - t0;
    await waitAll([...lastByPartition.values()]);
    const totalMs = performance.now() - t0;

    // Latency on the idle system.
    const lat: number[] = [];
    for (let i = 0; i < samples; i++) {
      const s = performance.now();
      const { positions } = await b.log.append([memoryWritten(events + i, `user-${i % users}`)]);
      await waitAll(positions);
      lat.push(performance.now() - s);
    }
    lat.sort((x, y) => x - y);
    for (const h of handles) await h.close();
    await search.close();
    const result = {
      backend: b.label,
      events,
      users,
      appendSeconds: +(appendedMs / 1000).toFixed(2),
      eventsPerSecond: Math.round(events / (totalMs / 1000)),
      latencyMs: {
        samples,
        p50: +pct(lat, 50).toFixed(1),
        p99: +pct(lat, 99).toFixed(1),
        max: +lat[lat.length - 1]!.toFixed(1),
      },
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      date: new Date().toISOString(),
    };
    console.log(`\npipeline (${result.backend}): ${events} events from 32 writers, ${users} users`);
    console.log(
      `  through log → 4 projectors → search index: ${result.eventsPerSecond} events/s (appends done in ${result.appendSeconds} s)`,
    );
    console.log(
      `  write → queryable latency: p50 ${result.latencyMs.p50} ms, p99 ${result.latencyMs.p99} ms, max ${result.latencyMs.max} ms (${samples} samples)`,
    );
    if (out) await writeFile(out, JSON.stringify(result, null, 2));
  } finally {
    await b.close();
    await rm(dir, { recursive: true, force: true });
  }
}
