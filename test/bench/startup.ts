/**
 * Start-up of the all-in-one on an empty data directory (issue 20 item 4: healthy within 3 s of
 * `npm start`):
 *   npm run bench -- startup [--runs 5] [--embedder hash,use] [--bin A,B] [--npm] [--out F]
 * Each run starts `node <bin> start` (default this checkout's bin/engram.mjs, the command `npm start`
 * runs; --npm runs `npm start` itself) on a fresh temp data directory and polls /healthz every 50 ms.
 * At the first 200 it reads the wall time since spawn, the CPU (user + system) the process tree has
 * used (every thread: PGlite's WASM compilation and an embedding worker included) and the main
 * thread's alone (≈ the wall time on an idle machine, since the rest runs beside it); then it
 * checks that an acknowledged write is taken (POST /v1/memories → 202 with its log position), waits for /readyz (vectors:
 * the embedding model loaded), and stops the server. With several --bin (e.g. a checkout of the
 * tree before a change), runs alternate between them, so both see the same machine load.
 */
import { spawn } from 'node:child_process';
import { readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from './peer/engram-server';

const THIS_BIN = resolve(fileURLToPath(new URL('../../bin/engram.mjs', import.meta.url)));
const CLOCK_TICKS_PER_SECOND = 100;
const POLL_MS = 50;

function flag(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

/** utime + stime of /proc/<pid>[/task/<tid>]/stat, ms. */
function cpuMsOf(statPath: string): number {
  try {
    const f = readFileSync(statPath, 'utf8').split(') ')[1]!.split(' ');
    return ((Number(f[11]) + Number(f[12])) * 1000) / CLOCK_TICKS_PER_SECOND;
  } catch {
    return 0;
  }
}

/** The pid and its descendants (npm → sh → node). */
function treeOf(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const d of readdirSync('/proc')) {
    if (!/^\d+$/.test(d)) continue;
    try {
      const ppid = Number(readFileSync(`/proc/${d}/stat`, 'utf8').split(') ')[1]!.split(' ')[1]);
      children.set(ppid, [...(children.get(ppid) ?? []), Number(d)]);
    } catch {
      // gone meanwhile
    }
  }
  const out = [root];
  for (let i = 0; i < out.length; i++) out.push(...(children.get(out[i]!) ?? []));
  return out;
}

/** The node process serving under `npm start` (the deepest of its tree). */
function serverPid(root: number): number {
  const tree = treeOf(root);
  return tree[tree.length - 1]!;
}

interface Run {
  bin: string;
  embedder: string;
  wallMs: number;
  cpuMs: number;
  mainThreadCpuMs: number;
  writeStatus: number;
  readyMs: number | null;
  load1: number;
}

async function once(bin: string, embedder: string, viaNpm: boolean): Promise<Run> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-startup-'));
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const load1 = loadavg()[0]!;
  const env = {
    ...process.env,
    ENGRAM_DATA_DIR: dir,
    HOST: '127.0.0.1',
    PORT: String(port),
    GRPC_PORT: 'off',
    LOG_LEVEL: 'warn',
    ENGRAM_EMBEDDER: embedder,
  };
  let output = '';
  const t0 = performance.now();
  const child = viaNpm
    ? spawn('npm', ['start', '--silent'], { cwd: resolve(bin, '../..'), env, stdio: ['ignore', 'pipe', 'pipe'] })
    : spawn(process.execPath, [bin, 'start'], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  child.stdout.on('data', (d) => (output = (output + d).slice(-20_000)));
  child.stderr.on('data', (d) => (output = (output + d).slice(-20_000)));
  const exited = new Promise((r) => child.once('exit', r));
  try {
    for (;;) {
      if (child.exitCode !== null) throw new Error(`engram start exited ${child.exitCode}: ${output}`);
      const ok = await fetch(`${url}/healthz`).then(
        (r) => r.status === 200,
        () => false,
      );
      if (ok) break;
      if (performance.now() - t0 > 120_000) throw new Error(`not healthy after 120 s: ${output}`);
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    const wallMs = performance.now() - t0;
    const tree = treeOf(child.pid!);
    const cpuMs = tree.reduce((n, pid) => n + cpuMsOf(`/proc/${pid}/stat`), 0);
    const pid = viaNpm ? serverPid(child.pid!) : child.pid!;
    const mainThreadCpuMs = cpuMsOf(`/proc/${pid}/task/${pid}/stat`);
    // Healthy means writes are taken and acknowledged durably: one, right away.
    const w = await fetch(`${url}/v1/memories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: 'startup-user',
        content: 'The user started Engram just now.',
        type: 'ENVIRONMENT',
      }),
    });
    await w.arrayBuffer();
    let readyMs: number | null = null;
    while (performance.now() - t0 < 120_000) {
      const r = await fetch(`${url}/readyz`).then(
        (x) => x.status,
        () => 0,
      );
      if (r === 200) {
        readyMs = performance.now() - t0;
        break;
      }
      await new Promise((r) => setTimeout(r, POLL_MS));
    }
    return {
      bin,
      embedder,
      wallMs: Math.round(wallMs),
      cpuMs: Math.round(cpuMs),
      mainThreadCpuMs: Math.round(mainThreadCpuMs),
      writeStatus: w.status,
      readyMs: readyMs === null ? null : Math.round(readyMs),
      load1: Number(load1.toFixed(1)),
    };
  } finally {
    const tree = treeOf(child.pid!).reverse();
    for (const pid of tree) {
      try {
        process.kill(pid, 'SIGTERM');
      } catch {
        // already gone
      }
    }
    await exited;
    // Under --npm, npm exits before the server it started has closed its data directory.
    const alive = (pid: number) => {
      try {
        process.kill(pid, 0);
        return true;
      } catch {
        return false;
      }
    };
    for (let i = 0; i < 600 && tree.some(alive); i++) await new Promise((r) => setTimeout(r, POLL_MS));
    await rm(dir, { recursive: true, force: true });
  }
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s.length === 0 ? 0 : s[Math.floor((s.length - 1) / 2)]!;
};

export default async function startup(argv: string[]): Promise<void> {
  const runs = Number(flag(argv, 'runs', '5'));
  const embedders = flag(argv, 'embedder', 'hash,use').split(',');
  const bins = flag(argv, 'bin', THIS_BIN)
    .split(',')
    .map((b) => resolve(b));
  const viaNpm = argv.includes('--npm');
  const out = flag(argv, 'out', '');
  const results: Run[] = [];
  const startedAt = new Date().toISOString();
  for (let i = 0; i < runs; i++)
    for (const embedder of embedders)
      for (const bin of bins) {
        const r = await once(bin, embedder, viaNpm);
        results.push(r);
        console.error(
          `${embedder} ${bin}: healthy ${r.wallMs} ms wall, ${r.cpuMs} ms CPU (main thread ${r.mainThreadCpuMs} ms); write ${r.writeStatus}; ready ${r.readyMs ?? '-'} ms; load ${r.load1}`,
        );
        if (r.writeStatus !== 202) throw new Error(`a write right after healthy answered ${r.writeStatus}`);
      }
  const summary = bins.flatMap((bin) =>
    embedders.map((embedder) => {
      const rs = results.filter((r) => r.bin === bin && r.embedder === embedder);
      return {
        bin,
        embedder,
        runs: rs.length,
        wallMsMedian: median(rs.map((r) => r.wallMs)),
        cpuMsMedian: median(rs.map((r) => r.cpuMs)),
        mainThreadCpuMsMedian: median(rs.map((r) => r.mainThreadCpuMs)),
        readyMsMedian: median(rs.map((r) => r.readyMs ?? NaN).filter((x) => !Number.isNaN(x))),
      };
    }),
  );
  console.log('| bin | embedder | runs | wall to healthy (median) | CPU to healthy | main thread CPU | ready |');
  console.log('| --- | --- | --: | --: | --: | --: | --: |');
  for (const s of summary)
    console.log(
      `| ${s.bin} | ${s.embedder} | ${s.runs} | ${s.wallMsMedian} ms | ${s.cpuMsMedian} ms | ${s.mainThreadCpuMsMedian} ms | ${s.readyMsMedian} ms |`,
    );
  const result = {
    bench: 'startup',
    startedAt,
    finishedAt: new Date().toISOString(),
    machine: {
      cpus: cpus().length,
      cpu: cpus()[0]?.model,
      memGiB: Math.round(totalmem() / 2 ** 30),
      node: process.version,
    },
    via: viaNpm ? 'npm start' : 'node bin/engram.mjs start',
    pollMs: POLL_MS,
    summary,
    runs: results,
  };
  if (out) writeFileSync(out, JSON.stringify(result, null, 2) + '\n');
}
