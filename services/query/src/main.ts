/** The query service (distributed mode): search index + retriever + HTTP and gRPC APIs. */
import { Lifecycle, createRootLogger, openFoundation, parseConfig, runMain, startQuerySide, startApi } from '@engram/runtime';

runMain(async () => {
  const cfg = parseConfig();
  const logger = createRootLogger({ service: 'query', level: cfg.logLevel });
  const life = new Lifecycle(logger);
  life.installSignalHandlers();
  const f = await openFoundation(cfg, logger, life);
  const query = await startQuerySide(f);
  await startApi(f, query, { http: true, grpc: cfg.grpc.port !== null });
});
