import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Foundation } from './compose';

/**
 * /healthz, /readyz and /metrics for services without the API (projectors, consolidator), so
 * orchestrators can probe them: the same readiness report as the API's (log, store, this service's
 * projections: stuck or rebuilding means not ready).
 */
export async function startHealthServer(f: Foundation): Promise<void> {
  const send = (res: ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json' });
    res.end(JSON.stringify(body));
  };
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    if (req.url === '/healthz') return send(res, 200, { status: 'ok' });
    if (req.url === '/readyz') {
      const r = await f.readiness.check();
      return send(res, r.ready ? 200 : 503, {
        status: r.ready ? 'ready' : 'not_ready',
        components: r.components,
        deadLetters: r.deadLetters,
        reasons: r.reasons,
      });
    }
    if (req.url === '/metrics') {
      res.writeHead(200, { 'content-type': 'text/plain; version=0.0.4; charset=utf-8' });
      res.end(await f.prometheus.render());
      return;
    }
    send(res, 404, { error: { code: 'NOT_FOUND', message: `no route ${req.method} ${req.url}`, retriable: false } });
  };
  const server = createServer((req, res) => {
    // A probe that fails answers 500 and is logged; it must never become an unhandled rejection.
    handle(req, res).catch((err: unknown) => {
      f.logger.error({ err, url: req.url }, 'health endpoint failed');
      if (!res.headersSent)
        send(res, 500, { error: { code: 'INTERNAL', message: 'health check failed', retriable: true } });
      else res.destroy();
    });
  });
  // Fastify's default, which the API servers use. Node's own 5 s races clients that keep a connection
  // idle for about as long (undici reuses a socket the server is closing: "other side closed").
  server.keepAliveTimeout = 72_000;
  await new Promise<void>((resolve) => server.listen(f.cfg.http.port, f.cfg.http.host, resolve));
  f.logger.info({ port: f.cfg.http.port, host: f.cfg.http.host }, 'health endpoints listening');
  f.life.add({ name: 'health-server', close: () => new Promise<void>((r) => server.close(() => r())) });
}
