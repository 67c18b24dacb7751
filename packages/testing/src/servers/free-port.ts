import { createServer, type Server } from 'node:net';

function listenOnZero(host: string): Promise<Server> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', reject);
    srv.listen(0, host, () => resolve(srv));
  });
}

/**
 * `count` distinct TCP ports that were free a moment ago on host: all are bound to port 0 at the
 * same time (so the kernel cannot hand out one twice), read back, then released. A server started
 * on one may still lose a race with another process: callers retry on "address in use".
 */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const servers: Server[] = [];
  try {
    for (let i = 0; i < count; i++) servers.push(await listenOnZero(host));
    return servers.map((s) => {
      const addr = s.address();
      if (typeof addr !== 'object' || !addr) throw new Error('could not read a free port');
      return addr.port;
    });
  } finally {
    await Promise.all(servers.map((s) => new Promise<void>((r) => s.close(() => r()))));
  }
}

/** One TCP port that was free a moment ago on host (see freePorts). */
export async function freePort(host = '127.0.0.1'): Promise<number> {
  const [port] = await freePorts(1, host);
  return port!;
}
