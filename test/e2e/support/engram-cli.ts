import { Writable } from 'node:stream';
import { runCli } from '@engram/cli';

/** Runs the `engram` CLI in-process with the given environment and captures what it prints. */
export async function engramCli(
  argv: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  let stdout = '';
  let stderr = '';
  const sink = (append: (s: string) => void) => new Writable({ write: (c, _e, cb) => (append(c.toString()), cb()) });
  const code = await runCli(argv, {
    stdout: sink((s) => (stdout += s)),
    stderr: sink((s) => (stderr += s)),
    env: { ...env, LOG_LEVEL: 'error' },
    cwd: process.cwd(),
    isTTY: false,
    signal: new AbortController().signal,
  });
  return { code, stdout, stderr };
}
