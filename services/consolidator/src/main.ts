/** Runs the consolidator alone (distributed mode): SessionEnded → episodes, facts, contradictions. */
import { runService, startConsolidator, startHealthServer } from '@engram/runtime';

runService('consolidator', async (f) => {
  await startConsolidator(f);
  await startHealthServer(f);
});
