import { systemClock, type ProjectionProgress, type Retriever } from '@engram/core';
import type { MemoryApp } from '@engram/app';
import type { WritePrecheck } from '@engram/projections';
import { openContentScreen } from './adapters';
import { openAccessControl } from './auth';
import { loadAdapter } from './optional-adapter';
import type { WebhookAdmin } from '@engram/webhooks';
import type { Foundation } from './compose';
import { createScannerPool } from './scanner-pool';
import { ENGRAM_VERSION } from './version';

export interface QuerySide {
  retriever: Retriever;
  /** Read models + keyword index (read-your-writes). */
  progress: ProjectionProgress;
  /** The search index in full, vectors included (write status `vectors`). */
  vectorProgress?: ProjectionProgress;
}

/**
 * The memory app of a service over its foundation (and its query side, when it answers reads); the
 * offline MCP server (`engram mcp` on a data dir) runs the same one, trusted as the operator.
 * The app is closed with the foundation.
 */
export async function createServiceApp(
  f: Foundation,
  query: QuerySide | null,
  opts: { trusted?: boolean; writePrecheck?: WritePrecheck | null } = {},
): Promise<MemoryApp> {
  const { createMemoryApp } = await import('@engram/app');
  const { sqlProjectionProgress } = await import('@engram/projections');
  const scanners = f.cfg.scanner.workers > 0 ? createScannerPool({ workers: f.cfg.scanner.workers }) : null;
  if (scanners) f.life.add({ name: 'scanner-pool', close: () => scanners.close() });
  const app = createMemoryApp({
    log: f.log,
    db: f.db,
    ...(query ? { retriever: query.retriever } : {}),
    progress: query?.progress ?? sqlProjectionProgress(f.db, ['episodic', 'semantic']),
    ...(query?.vectorProgress ? { vectorProgress: query.vectorProgress } : {}),
    ...(opts.writePrecheck ? { writePrecheck: opts.writePrecheck } : {}),
    screen: await openContentScreen(f.cfg, f.logger.child({ component: 'scanner' }), scanners?.analyze),
    clock: systemClock,
    logger: f.logger.child({ component: 'app' }),
    config: {
      maxContentBytes: f.cfg.limits.maxContentBytes,
      minPositionWaitMs: f.cfg.memory.minPositionWaitMs,
      accessFlushMs: f.cfg.memory.accessFlushMs,
      decay: { importanceDecayDays: f.cfg.memory.importanceDecayDays, archiveThreshold: f.cfg.memory.archiveThreshold },
    },
    limits: {
      maxConcurrentQueries: f.cfg.limits.maxConcurrentQueries,
      userQuota: f.cfg.limits.userQuota,
      queryTextChars: f.cfg.limits.queryTextChars,
    },
    ...(opts.trusted ? { trusted: true } : {}),
  });
  f.life.add({ name: 'app', close: () => app.close() });
  return app;
}

/**
 * Outbound webhooks of a service that answers reads: the tables (own migrations), the admin routes'
 * operations and, unless ENGRAM_WEBHOOKS=off, the dispatcher — its own consumer of the log.
 */
async function startWebhooks(f: Foundation): Promise<WebhookAdmin> {
  const { runMigrations, sqlProjectionProgress } = await import('@engram/projections');
  const hooks = await loadAdapter(
    '@engram/webhooks',
    'a service with webhooks (all-in-one, query)',
    () => import('@engram/webhooks'),
  );
  await runMigrations(f.db, { dir: hooks.WEBHOOK_MIGRATIONS_DIR, namespace: hooks.WEBHOOK_MIGRATIONS_NAMESPACE });
  let dispatcher: { endpointsChanged(): void } | null = null;
  const admin = hooks.createWebhookAdmin({
    db: f.db,
    clock: systemClock,
    onChange: () => dispatcher?.endpointsChanged(),
  });
  if (f.cfg.webhooks.enabled) {
    const d = await hooks.startWebhookDispatcher({
      log: f.log,
      db: f.db,
      progress: sqlProjectionProgress(f.db, ['semantic']),
      clock: systemClock,
      logger: f.logger.child({ component: 'webhooks' }),
      maxAttempts: f.cfg.webhooks.maxAttempts,
      timeoutMs: f.cfg.webhooks.timeoutMs,
    });
    dispatcher = d;
    f.life.add({ name: 'webhooks', close: () => d.close() });
  }
  return admin;
}

/**
 * Starts the HTTP API (and gRPC when configured) over the memory app. Without a query side (the
 * ingest service) it takes writes only: every query goes through the one retrieval pipeline of the
 * query service, and a write's minPosition waits on the SQL projections. Auth (P5) is on unless
 * this is an all-in-one listening on loopback only (or ENGRAM_AUTH says otherwise).
 */
export async function startApi(
  f: Foundation,
  query: QuerySide | null,
  opts: { http: boolean; grpc: boolean; allInOne?: boolean; writePrecheck?: WritePrecheck | null },
): Promise<void> {
  const app = await createServiceApp(f, query, { writePrecheck: opts.writePrecheck ?? null });
  const { access, keys } = await openAccessControl(f, { allInOne: opts.allInOne ?? false, grpc: opts.grpc });
  const grpcPort = opts.grpc ? f.cfg.grpc.port : null;
  // One webhook admin (and dispatcher) for both APIs.
  const webhooks = (opts.http || grpcPort !== null) && query !== null ? await startWebhooks(f) : undefined;
  if (grpcPort !== null) {
    const { startGrpcServer } = await import('@engram/api-grpc');
    const grpc = await startGrpcServer({
      app,
      access,
      keys,
      ...(webhooks ? { webhooks } : {}),
      host: f.cfg.grpc.host,
      port: grpcPort,
      logger: f.logger.child({ component: 'grpc' }),
      readiness: f.readiness.check,
      telemetry: f.telemetry,
    });
    f.life.add({ name: 'grpc', close: () => grpc.close() });
    f.logger.info({ port: grpc.port }, 'gRPC listening');
  }
  if (opts.http) {
    const { buildHttpServer } = await import('@engram/api-http');
    const server = buildHttpServer({
      app,
      access,
      keys,
      ...(webhooks ? { webhooks } : {}),
      logger: f.logger.child({ component: 'http' }),
      version: ENGRAM_VERSION,
      bodyLimitBytes: f.cfg.limits.maxBodyBytes,
      readiness: f.readiness.check,
      metrics: f.prometheus.render,
      telemetry: f.telemetry,
      reads: query !== null,
      mcp: { allowDeleteAll: f.cfg.mcp.deleteAll },
    });
    await server.listen({ host: f.cfg.http.host, port: f.cfg.http.port });
    f.life.add({ name: 'http', close: () => server.close() });
    f.logger.info({ host: f.cfg.http.host, port: f.cfg.http.port, version: ENGRAM_VERSION }, 'HTTP listening');
  }
}
