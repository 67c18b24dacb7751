/**
 * API fuzz run (issue 13 item 7), run by .ci/run after the suite: schemathesis (from PyPI, pinned,
 * installed once into a venv under ~/.cache/engram/tools) generates requests from the service's own
 * OpenAPI document against the real all-in-one process. Fails on any 5xx answer, on any event a
 * projection had to dead-letter (bad input must be refused at the door, not parked), and when the
 * read side does not become current and /readyz ready afterwards (a projection that stopped).
 *   npx tsx infra/test/fuzz-api.ts [--max-examples 25] [--seed 13]
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pythonTool } from '@engram/testing';
import { startEngramProcess } from '../../test/e2e/support/engram-process';

const VERSION = '4.32.5';
const argv = process.argv.slice(2);
const opt = (name: string, fallback: string) => {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? fallback : (argv[i + 1] ?? fallback);
};
const maxExamples = opt('max-examples', '25');
const seed = opt('seed', '13');

function schemathesis(): string {
  return join(pythonTool('schemathesis', VERSION), 'bin', 'st');
}

/**
 * Runs schemathesis with every line of its output prefixed. Its closing line is framed like a pytest
 * summary ("=== 2 warnings in 38s ==="), which CI log readers take for a pytest run that executed no
 * test; prefixed and reworded ("2 warnings (took 38s)"), it reads as what it is: part of this report.
 */
const reword = (line: string) => line.replace(/^=+ | =+$/g, '').replace(/ in (\d+(?:\.\d+)?s)$/, ' (took $1)');

async function runPrefixed(cmd: string, args: string[], cwd: string, timeoutMs: number): Promise<number | string> {
  const child = spawn(cmd, args, { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
  const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) =>
    createInterface({ input: stream }).on('line', (line) => out.write(`[fuzz] ${reword(line)}\n`));
  relay(child.stdout, process.stdout);
  relay(child.stderr, process.stderr);
  const [code, signal] = (await new Promise((res) => child.on('close', (c, sig) => res([c, sig])))) as [
    number | null,
    string | null,
  ];
  clearTimeout(timer);
  return code ?? signal ?? 'unknown';
}

async function main(): Promise<number> {
  const st = schemathesis();
  const dataDir = mkdtempSync(join(tmpdir(), 'engram-fuzz-'));
  // schemathesis keeps a cache (.schemathesis/) in its working directory: give it one outside the checkout.
  const fuzzDir = mkdtempSync(join(tmpdir(), 'engram-fuzz-st-'));
  const engram = await startEngramProcess({
    env: { ENGRAM_DATA_DIR: dataDir, ENGRAM_EMBEDDER: 'hash', ENGRAM_ARCHIVE_AT: 'off' },
    readyTimeoutMs: 300_000,
  });
  const problems: string[] = [];
  try {
    console.log(
      `[fuzz] schemathesis ${VERSION} against ${engram.url}/openapi.json (max ${maxExamples} examples per operation, seed ${seed})`,
    );
    const status = await runPrefixed(
      st,
      [
        '--no-color',
        'run',
        `${engram.url}/openapi.json`,
        '--checks',
        'not_a_server_error',
        '--max-examples',
        maxExamples,
        '--seed',
        seed,
        '--request-timeout',
        '30',
        // Nothing kept between runs: a run is reproducible from its seed alone.
        '--generation-database',
        'none',
        // The event stream never ends by design (heartbeats keep every read under the timeout), so a
        // generated request would hold the run forever; test/e2e/event-stream.test.ts and the access
        // isolation suite cover it, the latter through its terminating form (follow=false).
        '--exclude-operation-id',
        'streamEvents',
      ],
      fuzzDir,
      1_800_000,
    );
    if (status !== 0) problems.push(`schemathesis exited ${status}: a 5xx answer or a failure above`);

    // Every write the fuzzer got accepted must be applied: the read side reaches the head and stays ready.
    const deadline = Date.now() + 120_000;
    let ready: { status: number; body: any } = { status: 0, body: null };
    for (;;) {
      ready = await engram.request('GET', '/readyz');
      const components = Object.entries(
        (ready.body?.components ?? {}) as Record<string, { ok: boolean; lag?: number }>,
      );
      const behind = components.filter(([, c]) => typeof c.lag === 'number' && c.lag > 0);
      if (ready.status === 200 && behind.length === 0) break;
      if (Date.now() > deadline) {
        problems.push(`the read side did not become current and ready after the run: ${JSON.stringify(ready.body)}`);
        break;
      }
      await new Promise((res) => setTimeout(res, 500));
    }
    const dead = Object.entries((ready.body?.deadLetters ?? {}) as Record<string, number>).filter(([, n]) => n > 0);
    if (dead.length > 0) {
      const list = await engram.request('GET', '/v1/admin/dead-letters?limit=20');
      problems.push(
        `events were dead-lettered (${dead.map(([p, n]) => `${p}: ${n}`).join(', ')}), so something got past the door: ${JSON.stringify(list.body).slice(0, 2000)}`,
      );
    }
    const probe = await engram.request('POST', '/v1/memories', {
      userId: 'fuzz-probe',
      type: 'USER',
      content: 'After the fuzz run: the spare key is under the mat.',
    });
    const read = await engram.request('POST', '/v1/query', {
      userId: 'fuzz-probe',
      query: 'spare key',
      minPosition: probe.body?.position,
    });
    if (
      probe.status !== 202 ||
      read.status !== 200 ||
      !read.body.results?.some((x: { id: string }) => x.id === probe.body.id)
    ) {
      problems.push(`a write and a read-your-writes query after the run failed: ${probe.status} / ${read.status}`);
    }
  } finally {
    await engram.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(fuzzDir, { recursive: true, force: true });
  }
  if (problems.length > 0) {
    console.error(
      `API fuzz run FAILED:\n${problems.map((p) => `- ${p}`).join('\n')}\n--- service output (tail)\n${engram.output().slice(-4000)}`,
    );
    return 1;
  }
  console.log('API fuzz run: no 5xx, nothing dead-lettered, the read side current and /readyz ready afterwards');
  return 0;
}

process.exitCode = await main();
