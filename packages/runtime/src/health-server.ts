import { createServer } from 'node:http';
import type { Foundation } from './compose';
import { createMetrics } from './metrics';

/**
 * /healthz, /readyz and /metrics for services without the API (projectors, consolidator), so
 * orchestrators can probe them: the same readiness report as the API's (log, store, this service's
 * projections: stuck or rebuilding means not ready).
 */
export async function startHealthServer(f: Foundation): Promise<void> {
  const metrics = createMetrics(f.readiness.check);
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.url === '/readyz') {
      const r = await f.readiness.check();
      return send(r.ready ? 200 : 503, {
        status: r.ready ? 'ready' : 'not_ready',
        components: r.components,
        deadLetters: r.deadLetters,
        reasons: r.reasons,
      });
    }
    if (req.url === '/metrics') {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      return res.end(await metrics.render());
    }
    return send(404, { error: { code: 'NOT_FOUND', message: `no route ${req.method} ${req.url}`, retriable: false } });
  });
  await new Promise<void>((resolve) => server.listen(f.cfg.http.port, f.cfg.http.host, resolve));
  f.logger.info({ port: f.cfg.http.port, host: f.cfg.http.host }, 'health endpoints listening');
  f.life.add({ name: 'health-server', close: () => new Promise<void>((r) => server.close(() => r())) });
}
