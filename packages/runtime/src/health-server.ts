import { createServer } from 'node:http';
import type { Foundation } from './compose';

/**
 * /healthz and /readyz for services without the API (projectors, consolidator), so orchestrators
 * can probe them. Ready means the read store answers and the log reports its head.
 */
export async function startHealthServer(f: Foundation): Promise<void> {
  const server = createServer(async (req, res) => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (req.url === '/healthz') return send(200, { status: 'ok' });
    if (req.url === '/readyz') {
      try {
        await f.db.query('SELECT 1');
        const head = await f.log.head();
        return send(200, { status: 'ready', head: Object.fromEntries(head) });
      } catch (e) {
        return send(503, { status: 'not_ready', error: { code: 'STORE_UNAVAILABLE', message: (e as Error).message, retriable: true } });
      }
    }
    return send(404, { error: { code: 'NOT_FOUND', message: `no route ${req.method} ${req.url}`, retriable: false } });
  });
  await new Promise<void>((resolve) => server.listen(f.cfg.http.port, f.cfg.http.host, resolve));
  f.logger.info({ port: f.cfg.http.port, host: f.cfg.http.host }, 'health endpoints listening');
  f.life.add({ name: 'health-server', close: () => new Promise<void>((r) => server.close(() => r())) });
}
