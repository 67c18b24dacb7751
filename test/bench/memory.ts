/**
 * Memory and disk of the real all-in-one at N memories (issue 20):
 *   npm run bench -- memory [--sizes 10000,100000] [--embedder hash|use] [--out F]
 * One user's distinct synthetic facts (query/synthetic-memories.ts) written through POST
 * /v1/memories/batch to `engram start` (compiled, child process, temp data directory); at each size,
 * once every projection has applied them: the server's RSS, the same after a restart on that data
 * directory (what a process holds for the data alone, without the write path's garbage) and after
 * 20 searches, the data directory's size by part (log, PGlite, indexes, …), and a crash: one more
 * batch acknowledged (counted towards the next size), SIGKILL at once, then the restart's time to
 * healthy and to that batch applied.
 */
import { readdirSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { seededRng, SyntheticMemories } from './query/synthetic-memories';
import { dirBytes, startEngramServer, type EngramServer } from './peer/engram-server';

const USER = 'memory-user';
const MiB = 2 ** 20;
const mib = (b: number) => Math.round((b / MiB) * 10) / 10;

function flag(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

/** `n` synthetic memories never written before. */
function freshTexts(gen: SyntheticMemories, seen: Set<string>, n: number): string[] {
  const texts: string[] = [];
  while (texts.length < n) {
    const c = gen.memory();
    if (seen.has(c)) continue;
    seen.add(c);
    texts.push(c);
  }
  return texts;
}

/** Acknowledges one more batch, kills the server at once and restarts it on the same data directory. */
async function crashRestart(
  server: EngramServer,
  dir: string,
  env: Record<string, string>,
  gen: SyntheticMemories,
  seen: Set<string>,
): Promise<{ server: EngramServer; texts: string[]; healthyMs: number; caughtUpMs: number }> {
  const texts = freshTexts(gen, seen, 100);
  const r = await server.post<{ position: string | null }>('/v1/memories/batch', {
    userId: USER,
    items: texts.map((content) => ({ content, type: 'ENVIRONMENT' })),
  });
  if (r.status !== 200 || !r.body.position) throw new Error(`batch write before the crash: ${r.status}`);
  await server.kill();
  const t0 = performance.now();
  const next = await startEngramServer(dir, env);
  await next.waitApplied(USER, r.body.position);
  return {
    server: next,
    texts,
    healthyMs: Math.round(next.healthyAfterMs),
    caughtUpMs: Math.round(performance.now() - t0),
  };
}

export default async function memory(argv: string[]): Promise<void> {
  const sizes = flag(argv, 'sizes', '10000,100000').split(',').map(Number);
  const embedder = flag(argv, 'embedder', 'hash');
  const out = flag(argv, 'out', '');
  const env = embedder === 'hash' ? { ENGRAM_EMBEDDER: 'hash' } : { ENGRAM_EMBEDDER: embedder };
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-memory-'));
  const gen = new SyntheticMemories(seededRng(42));
  const seen = new Set<string>();
  const contents: string[] = [];
  const results: Array<Record<string, unknown>> = [];
  let server = await startEngramServer(dir, env);
  const emptyRssMiB = mib(server.rssBytes());
  try {
    for (const size of sizes) {
      const t0 = performance.now();
      let last: string | null = null;
      while (contents.length < size) {
        const texts = freshTexts(gen, seen, Math.min(100, size - contents.length));
        contents.push(...texts);
        const r = await server.post<{ position: string | null }>('/v1/memories/batch', {
          userId: USER,
          items: texts.map((content) => ({ content, type: 'ENVIRONMENT' })),
        });
        if (r.status !== 200) throw new Error(`batch write: ${r.status}`);
        last = r.body.position;
      }
      if (last) await server.waitApplied(USER, last);
      const ingestSeconds = Math.round((performance.now() - t0) / 100) / 10;
      const rssAfterIngestMiB = mib(server.rssBytes());
      await server.stop();
      const parts = Object.fromEntries(
        readdirSync(dir, { withFileTypes: true })
          .filter((e) => e.isDirectory())
          .map((e) => [e.name, mib(dirBytes(join(dir, e.name)))]),
      );
      server = await startEngramServer(dir, env);
      const restartHealthyMs = Math.round(server.healthyAfterMs);
      const rssAfterRestartMiB = mib(server.rssBytes());
      for (let i = 0; i < 20; i++)
        await server.post('/v1/query', { userId: USER, query: gen.queryFor(contents[(i * 7919) % size]!), k: 10 });
      const crash = await crashRestart(server, dir, env, gen, seen);
      server = crash.server;
      contents.push(...crash.texts);
      const row = {
        memories: size,
        ingestSeconds,
        rssEmptyMiB: emptyRssMiB,
        rssAfterIngestMiB,
        rssAfterRestartMiB,
        rssAfterRestartAndSearchMiB: mib(server.rssBytes()),
        restartHealthyMs,
        crashRestartHealthyMs: crash.healthyMs,
        crashRestartCaughtUpMs: crash.caughtUpMs,
        dataDirMiB: mib(dirBytes(dir)),
        dataDirPartsMiB: parts,
      };
      results.push(row);
      console.error(JSON.stringify(row));
      if (out) await writeFile(out, `${JSON.stringify({ partial: true, results }, null, 2)}\n`);
    }
  } finally {
    await server.stop();
    await rm(dir, { recursive: true, force: true });
  }
  const result = {
    benchmark: 'memory',
    config: {
      sizes,
      embedder,
      machine: `${cpus().length}x ${cpus()[0]?.model ?? 'cpu'}, ${(totalmem() / 2 ** 30).toFixed(0)} GiB, node ${process.version}`,
      loadAverageAtEnd: loadavg()[0],
      date: new Date().toISOString(),
    },
    results,
  };
  console.log(JSON.stringify(result, null, 2));
  if (out) await writeFile(out, `${JSON.stringify(result, null, 2)}\n`);
}
