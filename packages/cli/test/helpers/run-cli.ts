import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Writable } from 'node:stream';
import { runCli } from '../../src/cli';
import type { CliIo } from '../../src/io';

export interface CliResult {
  code: number;
  stdout: string;
  stderr: string;
}

function sink(onText?: (s: string) => void): Writable & { text: () => string } {
  const chunks: string[] = [];
  const w = new Writable({
    write(chunk, _enc, cb) {
      const s = chunk.toString();
      chunks.push(s);
      onText?.(s);
      cb();
    },
  }) as Writable & { text: () => string };
  w.text = () => chunks.join('');
  return w;
}

/** Runs `engram <argv>` in this process with its own env and captured output. */
export async function cli(
  argv: string[],
  env: Record<string, string>,
  opts: { signal?: AbortSignal; onStderr?: (s: string) => void } = {},
): Promise<CliResult> {
  const stdout = sink();
  const stderr = sink(opts.onStderr);
  const io: CliIo = {
    stdout,
    stderr,
    env: { ENGRAM_EMBEDDER: 'hash', LOG_LEVEL: 'error', ENGRAM_PROGRESS_INTERVAL_MS: '0', ...env },
    cwd: process.cwd(),
    isTTY: false,
    signal: opts.signal ?? new AbortController().signal,
  };
  const code = await runCli(argv, io);
  return { code, stdout: stdout.text(), stderr: stderr.text() };
}

export function lastJson<T = Record<string, unknown>>(text: string): T {
  const lines = text.trim().split('\n');
  return JSON.parse(lines[lines.length - 1]!) as T;
}

export function tempDataDir(): { dir: string; dispose: () => void } {
  const dir = mkdtempSync(join(tmpdir(), 'engram-cli-'));
  return { dir, dispose: () => rmSync(dir, { recursive: true, force: true }) };
}

/**
 * The LoCoMo development split, read in place from the shared data beside the checkout (CI lays a
 * copy of shared/ next to its clone); ENGRAM_LOCOMO_FILE overrides. Never copied into the project.
 */
export const LOCOMO_FILE = ((): string => {
  const candidates = [
    process.env.ENGRAM_LOCOMO_FILE,
    fileURLToPath(new URL('../../../../../shared/bench/data/locomo/locomo_dev.json', import.meta.url)),
    '/work/shared/bench/data/locomo/locomo_dev.json',
  ].filter((c): c is string => !!c);
  return candidates.find((c) => existsSync(c)) ?? candidates[0]!;
})();
