/**
 * The test report hides nothing: suites that need a server are reported as skipped with their real
 * test count when it is missing, and ENGRAM_TEST_REQUIRE turns a missing server into a failure,
 * both in a suite (describeWithServers) and before any suite runs (infra/test/with-servers.ts).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const vitestBin = join(root, 'node_modules', 'vitest', 'vitest.mjs');
const out = mkdtempSync(join(tmpdir(), 'engram-gate-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

const SERVER_VARS = [
  'ENGRAM_TEST_PG_URL',
  'ENGRAM_TEST_KAFKA_BROKERS',
  'ENGRAM_TEST_QDRANT_URL',
  'ENGRAM_TEST_ESDB_URL',
  'ENGRAM_TEST_CHROMIUM',
  'ENGRAM_TEST_REQUIRE',
];
function envWith(extra: Record<string, string>): NodeJS.ProcessEnv {
  const env = { ...process.env };
  for (const k of SERVER_VARS) delete env[k];
  return { ...env, ...extra };
}

interface JsonReport {
  numTotalTests: number;
  numPassedTests: number;
  numPendingTests: number;
  numFailedTests: number;
  testResults: Array<{ assertionResults: Array<{ title: string; status: string }>; message?: string }>;
}

let n = 0;
function runFixture(extra: Record<string, string>): { code: number | null; report: JsonReport; output: string } {
  const file = join(out, `report-${n++}.json`);
  const r = spawnSync(
    process.execPath,
    [
      vitestBin,
      'run',
      '--config',
      'test/infra/fixtures/vitest.fixture.config.ts',
      '--reporter=json',
      `--outputFile=${file}`,
    ],
    { cwd: root, env: envWith(extra), encoding: 'utf8', timeout: 120_000 },
  );
  const text = readFileSync(file, 'utf8');
  // Errors of hooks and collection are in the report, not on the console.
  return { code: r.status, report: JSON.parse(text) as JsonReport, output: `${r.stdout}${r.stderr}${text}` };
}

describe('server-gated suites in the test report', () => {
  it('reports every test of a suite whose server is missing as skipped, with the real count', () => {
    const r = runFixture({});
    expect(r.code, r.output).toBe(0);
    expect(r.report).toMatchObject({ numTotalTests: 5, numPendingTests: 5, numPassedTests: 0, numFailedTests: 0 });
    expect(r.report.testResults[0]!.assertionResults.map((t) => [t.title, t.status])).toEqual([
      ['one', 'skipped'],
      ['two', 'skipped'],
      ['three', 'skipped'],
      ['four', 'skipped'],
      ['five', 'skipped'],
    ]);
  });

  it('runs the suite when its server is given', () => {
    const r = runFixture({ ENGRAM_TEST_PG_URL: 'postgres://example.invalid/db' });
    expect(r.code, r.output).toBe(0);
    expect(r.report).toMatchObject({ numTotalTests: 5, numPassedTests: 3, numPendingTests: 2 });
  });

  it('fails, instead of skipping, when ENGRAM_TEST_REQUIRE names the missing server', () => {
    const r = runFixture({ ENGRAM_TEST_REQUIRE: 'postgres' });
    expect(r.code).not.toBe(0);
    expect(r.report).toMatchObject({ numTotalTests: 5, numFailedTests: 3, numPassedTests: 0, numPendingTests: 2 });
    const results = r.report.testResults[0]!.assertionResults as Array<{
      title: string;
      status: string;
      failureMessages: string[];
    }>;
    expect(results.map((t) => [t.title, t.status])).toEqual([
      ['one', 'failed'],
      ['two', 'failed'],
      ['three', 'failed'],
      // The Qdrant suite is not required: still reported as skipped.
      ['four', 'skipped'],
      ['five', 'skipped'],
    ]);
    expect(results[0]!.failureMessages.join('\n')).toMatch(
      /ENGRAM_TEST_REQUIRE requires postgres, but ENGRAM_TEST_PG_URL is not set/,
    );
  });

  it('refuses an ENGRAM_TEST_REQUIRE naming no known server', () => {
    const r = runFixture({ ENGRAM_TEST_REQUIRE: 'postgres,mongo' });
    expect(r.code).not.toBe(0);
    expect(r.output).toMatch(/unknown server mongo \(known: postgres, kafka, qdrant, esdb, chromium\)/);
  });
});

describe('infra/test/with-servers.ts', () => {
  const run = (extra: Record<string, string>) =>
    spawnSync(
      process.execPath,
      ['--import', 'tsx', 'infra/test/with-servers.ts', '--', process.execPath, '-e', 'process.exit(0)'],
      {
        cwd: root,
        env: envWith({ ENGRAM_TEST_SERVERS: 'none', ...extra }),
        encoding: 'utf8',
        timeout: 60_000,
      },
    );

  it('fails before running the suite when a required server is neither given nor started', () => {
    const r = run({ ENGRAM_TEST_REQUIRE: 'postgres,kafka' });
    expect(r.status).toBe(1);
    expect(r.stderr).toContain(
      'ENGRAM_TEST_REQUIRE=postgres,kafka: no postgres (ENGRAM_TEST_PG_URL), kafka (ENGRAM_TEST_KAFKA_BROKERS) for this run',
    );
  });

  it('runs the command when what is required is given', () => {
    const r = run({ ENGRAM_TEST_REQUIRE: 'postgres', ENGRAM_TEST_PG_URL: 'postgres://example.invalid/db' });
    expect(r.status, `${r.stdout}${r.stderr}`).toBe(0);
  });
});
