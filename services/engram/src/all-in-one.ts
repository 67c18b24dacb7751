import { startArchiveSchedule } from '@engram/archive';
import { PROJECTION_NAMES } from '@engram/projections';
import {
  startApi,
  startConsolidator,
  startErasure,
  startProjectors,
  startQuerySide,
  type Foundation,
} from '@engram/runtime';

/**
 * The all-in-one Engram (`npm start`, `engram start`): the four projectors, the search index and the
 * retriever, the consolidator, the erasure coordinator, the HTTP API (gRPC when GRPC_PORT is set) and the daily cold archive
 * job, over one log and read store in this process.
 */
export async function startAllInOne(f: Foundation): Promise<void> {
  const { writeIndex } = await startProjectors(f, PROJECTION_NAMES);
  const query = await startQuerySide(f);
  await startConsolidator(f);
  await startErasure(f, query.searchIndex);
  await startApi(f, query, {
    http: true,
    grpc: f.cfg.grpc.port !== null,
    allInOne: true,
    writePrecheck: writeIndex,
  });
  if (f.cfg.archive.at) {
    const job = startArchiveSchedule(
      { db: f.db, log: f.log, dataDir: f.cfg.dataDir, logger: f.logger.child({ component: 'cold-archive' }) },
      { ...f.cfg.archive.at, days: f.cfg.archive.days },
    );
    f.life.add({ name: 'archive-schedule', close: () => job.close() });
  }
}
