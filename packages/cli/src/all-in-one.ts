import { createRootLogger, Lifecycle, openFoundation, PROJECTION_NAMES, startApi, startConsolidator, startProjectors, startQuerySide, type EngramConfig } from '@engram/runtime';
import { archiveScheduleOf, startArchiveSchedule } from './archive/schedule';

/**
 * The all-in-one Engram (`npm start` and `engram start`): embedded log, read store, the four
 * projectors, the search index, the consolidator, the HTTP API (gRPC when GRPC_PORT is set) and
 * the daily cold archive job. SIGINT/SIGTERM shut it down in reverse order.
 */
export async function startAllInOne(cfg: Readonly<EngramConfig>, env: Record<string, string | undefined>): Promise<void> {
  const schedule = archiveScheduleOf(env);
  const logger = createRootLogger({ service: 'engram', level: cfg.logLevel });
  const life = new Lifecycle(logger);
  life.installSignalHandlers();
  const f = await openFoundation(cfg, logger, life);
  await startProjectors(f, PROJECTION_NAMES);
  const query = await startQuerySide(f);
  await startConsolidator(f);
  await startApi(f, query, { http: true, grpc: cfg.grpc.port !== null });
  if (schedule) {
    const job = startArchiveSchedule(f, schedule);
    life.add({ name: 'archive-schedule', close: () => job.close() });
  }
}
