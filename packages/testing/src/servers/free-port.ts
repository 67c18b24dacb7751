import { createServer } from 'node:net';

/**
 * A TCP port that was free a moment ago on host (bind port 0, read it back, release it). A server
 * started on it may still lose a race with another process: callers retry on "address in use".
 */
export function freePort(host = '127.0.0.1'): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, host, () => {
      const addr = srv.address();
      const port = typeof addr === 'object' && addr ? addr.port : 0;
      srv.close(() => (port > 0 ? resolve(port) : reject(new Error('could not read a free port'))));
    });
  });
}
