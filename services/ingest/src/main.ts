/** HTTP ingest (distributed mode): validates, scans and appends producers' writes to the log. */
import { runService, startApi } from '@engram/runtime';

runService('ingest', async (f) => {
  await startApi(f, null, { http: true, grpc: false });
});
