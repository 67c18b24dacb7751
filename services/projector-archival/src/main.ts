/** Runs the archival projector alone: log → archival read model (distributed mode). */
import { runService, startHealthServer, startProjectors } from '@engram/runtime';

runService('projector-archival', async (f) => {
  await startProjectors(f, ['archival']);
  await startHealthServer(f);
});
