/**
 * Restart after a crash with a large log (issue 20 item 4: "healthy in seconds, not minutes"):
 *   npm run bench -- restart [--events N] [--users U] [--embedder hash|use] [--bin B] [--out F]
 * Writes N MemoryWritten events (unique contents, U users) as an `engram export` JSONL file and
 * imports them into a fresh data dir (`engram import`, service stopped), starts the all-in-one
 * (`node bin/engram.mjs start`), waits until /readyz is 200 with every component's lag 0 (every
 * projection and the search index applied the log), then SIGKILLs it and starts it again on the same
 * data dir: wall time from spawn to the first /healthz 200 and to /readyz 200 with zero lag, and the
 * CPU of the process tree at healthy. The first start is measured the same way (catch-up of N events).
 */
import { spawn } from 'node:child_process';
import { createWriteStream, readFileSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { newId } from '@engram/core';
import { syntheticFactEvent } from './query/synthetic-fact';

const POLL_MS = 100;

function flag(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

function freePort(): Promise<number> {
  return new Promise((res, rej) => {
    const s = createServer();
    s.once('error', rej);
    s.listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => res(port));
    });
  });
}

/** user+system CPU of a process (all threads) and its children's, from /proc. */
function cpuMsOf(pid: number): number {
  try {
    const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
    const ticks = Number(f[11]) + Number(f[12]);
    return Math.round((ticks * 1000) / 100);
  } catch {
    return 0;
  }
}

async function run(cmd: string[], env: NodeJS.ProcessEnv): Promise<string> {
  const child = spawn(process.execPath, cmd, { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out = (out + d).slice(-20_000)));
  const code = await new Promise<number>((r) => child.once('exit', (c) => r(c ?? 1)));
  if (code !== 0) throw new Error(`${cmd.join(' ')} exited ${code}: ${out}`);
  return out;
}

interface Start {
  healthyMs: number;
  cpuAtHealthyMs: number;
  readyMs: number | null;
  caughtUpMs: number | null;
  load1: number;
}

/** Starts the service, times /healthz and /readyz (200 with every lag 0); returns it still running. */
async function start(bin: string, env: NodeJS.ProcessEnv, url: string, limitMs: number) {
  const load1 = loadavg()[0]!;
  let output = '';
  const t0 = performance.now();
  const child = spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
  const r: Start = { healthyMs: 0, cpuAtHealthyMs: 0, readyMs: null, caughtUpMs: null, load1 };
  for (;;) {
    if (child.exitCode !== null) throw new Error(`engram start exited ${child.exitCode}: ${output}`);
    const ok = await fetch(`${url}/healthz`).then(
      (x) => x.status === 200,
      () => false,
    );
    if (ok) break;
    if (performance.now() - t0 > limitMs) throw new Error(`not healthy after ${limitMs} ms: ${output}`);
    await new Promise((x) => setTimeout(x, POLL_MS));
  }
  r.healthyMs = Math.round(performance.now() - t0);
  r.cpuAtHealthyMs = cpuMsOf(child.pid!);
  while (performance.now() - t0 < limitMs) {
    const got = await fetch(`${url}/readyz`).then(
      async (x) => ({ status: x.status, body: (await x.json()) as { components?: Record<string, { lag?: number }> } }),
      () => null,
    );
    if (got?.status === 200) {
      r.readyMs ??= Math.round(performance.now() - t0);
      const lags = Object.values(got.body.components ?? {}).map((c) => c.lag ?? 0);
      if (lags.every((l) => l === 0)) {
        r.caughtUpMs = Math.round(performance.now() - t0);
        break;
      }
    }
    await new Promise((x) => setTimeout(x, POLL_MS));
  }
  return { child, r, exited: new Promise((x) => child.once('exit', x)) };
}

export default async function restart(argv: string[]): Promise<void> {
  const events = Number(flag(argv, 'events', '100000'));
  const users = Number(flag(argv, 'users', '50'));
  const embedder = flag(argv, 'embedder', 'hash');
  const bin = resolve(flag(argv, 'bin', 'bin/engram.mjs'));
  const out = argv.includes('--out') ? flag(argv, 'out', '') : null;
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-restart-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const env = {
    ...process.env,
    ENGRAM_DATA_DIR: dir,
    HOST: '127.0.0.1',
    PORT: String(port),
    GRPC_PORT: 'off',
    LOG_LEVEL: 'warn',
    ENGRAM_EMBEDDER: embedder,
    ENGRAM_ARCHIVE_AT: 'off',
  };
  try {
    const file = join(dir, 'events.jsonl');
    const w = createWriteStream(file);
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    // User by user: the import appends consecutive events of one stream as one batch.
    for (let u = 0; u < users; u++)
      for (let n = u; n < events; n += users) {
        const e = syntheticFactEvent({
          memoryId: newId(),
          content: `Project note ${n}: service s${n} deploys with a blue-green rollout in region ${n % 7}`,
          userId: `user-${u}`,
          start: base,
          i: n,
          idParts: [n],
        });
        if (!w.write(`${JSON.stringify(e)}\n`)) await new Promise<void>((x) => w.once('drain', () => x()));
      }
    await new Promise<void>((x) => w.end(() => x()));
    const t0 = performance.now();
    await run([bin, 'import', file], env);
    const importMs = Math.round(performance.now() - t0);
    await rm(file);
    console.log(`imported ${events} events in ${importMs} ms`);

    const first = await start(bin, env, url, 3_600_000);
    console.log(`first start (catch-up): ${JSON.stringify(first.r)}`);
    first.child.kill('SIGKILL');
    await first.exited;
    const again = await start(bin, env, url, 600_000);
    console.log(`restart after SIGKILL: ${JSON.stringify(again.r)}`);
    again.child.kill('SIGTERM');
    await again.exited;
    const result = {
      events,
      users,
      embedder,
      importMs,
      firstStart: first.r,
      restartAfterKill: again.r,
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      date: new Date().toISOString(),
    };
    if (out) await writeFile(out, JSON.stringify(result, null, 2));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
