/**
 * A real all-in-one Engram (the compiled `engram start`, as `npm start` runs it) in a child process
 * on a temp data directory, driven over HTTP by the peer and memory benches: its CPU and RSS are read
 * from /proc, so they are the server's alone, never the bench client's.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const BIN = resolve(fileURLToPath(new URL('../../../bin/engram.mjs', import.meta.url)));
const CLOCK_TICKS_PER_SECOND = 100;

export function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });
}

export function dirBytes(dir: string): number {
  let n = 0;
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) n += dirBytes(p);
    else if (e.isFile()) n += statSync(p).size;
  }
  return n;
}

export interface EngramServer {
  url: string;
  pid: number;
  /** User + system CPU of the server process (all its threads) so far, ms. */
  cpuMs(): number;
  rssBytes(): number;
  /** Milliseconds from spawn to a 200 from /healthz. */
  healthyAfterMs: number;
  post<T>(path: string, body: unknown): Promise<{ status: number; body: T }>;
  /** Resolves once the read side (SQL projections and search index) has applied `position`. */
  waitApplied(userId: string, position: string): Promise<void>;
  stop(): Promise<void>;
  /** SIGKILL: a crash, nothing flushed or closed. */
  kill(): Promise<void>;
}

export async function startEngramServer(dataDir: string, env: Record<string, string> = {}): Promise<EngramServer> {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const t0 = performance.now();
  const child: ChildProcess = spawn(process.execPath, [BIN, 'start'], {
    env: {
      ...process.env,
      ENGRAM_DATA_DIR: dataDir,
      HOST: '127.0.0.1',
      PORT: String(port),
      GRPC_PORT: 'off',
      LOG_LEVEL: 'warn',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr!.on('data', (d) => (output = (output + d).slice(-20_000)));
  for (;;) {
    if (child.exitCode !== null) throw new Error(`engram start exited ${child.exitCode}: ${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > 180_000) throw new Error(`engram start not healthy after 180 s: ${output}`);
    await new Promise((r) => setTimeout(r, 20));
  }
  const healthyAfterMs = performance.now() - t0;
  const pid = child.pid!;
  const post = async <T>(path: string, body: unknown) => {
    const r = await fetch(`${url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return { status: r.status, body: (await r.json()) as T };
  };
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((r) => child.once('exit', r));
    child.kill(signal);
    await exited;
  };
  return {
    url,
    pid,
    healthyAfterMs,
    cpuMs() {
      const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
      return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
    },
    rssBytes() {
      const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
      return Number(m?.[1] ?? 0) * 1024;
    },
    post,
    async waitApplied(userId, position) {
      for (;;) {
        const r = await post<unknown>('/v1/query', { userId, query: 'x', k: 1, minPosition: position });
        if (r.status === 200) break;
        if (r.status !== 409 && r.status !== 503)
          throw new Error(`query with minPosition: ${r.status} ${JSON.stringify(r.body)}`);
      }
      // minPosition waits for the keyword index; the vectors follow it (their own lag in /readyz).
      for (;;) {
        const r = await fetch(`${url}/readyz`);
        const body = (await r.json()) as { components?: Record<string, { lag?: number }> };
        if ((body.components?.['search-index:vectors']?.lag ?? 0) === 0) return;
        await new Promise((res) => setTimeout(res, 5));
      }
    },
    stop: () => end('SIGTERM'),
    kill: () => end('SIGKILL'),
  };
}
