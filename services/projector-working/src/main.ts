/** Runs the working projector alone: log → working read model (distributed mode). */
import { Lifecycle, createRootLogger, openFoundation, parseConfig, runMain, startProjectors, startHealthServer } from '@engram/runtime';

runMain(async () => {
  const cfg = parseConfig();
  const logger = createRootLogger({ service: 'projector-working', level: cfg.logLevel });
  const life = new Lifecycle(logger);
  life.installSignalHandlers();
  const f = await openFoundation(cfg, logger, life);
  await startProjectors(f, ['working']);
  await startHealthServer(f);
});
