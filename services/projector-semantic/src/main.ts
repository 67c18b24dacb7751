/** Runs the semantic projector alone: log → semantic read model (distributed mode). */
import { runService, startHealthServer, startProjectors } from '@engram/runtime';

runService('projector-semantic', async (f) => {
  await startProjectors(f, ['semantic']);
  await startHealthServer(f);
});
