/**
 * Assembles the parts of Engram from adapters. Each service's main.ts picks the parts it runs; the
 * all-in-one runs them all in one process.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import {
  ContentScreen,
  createInstrumentedEmbedder,
  createInstrumentedLlm,
  createInstrumentedLog,
  createScreenedLog,
  inSpan,
  noopTracer,
  timed,
  createSealedEventLog,
  systemClock,
  type ProjectionProgress,
  type EventLog,
  type SealedEventLog,
  type SqlDatabase,
  type SqlWriteClocks,
  countWrites,
  type LogPosition,
  type Retriever,
  type Telemetry,
} from '@engram/core';
import type { ProjectionName, Readiness, SemanticWriteIndex } from '@engram/projections';
import { parseConfig, type EngramConfig } from './config';
import { createRootLogger, type Logger } from './logger';
import { Lifecycle, runMain } from './lifecycle';
import { ENGRAM_VERSION } from './version';
import { createPrometheusMetrics, type PrometheusMetrics } from './metrics';
import {
  openContentScreen,
  openEmbedder,
  openEmbeddingCache,
  openEventCodec,
  openEventLog,
  openIndexes,
  openKeyStore,
  openLlm,
  openReadStore,
  openReranker,
} from './adapters';

export interface Foundation {
  cfg: Readonly<EngramConfig>;
  logger: Logger;
  life: Lifecycle;
  /** The log of record, user content sealed (P4): every service reads and writes through it. */
  log: SealedEventLog;
  db: SqlDatabase;
  /** Counts the writes through `db` when this process alone writes the store (embedded PGlite), else null. */
  writeClocks: SqlWriteClocks | null;
  /** /readyz of this service: every part started below registers itself. */
  readiness: Readiness;
  /** What every part measures and traces through (issue 19). */
  telemetry: Telemetry;
  /** This service's /metrics (the registry telemetry.metrics feeds, and the readiness gauges). */
  prometheus: PrometheusMetrics;
}

/**
 * A service's main: parses the config (once), creates the root logger and the lifecycle (signals
 * close everything in reverse order), opens the foundation and hands it to `start`.
 */
export function runService(service: string, start: (f: Foundation) => Promise<void>): void {
  runMain(async () => {
    const cfg = parseConfig();
    const logger = createRootLogger({ service, level: cfg.logLevel });
    const life = new Lifecycle(logger);
    life.installSignalHandlers();
    await start(await openFoundation(cfg, logger, life, { service }));
  });
}

/**
 * Opens the log (sealed, and screened for its readers), the read store (running migrations) and the
 * key store, registered for orderly shutdown. The read store opens while the log does (an embedded
 * one copies its template and compiles PGlite's WASM meanwhile: most of an empty start); each holds
 * its own directory lock, and the log's tells other processes (the CLI) that the service has the
 * data directory. When one of the two cannot open, the other is closed again.
 */
export async function openFoundation(
  cfg: Readonly<EngramConfig>,
  logger: Logger,
  life: Lifecycle,
  opts: { service?: string } = {},
): Promise<Foundation> {
  mkdirSync(cfg.dataDir, { recursive: true });
  const service = opts.service ?? 'engram';
  const prometheus = createPrometheusMetrics({ service, version: ENGRAM_VERSION });
  const dbOpening = openReadStore(cfg);
  let raw: EventLog;
  let telemetry: Telemetry;
  try {
    telemetry = { metrics: prometheus.metrics, tracer: await openTracer(cfg, service, life, logger) };
    raw = await openEventLog(cfg, await openEventCodec(), logger);
  } catch (e) {
    await dbOpening.then(
      (db) => db.close(),
      () => undefined,
    );
    throw e;
  }
  let sealed: SealedEventLog | null = null;
  life.add({ name: 'event-log', close: () => (sealed ?? raw).close() });
  const store = await dbOpening;
  // PGlite has one opener (its directory lock), so every write to it is counted here.
  const counted = store.kind === 'pglite' ? countWrites(store) : null;
  const db = counted?.db ?? store;
  life.add({ name: 'read-store', close: () => db.close() });
  const { runMigrations, Readiness } = await import('@engram/projections');
  await runMigrations(db);
  const { keys, cipher } = await openKeyStore(cfg, db, logger.child({ component: 'key-store' }));
  life.add({ name: 'key-store', close: () => keys.close() });
  // The embedded log and key store belong to this process alone (the log's lock): every shred goes
  // through this log, so the consumers here can share each opened event.
  const ownsKeys = cfg.log.kind === 'file' && cfg.encryption.keyStore.kind === 'file';
  sealed = createSealedEventLog(raw, { keys, cipher, sharedOpened: ownsKeys ? 4096 : 0 });
  // P2 for producers publishing straight to the log: every reader sees events whose user content is
  // in the clear screened by the scanner without a classifier (rules and the learned stage: deterministic,
  // so every consumer and every replay reach the same verdict) under the configured policy. Above the sealed log, which opens what Engram sealed.
  const log = createInstrumentedLog(
    createScreenedLog(
      sealed,
      new ContentScreen({ policy: cfg.scanner.policy }),
      logger.child({ component: 'ingest-gate' }),
    ),
    telemetry,
  );
  logger.info(
    { log: cfg.log.kind, store: db.kind, keyStore: cfg.encryption.keyStore.kind, dataDir: cfg.dataDir },
    'foundation open',
  );
  const readiness = new Readiness(log, db, cfg.readiness.stallSeconds * 1000);
  prometheus.watch(readiness.check);
  return { cfg, logger, life, log, db, writeClocks: counted?.clocks ?? null, readiness, telemetry, prometheus };
}

/** OpenTelemetry when an OTLP endpoint is configured (loaded only then), else spans are not recorded. */
async function openTracer(cfg: Readonly<EngramConfig>, service: string, life: Lifecycle, logger: Logger) {
  if (!cfg.tracing) return noopTracer;
  const { createOtlpTracing } = await import('./tracing');
  const tracing = createOtlpTracing({ ...cfg.tracing, service, version: ENGRAM_VERSION });
  // Added first, closed last: spans of the shutdown itself are exported too.
  life.add({ name: 'tracing', close: () => tracing.shutdown() });
  logger.info({ endpoint: cfg.tracing.endpoint }, 'tracing to OTLP');
  return tracing.tracer;
}

/** The whole search as the `total` query stage (the stages inside are measured by the retriever). */
function measuredRetriever(retriever: Retriever, telemetry: Telemetry): Retriever {
  return {
    search: (req) =>
      inSpan(telemetry.tracer, 'query.search', {}, () =>
        timed(
          () => retriever.search(req),
          (s) => telemetry.metrics.queryStage('total', s),
        ),
      ),
  };
}

/**
 * Starts the named projectors. With the semantic one comes the in-memory write precheck it keeps in
 * step (an API in the same process answers dedup and provenance from it, without SQL).
 */
export async function startProjectors(
  f: Foundation,
  names: readonly ProjectionName[],
): Promise<{ writeIndex: SemanticWriteIndex | null }> {
  const { PROJECTORS, startProjectorGroup, createSemanticWriteIndex } = await import('@engram/projections');
  const writeIndex = names.includes('semantic') ? createSemanticWriteIndex(f.db) : null;
  // The projectors of this process share one log subscription and one transaction a batch; each
  // keeps its own checkpoint, status and dead letters (a lone one is a separate projector service).
  const handles = await startProjectorGroup({
    log: f.log,
    db: f.db,
    projectors: names.map((name) => PROJECTORS[name]),
    batchSize: f.cfg.projections.batchSize,
    logger: f.logger.child({ component: names.length === 1 ? `projector-${names[0]}` : 'projectors' }),
    ...(writeIndex ? { afterCommit: { semantic: (events) => writeIndex.afterCommit(events) } } : {}),
  });
  for (const handle of handles) {
    f.life.add({ name: `projector-${handle.name}`, close: () => handle.close() });
    f.readiness.addProjector(handle);
  }
  return { writeIndex };
}

/** The read side of the query service: indexes, the search-index projector and the retriever. */
export async function startQuerySide(f: Foundation) {
  const { createSearchIndexProjector, createHybridRetriever } = await import('@engram/retrieval');
  const { sqlProjectionProgress, sqlDeadLetters, PROJECTION_NAMES } = await import('@engram/projections');
  const opened = await openEmbedder(f.cfg);
  if ('state' in opened) {
    // The model loads on its worker threads while the service starts; /readyz says when it is in.
    f.readiness.setEmbedder(opened);
    opened.warmup().catch((err: unknown) => f.logger.error({ err }, 'the embedding model cannot load'));
  }
  const embedder = createInstrumentedEmbedder(opened, f.telemetry);
  const embeddingCache = await openEmbeddingCache(f.cfg);
  if (embeddingCache) f.life.add({ name: 'embedding-cache', close: () => embeddingCache.close() });
  const { text, context, vectors } = await openIndexes(f.cfg, embedder);
  f.life.add({ name: 'text-index', close: () => text.close() });
  f.life.add({ name: 'context-text-index', close: () => context.close() });
  f.life.add({ name: 'vector-index', close: () => vectors.close() });
  const searchIndex = await createSearchIndexProjector({
    log: f.log,
    textIndex: text,
    contextTextIndex: context,
    vectorIndex: vectors,
    embedder,
    ...(embeddingCache ? { embeddingCache } : {}),
    deadLetters: sqlDeadLetters(f.db),
    logger: f.logger.child({ component: 'search-index' }),
    telemetry: f.telemetry,
  });
  f.life.add({ name: 'search-index', close: () => searchIndex.close() });
  f.readiness.setSearchIndex(searchIndex);
  // Reads depend on every projection, wherever it runs.
  f.readiness.watch(PROJECTION_NAMES);
  const reranker = await openReranker(f.cfg, f.logger.child({ component: 'reranker' }));
  const retriever = createHybridRetriever({
    db: f.db,
    ...(f.writeClocks ? { writeClocks: f.writeClocks } : {}),
    textIndex: text,
    contextTextIndex: context,
    vectorIndex: vectors,
    embedder,
    ...(reranker ? { reranker } : {}),
    config: f.cfg.memory,
    intentConfig: f.cfg.memory.intent,
    clock: systemClock,
    logger: f.logger.child({ component: 'retriever' }),
    telemetry: f.telemetry,
  });
  // Read-your-writes waits for the read models and the keyword index; vectors follow on their own
  // (the write status says when they are in).
  const progress = allOf([
    sqlProjectionProgress(f.db, ['episodic', 'semantic']),
    { reached: (pos) => searchIndex.lexicalReached(pos) },
  ]);
  return {
    retriever: measuredRetriever(retriever, f.telemetry),
    progress,
    vectorProgress: searchIndex,
    embedder,
    searchIndex,
  };
}

/**
 * The erasure coordinator (P4, B2). It waits for every read model (and for the search index when
 * it runs in this process) to apply an erasure before it shreds keys, purges and vacuums.
 */
export async function startErasure(
  f: Foundation,
  searchIndex?: ProjectionProgress & { removedBy(eventId: string): number | undefined },
): Promise<void> {
  const { startErasureCoordinator } = await import('@engram/erasure');
  const { sqlProjectionProgress, sqlDeadLetters, PROJECTION_NAMES } = await import('@engram/projections');
  const sql = sqlProjectionProgress(f.db, [...PROJECTION_NAMES]);
  const coordinator = await startErasureCoordinator({
    log: f.log,
    db: f.db,
    progress: searchIndex ? allOf([sql, searchIndex]) : sql,
    ...(searchIndex ? { searchIndex } : {}),
    deadLetters: sqlDeadLetters(f.db),
    dataDir: f.cfg.dataDir,
    clock: systemClock,
    logger: f.logger.child({ component: 'erasure' }),
  });
  f.life.add({ name: 'erasure', close: () => coordinator.close() });
}

export function allOf(parts: ProjectionProgress[]): ProjectionProgress {
  return {
    async reached(position: LogPosition) {
      for (const p of parts) if (!(await p.reached(position))) return false;
      return true;
    },
  };
}

/** Where the consolidator keeps its durable task journal (K3), inside the data directory. */
export function consolidatorStateDir(cfg: Pick<EngramConfig, 'dataDir'>): string {
  return join(cfg.dataDir, 'consolidator');
}

export async function startConsolidator(f: Foundation): Promise<void> {
  const { createConsolidator, createRulesEngine, createLlmEngine } = await import('@engram/consolidation');
  const { sqlDeadLetters } = await import('@engram/projections');
  const opened = await openLlm(f.cfg);
  const llm = opened ? createInstrumentedLlm(opened, f.telemetry) : null;
  const rules = createRulesEngine();
  const engine = llm
    ? createLlmEngine({ llm, fallback: rules, logger: f.logger.child({ component: 'llm-extraction' }) })
    : rules;
  const consolidator = createConsolidator({
    log: f.log,
    db: f.db,
    engine,
    clock: systemClock,
    stateDir: consolidatorStateDir(f.cfg),
    config: {
      idleSeconds: f.cfg.memory.consolidationIdleSeconds,
      decay: { importanceDecayDays: f.cfg.memory.importanceDecayDays, archiveThreshold: f.cfg.memory.archiveThreshold },
    },
    screen: await openContentScreen(f.cfg, f.logger.child({ component: 'scanner' })),
    logger: f.logger.child({ component: 'consolidator' }),
    deadLetters: sqlDeadLetters(f.db),
    telemetry: f.telemetry,
  });
  await consolidator.start();
  f.readiness.setConsolidator(consolidator);
  f.life.add({ name: 'consolidator', close: () => consolidator.close() });
  f.logger.info({ engine: engine.id }, 'consolidator started');
}
