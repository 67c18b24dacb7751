/** Where a command writes and what it reads from its environment; tests pass their own. */
export interface CliIo {
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
  env: Record<string, string | undefined>;
  cwd: string;
  /** Progress draws a bar on a terminal and JSON lines otherwise. */
  isTTY: boolean;
  /** Aborted on Ctrl-C: long jobs stop at the next batch boundary, keeping their progress. */
  signal: AbortSignal;
}

export function processIo(signal: AbortSignal): CliIo {
  return {
    stdout: process.stdout,
    stderr: process.stderr,
    env: process.env,
    cwd: process.cwd(),
    isTTY: Boolean(process.stderr.isTTY),
    signal,
  };
}

export function writeLine(out: NodeJS.WritableStream, line: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const ok = out.write(`${line}\n`, (err) => (err ? reject(err) : undefined));
    if (ok) resolve();
    else out.once('drain', () => resolve());
  });
}
