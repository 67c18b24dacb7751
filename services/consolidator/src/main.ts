/** Runs the consolidator (distributed mode): SessionEnded → episodes, facts, contradictions; and the erasure coordinator. */
import { runService, startConsolidator, startErasure, startHealthServer } from '@engram/runtime';

runService('consolidator', async (f) => {
  await startConsolidator(f);
  // The erasure coordinator runs beside it: both consume the log and append Engram's own events.
  await startErasure(f);
  await startHealthServer(f);
});
