import { spawn, type ChildProcess, type SpawnOptions } from 'node:child_process';

/** Keeps the last `max` characters of a process's output, for error messages. */
class OutputTail {
  private text = '';
  constructor(private readonly max = 16_000) {}
  push(chunk: Buffer | string): void {
    this.text += chunk.toString();
    if (this.text.length > this.max) this.text = this.text.slice(-this.max);
  }
  toString(): string {
    return this.text;
  }
}

export interface ServerProcess {
  readonly pid: number;
  /** Last part of stdout + stderr. */
  output(): string;
  /** Resolves when the process has exited (never rejects). */
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  running(): boolean;
  /** Sends `signal`, waits up to graceMs for the exit, then SIGKILL. */
  stop(signal: NodeJS.Signals, graceMs: number): Promise<void>;
}

const live = new Set<ChildProcess>();
let exitHookInstalled = false;

/**
 * Last resort when the test process ends without stopping its servers (a crash, a forgotten
 * stop()): kill them synchronously so no broker or database outlives the run.
 */
function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const child of live) {
      try {
        child.kill('SIGKILL');
      } catch {
        // already gone
      }
    }
  });
}

/** Starts a long-running server process (not detached: it also gets the terminal's Ctrl-C). */
export function spawnServer(command: string, args: string[], opts: SpawnOptions): ServerProcess {
  installExitHook();
  const child = spawn(command, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
  const tail = new OutputTail();
  child.stdout?.on('data', (c: Buffer) => tail.push(c));
  child.stderr?.on('data', (c: Buffer) => tail.push(c));
  live.add(child);
  let done = false;
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) => {
    child.once('error', (err) => {
      tail.push(`\n[spawn error] ${err.message}\n`);
      done = true;
      live.delete(child);
      resolve({ code: null, signal: null });
    });
    child.once('exit', (code, signal) => {
      done = true;
      live.delete(child);
      resolve({ code, signal });
    });
  });
  return {
    pid: child.pid ?? -1,
    output: () => tail.toString(),
    exited,
    running: () => !done,
    async stop(signal, graceMs) {
      if (done) return;
      child.kill(signal);
      const timer = new Promise<'timeout'>((r) => setTimeout(() => r('timeout'), graceMs).unref());
      if ((await Promise.race([exited, timer])) === 'timeout' && !done) {
        child.kill('SIGKILL');
        await exited;
      }
    },
  };
}

/** Runs a command to completion; rejects with its output when it fails. */
export function runToCompletion(
  command: string,
  args: string[],
  opts: SpawnOptions & { what: string; timeoutMs?: number },
): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { ...opts, stdio: ['ignore', 'pipe', 'pipe'] });
    const tail = new OutputTail(32_000);
    child.stdout?.on('data', (c: Buffer) => tail.push(c));
    child.stderr?.on('data', (c: Buffer) => tail.push(c));
    const timer = setTimeout(() => child.kill('SIGKILL'), opts.timeoutMs ?? 300_000);
    child.once('error', (err) => {
      clearTimeout(timer);
      reject(new Error(`${opts.what}: cannot run ${command}: ${err.message}`));
    });
    child.once('exit', (code, signal) => {
      clearTimeout(timer);
      if (code === 0) resolve(tail.toString());
      else reject(new Error(`${opts.what} failed (${signal ?? `exit ${code}`}):\n${tail.toString().slice(-4000)}`));
    });
  });
}

export function sleep(ms: number): Promise<void> {
  return new Promise((r) => setTimeout(r, ms));
}
