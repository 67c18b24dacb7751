/** Runs the working projector alone: log → working read model (distributed mode). */
import { runService, startHealthServer, startProjectors } from '@engram/runtime';

runService('projector-working', async (f) => {
  await startProjectors(f, ['working']);
  await startHealthServer(f);
});
