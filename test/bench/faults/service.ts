/**
 * The fault campaign's view of one embedded Engram: the all-in-one as a real process on a data
 * dir, its HTTP API, and what is in that data dir once the process is gone (the log, the read store).
 */
import { spawn } from 'node:child_process';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import type { EventLog, SqlDatabase } from '@engram/core';
import { createRootLogger, Lifecycle, openFoundation, parseConfig, type EngramConfig } from '@engram/runtime';
import { startEngramProcess, type EngramProcess } from '../../e2e/support/engram-process';

export const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');

/** The environment every campaign process runs with: embedded parts, the offline embedder, no consolidation. */
export function serviceEnv(dataDir: string, extra: Record<string, string> = {}): Record<string, string> {
  return {
    ENGRAM_DATA_DIR: dataDir,
    ENGRAM_EMBEDDER: 'hash',
    ENGRAM_CONSOLIDATION_IDLE_SECONDS: '86400',
    ENGRAM_ARCHIVE_AT: 'off',
    LOG_LEVEL: 'info',
    ...extra,
  };
}

export function configOf(dataDir: string): Readonly<EngramConfig> {
  return parseConfig(serviceEnv(dataDir), repoRoot);
}

export interface Started {
  engram: EngramProcess;
  /** From spawn to /healthz answering. */
  healthyMs: number;
}

/** Starts the all-in-one on `dataDir`; `extra` overrides the campaign's environment (e.g. another embedder). */
export async function start(dataDir: string, extra: Record<string, string> = {}): Promise<Started> {
  const t0 = performance.now();
  const engram = await startEngramProcess({ env: serviceEnv(dataDir, extra), readyTimeoutMs: 300_000 });
  return { engram, healthyMs: performance.now() - t0 };
}

/** What the search index said when it caught up with the log head it found at start (its own log line). */
export interface CatchUpLine {
  rebuilt: 'full' | 'tail';
  reused: number;
  embedded: number;
}

export function catchUpLine(output: string): CatchUpLine | null {
  for (const line of output.split('\n').reverse()) {
    if (!line.includes('search index caught up with the head it started at')) continue;
    try {
      const o = JSON.parse(line) as CatchUpLine;
      return { rebuilt: o.rebuilt, reused: o.reused, embedded: o.embedded };
    } catch {
      /* not a JSON line */
    }
  }
  return null;
}

/**
 * Polls a read with `minPosition` until the read side (SQL projections and the search index) has
 * applied that position; each poll waits up to memory.minPositionWaitMs on the server. Resolves
 * with the time it took, or throws after `timeoutMs` with the last answer.
 */
export async function waitForReadSide(
  engram: EngramProcess,
  userId: string,
  position: string,
  timeoutMs: number,
): Promise<number> {
  const t0 = performance.now();
  let last: unknown = null;
  while (performance.now() - t0 < timeoutMs) {
    const r = await engram.request('POST', '/v1/query', {
      userId,
      query: 'campaign',
      k: 1,
      minPosition: position,
      reinforce: false,
    });
    if (r.status === 200) return performance.now() - t0;
    last = { status: r.status, body: r.body };
    if (r.status !== 503)
      throw new Error(`read with minPosition ${position} answered ${r.status}: ${JSON.stringify(r.body)}`);
  }
  throw new Error(`the read side did not reach ${position} within ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

/** Polls /readyz until it answers 200; resolves with the time it took. */
export async function waitForReady(engram: EngramProcess, timeoutMs: number): Promise<number> {
  const t0 = performance.now();
  let last: unknown = null;
  while (performance.now() - t0 < timeoutMs) {
    const r = await engram.request('GET', '/readyz');
    if (r.status === 200) return performance.now() - t0;
    last = r.body;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error(`/readyz did not become ready within ${timeoutMs} ms: ${JSON.stringify(last)}`);
}

/** Opens the stopped service's log (sealed, as the service reads it) and read store; the locks are free once it is gone. */
export async function openDataDir(
  dataDir: string,
): Promise<{ cfg: Readonly<EngramConfig>; log: EventLog; db: SqlDatabase; close(): Promise<void> }> {
  const cfg = configOf(dataDir);
  const logger = createRootLogger({ service: 'fault-campaign', level: 'silent' });
  const life = new Lifecycle(logger);
  const f = await openFoundation(cfg, logger, life);
  return { cfg, log: f.log, db: f.db, close: () => life.stop() };
}

/** Runs the `engram` command on a data dir; resolves with its exit code and output. */
export function engramCli(
  dataDir: string,
  args: string[],
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  return new Promise((resolveRun, reject) => {
    const child = spawn(process.execPath, [resolve(repoRoot, 'bin/engram.mjs'), ...args], {
      cwd: repoRoot,
      env: { ...process.env, ...serviceEnv(dataDir), LOG_LEVEL: 'warn' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (d) => (stdout += d));
    child.stderr.on('data', (d) => (stderr += d));
    child.once('error', reject);
    child.once('exit', (code) => resolveRun({ code, stdout, stderr }));
  });
}
