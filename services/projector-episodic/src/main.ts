/** Runs the episodic projector alone: log → episodic read model (distributed mode). */
import { runService, startHealthServer, startProjectors } from '@engram/runtime';

runService('projector-episodic', async (f) => {
  await startProjectors(f, ['episodic']);
  await startHealthServer(f);
});
