/**
 * The all-in-one Engram: embedded log, read store, the four projectors, the search index, the
 * consolidator and the HTTP (and optional gRPC) API in one process. `npm start` runs this.
 */
import { Lifecycle, createRootLogger, openFoundation, parseConfig, runMain, startConsolidator, startProjectors, startQuerySide, startApi, PROJECTION_NAMES } from '@engram/runtime';

runMain(async () => {
  const cfg = parseConfig();
  const logger = createRootLogger({ service: 'engram', level: cfg.logLevel });
  const life = new Lifecycle(logger);
  life.installSignalHandlers();
  const f = await openFoundation(cfg, logger, life);
  await startProjectors(f, PROJECTION_NAMES);
  const query = await startQuerySide(f);
  await startConsolidator(f);
  await startApi(f, query, { http: true, grpc: cfg.grpc.port !== null });
});
