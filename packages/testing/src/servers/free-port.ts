import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:net';

/** Lowest port handed out by `freePorts`. */
const LOWEST = 15_000;

/**
 * First port of the kernel's ephemeral range (Linux: /proc/sys/net/ipv4/ip_local_port_range). A
 * port from that range, released for a child process to bind, can meanwhile become the local port
 * of any outgoing connection (Kafka, PostgreSQL clients): "address in use" in the child. Ports
 * below it are only ever taken by an explicit bind.
 */
function ephemeralStart(): number {
  try {
    const first = Number(readFileSync('/proc/sys/net/ipv4/ip_local_port_range', 'utf8').trim().split(/\s+/)[0]);
    return Number.isInteger(first) && first > LOWEST + 1000 ? first : 32_768;
  } catch {
    return 32_768;
  }
}

function listenOn(port: number, host: string): Promise<Server | null> {
  return new Promise((resolve) => {
    const srv = createServer();
    srv.unref();
    srv.once('error', () => resolve(null));
    srv.listen({ port, host, exclusive: true }, () => resolve(srv));
  });
}

/**
 * `count` distinct TCP ports that were free a moment ago on host, below the ephemeral range: all
 * are held at the same time while they are picked, then released. A server started on one may still
 * lose a race with another explicit bind: callers retry on "address in use".
 */
export async function freePorts(count: number, host = '127.0.0.1'): Promise<number[]> {
  const end = ephemeralStart();
  const servers: Server[] = [];
  try {
    for (let attempt = 0; servers.length < count && attempt < 200 * count; attempt++) {
      const srv = await listenOn(LOWEST + Math.floor(Math.random() * (end - LOWEST)), host);
      if (srv) servers.push(srv);
    }
    // Practically unreachable (the low range is all but empty): fall back to the kernel's choice.
    while (servers.length < count) {
      const srv = await listenOn(0, host);
      if (!srv) throw new Error(`could not find a free port on ${host}`);
      servers.push(srv);
    }
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
