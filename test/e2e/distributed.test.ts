/**
 * Distributed mode end to end (issue: "Scale out on real engines"): every service as its own child
 * process on a real Kafka broker and a real PostgreSQL server. Writes and observations go through
 * `ingest`, answers come from `query` over HTTP and gRPC. One projector is killed with SIGKILL
 * mid-stream and restarted: the read models converge with no duplicate and no loss.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as grpc from '@grpc/grpc-js';
import pg from 'pg';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { loadEngramProto } from '@engram/api-grpc';
import { createQdrantVectorIndex } from '@engram/index-qdrant';
import {
  createTestDatabase,
  describeWithServers,
  scrapeMetrics,
  startOtlpCollector,
  waitFor,
  type OtlpCollector,
  type TestDatabase,
  type TestServer,
} from '@engram/testing';
import { freePort, startEngramProcess, type EngramProcess } from './support/engram-process';
import { consolidated, headOf } from './support/settled';

const PROJECTORS = ['projector-working', 'projector-episodic', 'projector-semantic', 'projector-archival'] as const;
/** Distributed services require keys (P5): the operator's bootstrap key makes the tenant key the test uses. */
const ADMIN_KEY = 'distributed-e2e-admin-key-9b3f7c1a5e2d8f4c6a0b';

// The same run with the in-process vector index of the query service, and with Qdrant.
const VARIANTS: Array<{ vectors: 'local' | 'qdrant'; servers: TestServer[] }> = [
  { vectors: 'local', servers: ['postgres', 'kafka'] },
  { vectors: 'qdrant', servers: ['postgres', 'kafka', 'qdrant'] },
];

for (const variant of VARIANTS)
  describeWithServers(
    variant.servers,
    `distributed services on Kafka + PostgreSQL, ${variant.vectors} vectors`,
    (urls) => {
      const { postgres: pgUrl, kafka } = urls;
      const qdrantUrl = 'qdrant' in urls ? String(urls.qdrant) : '';
      // Both variants are collected in the same millisecond: a random id keeps their topics (and the
      // consumer groups' offsets on them) and collections apart.
      const runId = `${variant.vectors}_${process.pid}_${randomBytes(4).toString('hex')}`;
      const qdrantPrefix = `e2e_${runId}_`;
      let db: TestDatabase;
      let root: string;
      let sql: pg.Pool;
      const procs = new Map<string, EngramProcess>();
      const topic = `engram.e2e.${runId}`;
      const masterKey = randomBytes(32).toString('base64');
      let grpcPort = 0;
      // Every service exports its spans here (issue 19): one write's trace crosses processes through Kafka.
      let collector: OtlpCollector;
      let auth: Record<string, string> = {};
      const grpcAuth = () => {
        const md = new grpc.Metadata();
        md.set('authorization', auth.authorization!);
        return md;
      };

      const envFor = (service: string): Record<string, string> => ({
        ENGRAM_LOG: 'kafka',
        KAFKA_BROKERS: kafka,
        KAFKA_TOPIC: topic,
        KAFKA_PARTITIONS: '3',
        ENGRAM_STORE: 'postgres',
        DATABASE_URL: db.url,
        DATABASE_POOL_SIZE: '3',
        ENGRAM_EMBEDDER: 'hash',
        // Every service wraps and reads data keys with the same master key (PostgreSQL key store).
        ENGRAM_MASTER_KEY: masterKey,
        ...(variant.vectors === 'qdrant'
          ? { ENGRAM_VECTORS: 'qdrant', QDRANT_URL: qdrantUrl, QDRANT_COLLECTION_PREFIX: qdrantPrefix }
          : {}),
        ENGRAM_DATA_DIR: join(root, service),
        ENGRAM_ADMIN_KEY: ADMIN_KEY,
        ...(service === 'query' ? { GRPC_PORT: String(grpcPort) } : {}),
        OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      });
      const start = async (service: string) => {
        const p = await startEngramProcess({ service, env: envFor(service), readyTimeoutMs: 90_000 });
        procs.set(service, p);
        return p;
      };

      beforeAll(async () => {
        root = mkdtempSync(join(tmpdir(), 'engram-dist-'));
        collector = await startOtlpCollector();
        db = await createTestDatabase(pgUrl, 'engram_e2e');
        sql = new pg.Pool({ connectionString: db.url, max: 2 });
        // The database is dropped WITH (FORCE) at the end: an idle pooled connection ended then is not an error of the test.
        sql.on('error', () => undefined);
        grpcPort = await freePort();
        // ingest first: it creates the topic; then the rest in parallel.
        await start('ingest');
        // allSettled: if one fails, the others still finish starting, so afterAll stops every one of them.
        const started = await Promise.allSettled([...PROJECTORS, 'consolidator', 'query'].map((s) => start(s)));
        const failed = started.find((r): r is PromiseRejectedResult => r.status === 'rejected');
        if (failed) throw failed.reason;
        const key = await procs
          .get('ingest')!
          .request(
            'POST',
            '/v1/admin/keys',
            { tenantId: 'default', scopes: ['read', 'write', 'write:user_stated'] },
            { authorization: `Bearer ${ADMIN_KEY}` },
          );
        expect(key.status).toBe(201);
        auth = { authorization: `Bearer ${key.body.key}` };
      }, 240_000);

      afterAll(async () => {
        await Promise.all([...procs.values()].map((p) => p.kill('SIGTERM')));
        await sql?.end();
        await collector?.close();
        await db?.drop();
        if (variant.vectors === 'qdrant') {
          const vectors = createQdrantVectorIndex({ url: qdrantUrl, collectionPrefix: qdrantPrefix, dimensions: 1 });
          await vectors.dropAll();
          await vectors.close();
        }
        rmSync(root, { recursive: true, force: true });
      }, 60_000);

      it('writes through ingest and reads its own writes through query (HTTP and gRPC)', async () => {
        const ingest = procs.get('ingest')!;
        const query = procs.get('query')!;
        const w = await ingest.request(
          'POST',
          '/v1/memories',
          { userId: 'erin', type: 'USER', key: 'user.instrument', content: 'Erin plays the cello in a quartet' },
          auth,
        );
        expect(w.status).toBe(202);
        const q = await query.request(
          'POST',
          '/v1/query',
          { userId: 'erin', query: 'what instrument does Erin play', minPosition: w.body.position },
          auth,
        );
        expect(q.status).toBe(200);
        expect(q.body.results[0]).toMatchObject({
          id: w.body.id,
          content: 'Erin plays the cello in a quartet',
          source: 'user_stated',
        });
        // One retrieval pipeline: the ingest service answers no queries, it points at the query service.
        const misdirected = await ingest.request(
          'POST',
          '/v1/query',
          { userId: 'erin', query: 'what instrument does Erin play' },
          auth,
        );
        expect([misdirected.status, misdirected.body.error.code]).toEqual([404, 'NOT_FOUND']);

        const { Client } = loadEngramProto();
        const client: any = new Client(`127.0.0.1:${grpcPort}`, grpc.credentials.createInsecure());
        const res: any = await new Promise((resolve, reject) =>
          client.Query(
            { userId: 'erin', query: 'cello quartet', minPosition: w.body.position },
            grpcAuth(),
            (err: Error | null, r: unknown) => (err ? reject(err) : resolve(r)),
          ),
        );
        expect(res.results[0].id).toBe(w.body.id);
        const missing: any = await new Promise((resolve) =>
          client.GetMemory({ userId: 'someone-else', id: w.body.id }, grpcAuth(), (err: grpc.ServiceError | null) =>
            resolve(err),
          ),
        );
        expect(missing.code).toBe(grpc.status.NOT_FOUND);
        client.close();
      });

      it('serves /metrics on every service and traces a write from ingest through the log to every projector', async () => {
        const ingest = procs.get('ingest')!;
        const traceId = randomBytes(16).toString('hex');
        const w = await ingest.request(
          'POST',
          '/v1/memories',
          { userId: 'gita', type: 'USER', key: 'user.sport', content: 'Gita rows on the river every morning' },
          { ...auth, traceparent: `00-${traceId}-${randomBytes(8).toString('hex')}-01` },
        );
        expect(w.status).toBe(202);
        const q = await procs
          .get('query')!
          .request('POST', '/v1/query', { userId: 'gita', query: 'which sport', minPosition: w.body.position }, auth);
        expect(q.status).toBe(200);

        // The trace: ingest's request and append, then each projector's apply in its own process (a
        // child of the append, or linked to it when the batch held other writes too).
        const services = [...PROJECTORS.map((p) => `engram-${p}`), 'engram-query'];
        const appendOf = () =>
          collector.spans.find(
            (s) =>
              s.traceId === traceId &&
              s.name === 'log.append' &&
              (s.attributes['engram.event.types'] as string[]).includes('MemoryWritten'),
          );
        const appliesOf = (append: { spanId: string }) =>
          collector.spans.filter(
            (s) =>
              s.name.startsWith('projection.apply ') &&
              (s.parentSpanId === append.spanId || s.links.some((l) => l.spanId === append.spanId)),
          );
        const projections = [
          ...PROJECTORS.map((p) => `projection.apply ${p.replace('projector-', '')}`),
          'projection.apply search-index',
        ];
        // The query process runs other consumers too (webhooks): wait for the projections by name.
        await waitFor(
          'the write trace to reach every projector process',
          async () => {
            const append = appendOf();
            const applies = append ? appliesOf(append) : [];
            const seen = new Set(applies.map((s) => s.service));
            const names = new Set(applies.map((s) => s.name));
            return services.every((x) => seen.has(x)) && projections.every((n) => names.has(n));
          },
          60_000,
        );
        const append = appendOf()!;
        expect(append.service).toBe('engram-ingest');
        const server = collector.spans.find((s) => s.traceId === traceId && s.name === 'POST /v1/memories')!;
        expect(server).toMatchObject({ service: 'engram-ingest', kind: 2 });
        expect(appliesOf(append).map((s) => s.name)).toEqual(expect.arrayContaining(projections));

        // /metrics on every service: the write moved ingest's families, each projector reports its lag.
        const ingestMetrics = await scrapeMetrics(ingest.url);
        expect(ingestMetrics.samples('engram_build_info', { service: 'ingest' })).toHaveLength(1);
        expect(
          ingestMetrics.count('engram_http_request_duration_seconds', {
            route: '/v1/memories',
            method: 'POST',
            status: '202',
          }),
        ).toBeGreaterThan(0);
        expect(ingestMetrics.value('engram_log_appended_events_total', { type: 'MemoryWritten' })).toBeGreaterThan(0);
        expect(ingestMetrics.count('engram_log_append_duration_seconds')).toBeGreaterThan(0);
        for (const p of PROJECTORS) {
          const health = await fetch(`${procs.get(p)!.url}/healthz`);
          expect(health.headers.get('keep-alive'), p).toBe('timeout=72');
          await health.body?.cancel();
          const m = await scrapeMetrics(procs.get(p)!.url);
          const projection = p.replace('projector-', '');
          expect(m.samples('engram_build_info', { service: p }), p).toHaveLength(1);
          expect(m.samples('engram_projection_lag_events', { projection }), p).toHaveLength(1);
          expect(m.samples('engram_projection_lag_seconds', { projection }), p).toHaveLength(1);
          expect(m.families.has('engram_dead_letters'), p).toBe(true);
        }
        const queryMetrics = await scrapeMetrics(procs.get('query')!.url);
        expect(queryMetrics.count('engram_query_duration_seconds', { stage: 'total' })).toBeGreaterThan(0);
        expect(queryMetrics.count('engram_embedding_duration_seconds')).toBeGreaterThan(0);
        const consolidator = await scrapeMetrics(procs.get('consolidator')!.url);
        expect(consolidator.samples('engram_consolidation_queue_depth')).toHaveLength(1);
      });

      it('consolidates a session observed through ingest into facts and an episode', async () => {
        const ingest = procs.get('ingest')!;
        const query = procs.get('query')!;
        for (const [i, content] of [
          'My name is Frank Osei.',
          'I live in Accra.',
          'I work as a nurse at Korle Bu hospital.',
        ].entries()) {
          const r = await ingest.request(
            'POST',
            '/v1/sessions/f-1/messages',
            { userId: 'frank', role: 'user', content, messageId: `f${i}` },
            auth,
          );
          expect(r.status).toBe(202);
        }
        const end = await ingest.request('POST', '/v1/sessions/f-1/end', { userId: 'frank' }, auth);
        expect(end.status).toBe(202);
        // The consolidator's journal says when its events are in the log; a marker in frank's stream
        // (his partition) then gives a position after them for the query service to reach.
        await consolidated(join(root, 'consolidator'), end.body.eventId);
        const head = await headOf(ingest, 'frank', auth);
        const q = await query.request(
          'POST',
          '/v1/query',
          { userId: 'frank', query: 'where does Frank live', k: 20, tiers: ['SEMANTIC'], minPosition: head },
          auth,
        );
        const facts = (q.body.results ?? []).filter((r: any) => r.source === 'consolidated');
        expect(facts.find((x: any) => /Accra/.test(x.content)).sourceMessageIds).toEqual(['f1']);
        const episodes = await sql.query(
          `SELECT session_key, source_message_ids FROM episodes WHERE user_id = 'frank'`,
        );
        expect(episodes.rows).toHaveLength(1);
        expect(episodes.rows[0].session_key).toBe('f-1');
      });

      it('converges with no duplicate and no loss after a projector is SIGKILLed mid-stream', async () => {
        const ingest = procs.get('ingest')!;
        const query = procs.get('query')!;
        const N = 60;
        const ids: string[] = [];
        let last = '';
        for (let i = 0; i < N; i++) {
          if (i === 20) await procs.get('projector-semantic')!.kill('SIGKILL');
          const r = await ingest.request(
            'POST',
            '/v1/memories',
            { userId: 'gina', type: 'ENVIRONMENT', content: `Build step ${i} compiles module alpha${i}` },
            auth,
          );
          expect(r.status).toBe(202);
          ids.push(r.body.id);
          last = r.body.position;
        }
        await start('projector-semantic');
        const q = await query.request(
          'POST',
          '/v1/query',
          { userId: 'gina', query: 'build step compiles module', k: 100, minPosition: last },
          auth,
        );
        expect(q.status).toBe(200);
        const rows = await sql.query(`SELECT id::text AS id FROM memories WHERE user_id = 'gina'`);
        expect(rows.rows.map((r) => r.id).sort()).toEqual([...ids].sort());
        const history = await sql.query(
          `SELECT count(*)::int AS n FROM memory_history WHERE user_id = 'gina' AND action = 'created'`,
        );
        expect(history.rows[0].n).toBe(N);
        const cps = await sql.query(
          `SELECT projection, partition, next_offset FROM projection_checkpoints WHERE projection = 'semantic'`,
        );
        expect(cps.rows.length).toBeGreaterThan(0);
      }, 180_000);
    },
  );
