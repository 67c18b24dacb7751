/**
 * The acknowledged-write path and write→queryable latency of the all-in-one over HTTP.
 *   npm run bench -- pipeline [--events N] [--concurrency C] [--users U] [--queryable Q] [--warmup W] [--embedder hash|use] [--cpu-prof DIR] [--node-args A,B] [--out F]
 * Starts the real `engram` all-in-one (embedded: file log, PGlite, local indexes, hash embedder) as
 * a child process on a fresh data dir. Three phases in one run:
 *   1. fdatasync floor: 512-byte write + fdatasync of a file in the same file system, one writer.
 *   2. writes: N POST /v1/memories (unique contents) from C concurrent clients → ack latency,
 *      acknowledged writes/s and the server's CPU per acknowledged write (utime+stime of the child;
 *      also the main thread's and the busiest other threads', from /proc/PID/task). Before it, 50
 *      writes one at a time and --warmup W more at concurrency C (default 0) warm the server up.
 *   3. write→queryable: while C - 1 clients keep writing, one more writes and queries its write's
 *      unique word (lexical, every 5 ms) until the memory is a hit; Q samples, timed from sending
 *      the write to receiving the first hit. Then, separately, write→vectors: until the write status
 *      says its vectors are in (`vectors: applied`; the search index's vector half follows its keyword half).
 * --cpu-prof DIR runs the server under `node --cpu-prof` (profile written on exit); --node-args passes
 * more node options to the server (comma-separated, e.g. --perf-basic-prof for `perf record -p PID`,
 * the pid and the write phase's start and end being printed on stderr).
 */
import { open, mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { startEngramProcess } from '../e2e/support/engram-process';

function option(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

const pct = (sorted: number[], p: number) =>
  sorted.length === 0 ? NaN : sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
const round = (x: number, d = 2) => +x.toFixed(d);

/** A word the tokenizer keeps whole (letters only), unique per write. */
function wordOf(run: string, n: number): string {
  let s = '';
  let v = n;
  do {
    s = String.fromCharCode(97 + (v % 26)) + s;
    v = Math.floor(v / 26);
  } while (v > 0);
  return `zq${run}x${s}`;
}

/** CPU seconds (user + system) the process `pid` has used, from /proc. */
async function cpuSeconds(pid: number): Promise<number> {
  const stat = await readFile(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // fields[11], [12] = utime, stime (fields 14 and 15 of stat, counted after the command name)
  return (Number(fields[11]) + Number(fields[12])) / 100;
}

/** CPU ms (user + system) of each thread of `pid` now, by thread id (the main thread's id is the pid). */
async function threadCpuMs(pid: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  for (const tid of await readdir(`/proc/${pid}/task`).catch(() => [] as string[])) {
    const stat = await readFile(`/proc/${pid}/task/${tid}/stat`, 'utf8').catch(() => null);
    if (stat === null) continue; // ended meanwhile
    const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    out.set(Number(tid), (Number(f[11]) + Number(f[12])) * 10);
  }
  return out;
}

/** The sum of every `lag` figure in a /readyz answer. */
function totalLag(v: unknown): number {
  if (Array.isArray(v)) return v.reduce((s: number, x) => s + totalLag(x), 0);
  if (typeof v !== 'object' || v === null) return 0;
  return Object.entries(v).reduce((s, [k, x]) => s + (k === 'lag' && typeof x === 'number' ? x : totalLag(x)), 0);
}

async function fdatasyncFloor(dir: string, n: number): Promise<number[]> {
  const fh = await open(join(dir, 'fdatasync-probe'), 'w');
  const buf = Buffer.alloc(512, 7);
  const out: number[] = [];
  try {
    for (let i = 0; i < n; i++) {
      const t = performance.now();
      await fh.write(buf, 0, buf.length, (i % 64) * 512);
      await fh.datasync();
      out.push(performance.now() - t);
    }
  } finally {
    await fh.close();
  }
  return out.sort((a, b) => a - b);
}

export default async function pipeline(argv: string[]): Promise<void> {
  const events = Number(option(argv, 'events', '2000'));
  const concurrency = Number(option(argv, 'concurrency', '16'));
  const users = Number(option(argv, 'users', '20'));
  const queryable = Number(option(argv, 'queryable', '100'));
  const warmup = Number(option(argv, 'warmup', '0'));
  const embedderKind = option(argv, 'embedder', 'hash');
  const prof = argv.includes('--cpu-prof') ? option(argv, 'cpu-prof', '') : null;
  // Extra node options for the server, comma-separated (e.g. --perf-basic-prof for `perf record -p`).
  const nodeArgs = [
    ...(prof ? ['--cpu-prof', `--cpu-prof-dir=${prof}`] : []),
    ...(argv.includes('--node-args') ? option(argv, 'node-args', '').split(',').filter(Boolean) : []),
  ];
  const out = argv.includes('--out') ? option(argv, 'out', '') : null;
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-pipeline-'));
  const run =
    Math.random()
      .toString(36)
      .replace(/[^a-z]/g, '')
      .slice(0, 5) || 'r';
  const engram = await startEngramProcess({
    env: {
      ENGRAM_DATA_DIR: join(dir, 'data'),
      ENGRAM_EMBEDDER: embedderKind,
      ENGRAM_CONSOLIDATION_IDLE_SECONDS: '86400',
      ENGRAM_ARCHIVE_AT: 'off',
      LOG_LEVEL: 'warn',
    },
    ...(nodeArgs.length > 0 ? { nodeArgs } : {}),
    readyTimeoutMs: 300_000,
  });
  const pid = engram.child.pid!;
  let n = 0;
  const write = async (i: number) => {
    const word = wordOf(run, i);
    const r = await fetch(`${engram.url}/v1/memories`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        userId: `user-${i % users}`,
        type: 'ENVIRONMENT',
        content: `Project note ${i}: service ${word} deploys with a blue-green rollout in region ${i % 7}`,
        tags: ['bench'],
      }),
    });
    const body = (await r.json()) as { id?: string; eventId?: string; position?: string };
    if (r.status !== 202 || !body.id) throw new Error(`write ${i}: HTTP ${r.status} ${JSON.stringify(body)}`);
    return { id: body.id, eventId: body.eventId!, word, user: `user-${i % users}` };
  };
  try {
    // Warm-up (JIT, PGlite caches, first segment) outside the measurement: 50 writes one at a time,
    // then --warmup more at the run's concurrency (V8 keeps optimising for thousands of writes:
    // its compiler threads are a quarter of the CPU of the first 1,000 after 50).
    for (let i = 0; i < 50; i++) await write(n++);
    let warmed = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (warmed < warmup) {
          warmed++;
          await write(n++);
        }
      }),
    );

    const floor = await fdatasyncFloor(dir, 2000);

    const acks: number[] = [];
    console.error(`pipeline: server pid ${pid}, write phase starts`);
    const threads0 = await threadCpuMs(pid);
    const cpu0 = await cpuSeconds(pid);
    const t0 = performance.now();
    let issued = 0;
    await Promise.all(
      Array.from({ length: concurrency }, async () => {
        while (issued < events) {
          issued++;
          const s = performance.now();
          await write(n++);
          acks.push(performance.now() - s);
        }
      }),
    );
    const writeMs = performance.now() - t0;
    const cpuMs = ((await cpuSeconds(pid)) - cpu0) * 1000;
    const threads1 = await threadCpuMs(pid);
    console.error(`pipeline: write phase ends`);
    // Per thread over the write phase: the main thread (event loop), then the busiest others (the
    // PGlite thread, scanner threads, libuv's pool doing fsyncs, V8's helpers), ms per write.
    const byThread = [...threads1]
      .map(([tid, ms]) => ({ tid, ms: ms - (threads0.get(tid) ?? 0) }))
      .filter((t) => t.ms > 0);
    const mainThreadMs = byThread.find((t) => t.tid === pid)?.ms ?? 0;
    const others = byThread.filter((t) => t.tid !== pid).sort((a, b) => b.ms - a.ms);
    acks.sort((a, b) => a - b);

    // Let the projections drain before timing queryability on a steady system.
    const drainStart = performance.now();
    for (;;) {
      const r = await fetch(`${engram.url}/readyz`);
      const body: unknown = await r.json().catch(() => null);
      if (body !== null && totalLag(body) === 0) break;
      if (performance.now() - drainStart > 120_000) break;
      await new Promise((res) => setTimeout(res, 50));
    }
    const drainMs = performance.now() - drainStart;

    // One prober writes and queries its write's word until it is a hit, while the other C - 1
    // clients keep writing (a poll per client would load the read store more than the writes do).
    const vis: number[] = [];
    const vectorVis: number[] = [];
    let vectorsTimedOut = false;
    // The part after the acknowledgement: what the projections and the search index add.
    const afterAck: number[] = [];
    let probing = true;
    const background = Array.from({ length: Math.max(0, concurrency - 1) }, async () => {
      while (probing) await write(n++);
    });
    try {
      for (let k = 0; k < queryable; k++) {
        const s = performance.now();
        const w = await write(n++);
        const acked = performance.now();
        for (;;) {
          const q = await fetch(`${engram.url}/v1/query`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ userId: w.user, query: w.word, k: 3 }),
          });
          const qb = (await q.json()) as { results?: Array<{ id: string }> };
          if (q.status !== 200) throw new Error(`query: HTTP ${q.status} ${JSON.stringify(qb)}`);
          if (qb.results?.some((h) => h.id === w.id)) break;
          if (performance.now() - s > 30_000) throw new Error(`write ${w.id} not queryable after 30 s`);
          await new Promise((res) => setTimeout(res, 5));
        }
        vis.push(performance.now() - s);
        afterAck.push(performance.now() - acked);
        // Its vectors follow the keyword documents: until the write status says they are in (a slow
        // embedder under constant writes may never catch up while they go on: then timed out, not waited for again).
        for (; !vectorsTimedOut;) {
          const st = await fetch(`${engram.url}/v1/events/${w.eventId}?userId=${w.user}`);
          const sb = (await st.json()) as { vectors?: string | null };
          if (sb.vectors === 'applied') break;
          if (performance.now() - s > 60_000) vectorsTimedOut = true;
          else await new Promise((res) => setTimeout(res, 5));
        }
        if (!vectorsTimedOut) vectorVis.push(performance.now() - s);
      }
    } finally {
      probing = false;
      await Promise.all(background);
    }
    vis.sort((a, b) => a - b);
    vectorVis.sort((a, b) => a - b);
    afterAck.sort((a, b) => a - b);

    const result = {
      events,
      concurrency,
      users,
      warmup,
      ackP50Ms: round(pct(acks, 50)),
      ackP99Ms: round(pct(acks, 99)),
      eventsPerSec: Math.round(events / (writeMs / 1000)),
      cpuMsPerWrite: round(cpuMs / events),
      mainThreadCpuMsPerWrite: round(mainThreadMs / events),
      // thread id − pid (the order threads were started in: V8's and libuv's pools, then workers) and ms per write
      otherThreadsCpuMsPerWrite: others.slice(0, 8).map((t) => ({ thread: t.tid - pid, ms: round(t.ms / events) })),
      queryableSamples: vis.length,
      queryableP50Ms: round(pct(vis, 50)),
      queryableP99Ms: round(pct(vis, 99)),
      queryableAfterAckP50Ms: round(pct(afterAck, 50)),
      queryableAfterAckP99Ms: round(pct(afterAck, 99)),
      vectorsP50Ms: round(pct(vectorVis, 50)),
      vectorsP99Ms: round(pct(vectorVis, 99)),
      vectorsSamples: vectorVis.length,
      vectorsTimedOut,
      embedder: embedderKind,
      fdatasyncP50Ms: round(pct(floor, 50), 3),
      fdatasyncP99Ms: round(pct(floor, 99), 3),
      ackP99OverFdatasyncP99: round(pct(acks, 99) / pct(floor, 99), 1),
      drainAfterWritesMs: Math.round(drainMs),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      date: new Date().toISOString(),
    };
    console.log(
      `\npipeline (all-in-one over HTTP, ${embedderKind} embedder): ${events} writes at concurrency ${concurrency}`,
    );
    console.log(
      `  ack p50 ${result.ackP50Ms} ms, p99 ${result.ackP99Ms} ms; ${result.eventsPerSec} writes/s; ${result.cpuMsPerWrite} ms server CPU per write`,
    );
    console.log(
      `  of which the main thread ${result.mainThreadCpuMsPerWrite} ms; busiest other threads ${result.otherThreadsCpuMsPerWrite.map((t) => `${t.ms} (+${t.thread})`).join(', ')} ms`,
    );
    console.log(`  fdatasync floor p50 ${result.fdatasyncP50Ms} ms, p99 ${result.fdatasyncP99Ms} ms`);
    console.log(
      `  write→queryable (lexical) p50 ${result.queryableP50Ms} ms, p99 ${result.queryableP99Ms} ms (${vis.length} samples); drain ${result.drainAfterWritesMs} ms`,
    );
    console.log(
      `  of which after the ack p50 ${result.queryableAfterAckP50Ms} ms, p99 ${result.queryableAfterAckP99Ms} ms`,
    );
    console.log(
      `  write→vectors in p50 ${result.vectorsP50Ms} ms, p99 ${result.vectorsP99Ms} ms (${vectorVis.length} samples${vectorsTimedOut ? '; then one not in after 60 s: no more waited for' : ''})`,
    );
    if (out) await writeFile(out, JSON.stringify(result, null, 2));
  } finally {
    await engram.kill('SIGTERM');
    await rm(dir, { recursive: true, force: true });
  }
}
