/** HTTP ingest (distributed mode): validates, scans and appends producers' writes to the log. */
import { Lifecycle, createRootLogger, openFoundation, parseConfig, runMain, startApi } from '@engram/runtime';

runMain(async () => {
  const cfg = parseConfig();
  const logger = createRootLogger({ service: 'ingest', level: cfg.logLevel });
  const life = new Lifecycle(logger);
  life.installSignalHandlers();
  const f = await openFoundation(cfg, logger, life);
  await startApi(f, null, { http: true, grpc: false });
});
