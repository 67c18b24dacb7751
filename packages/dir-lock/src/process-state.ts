import { readFileSync } from 'node:fs';

/** What became of the process that wrote a lock. */
export type OwnerState = 'alive' | 'dying' | 'gone';

const PF_EXITING = 0x4;
const SIGKILL_BIT = 1n << 8n;

/** Fields of /proc/<pid>/stat after the command name (which may hold spaces and parentheses). */
function statFields(pid: number): string[] | null {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return text.slice(text.lastIndexOf(')') + 2).split(' ');
  } catch {
    return null;
  }
}

/** The kernel's start time of a process (clock ticks since boot), null where /proc is absent. */
export function processStartTime(pid: number): string | null {
  // Field 22 of stat; after the command name it is the 20th.
  return statFields(pid)?.[19] ?? null;
}

function sigkillPending(pid: number): boolean {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    for (const name of ['SigPnd', 'ShdPnd']) {
      const m = new RegExp(`^${name}:\\s*([0-9a-f]+)$`, 'm').exec(status);
      if (m && (BigInt(`0x${m[1]}`) & SIGKILL_BIT) !== 0n) return true;
    }
  } catch {
    // vanished meanwhile
  }
  return false;
}

/**
 * alive: running as usual; dying: killed (SIGKILL pending) or inside exit, soon gone; gone: no such
 * process, a zombie, or a different process that reuses the pid (its start time differs).
 */
export function ownerState(pid: number, startTime: string | null): OwnerState {
  try {
    process.kill(pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return 'gone';
  }
  const f = statFields(pid);
  if (!f) return process.platform === 'linux' ? 'gone' : 'alive';
  const state = f[0];
  if (state === 'Z' || state === 'X' || state === 'x') return 'gone';
  if (startTime !== null && f[19] !== undefined && f[19] !== startTime) return 'gone';
  const flags = Number(f[6]);
  if ((Number.isFinite(flags) && (flags & PF_EXITING) !== 0) || sigkillPending(pid)) return 'dying';
  return 'alive';
}
