/** The query service (distributed mode): search index + retriever + HTTP and gRPC APIs. */
import { runService, startApi, startQuerySide } from '@engram/runtime';

runService('query', async (f) => {
  const query = await startQuerySide(f);
  await startApi(f, query, { http: true, grpc: f.cfg.grpc.port !== null });
});
