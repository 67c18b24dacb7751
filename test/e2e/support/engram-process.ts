/**
 * Starts a real Engram service as a child process (tsx on its main.ts) on a free loopback port,
 * with its own data dir, and talks to it over HTTP. Used by the end-to-end tests.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { freePort, waitFor } from '@engram/testing';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** A port below the kernel's ephemeral range (outgoing connections cannot take it meanwhile). */
export { freePort } from '@engram/testing';

export interface EngramProcess {
  url: string;
  port: number;
  child: ChildProcess;
  output(): string;
  kill(signal?: NodeJS.Signals): Promise<void>;
  request(
    method: string,
    path: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<{ status: number; body: any; headers: Headers }>;
}

export async function startEngramProcess(opts: {
  service?: string;
  env: Record<string, string>;
  port?: number;
  readyTimeoutMs?: number;
  /** Node options before the entry point (e.g. --cpu-prof, which NODE_OPTIONS refuses). */
  nodeArgs?: string[];
}): Promise<EngramProcess> {
  const port = opts.port ?? (await freePort());
  const service = opts.service ?? 'engram';
  const main = resolve(repoRoot, 'services', service, 'src', 'main.ts');
  let out = '';
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), '--import', 'tsx', main], {
    cwd: repoRoot,
    env: { ...process.env, HOST: '127.0.0.1', PORT: String(port), LOG_LEVEL: 'warn', ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout!.on('data', (d) => (out += d));
  child.stderr!.on('data', (d) => (out += d));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
  try {
    await waitFor(
      `${service} to answer /healthz`,
      async () => {
        if (child.exitCode !== null) throw new Error(`engram exited with ${child.exitCode}`);
        return fetch(`${url}/healthz`).then(
          (r) => r.ok,
          () => false, // not listening yet
        );
      },
      opts.readyTimeoutMs ?? 60_000,
    );
  } catch (e) {
    child.kill('SIGKILL');
    throw new Error(`${(e as Error).message}:\n${out}`);
  }
  return {
    url,
    port,
    child,
    output: () => out,
    async kill(signal: NodeJS.Signals = 'SIGTERM') {
      if (child.exitCode !== null || child.signalCode !== null) return;
      child.kill(signal);
      await exited;
    },
    async request(method, path, body, headers = {}) {
      const res = await fetch(`${url}${path}`, {
        method,
        headers: { ...(body !== undefined ? { 'content-type': 'application/json' } : {}), ...headers },
        ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
      });
      const text = await res.text();
      let parsed: any = text;
      try {
        parsed = JSON.parse(text);
      } catch {
        /* markdown or empty */
      }
      return { status: res.status, body: parsed, headers: res.headers };
    },
  };
}
