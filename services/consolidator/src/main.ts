/** Runs the consolidator alone (distributed mode): SessionEnded → episodes, facts, contradictions. */
import { Lifecycle, createRootLogger, openFoundation, parseConfig, runMain, startConsolidator, startHealthServer } from '@engram/runtime';

runMain(async () => {
  const cfg = parseConfig();
  const logger = createRootLogger({ service: 'consolidator', level: cfg.logLevel });
  const life = new Lifecycle(logger);
  life.installSignalHandlers();
  const f = await openFoundation(cfg, logger, life);
  await startConsolidator(f);
  await startHealthServer(f);
});
