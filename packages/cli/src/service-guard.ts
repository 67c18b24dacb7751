import { readFileSync } from 'node:fs';
import { hostname } from 'node:os';
import { join } from 'node:path';
import { EngramError } from '@engram/core';
import type { EngramConfig } from '@engram/runtime';

export interface RunningService {
  pid: number;
  since: string;
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * The embedded log's directory lock names the process that has the data directory open (the
 * all-in-one service opens the log before PGlite). A live owner on this host other than us means the
 * service is running.
 */
export function runningService(cfg: Readonly<EngramConfig>): RunningService | null {
  if (cfg.log.kind !== 'file') return null;
  let owner: { pid?: unknown; hostname?: unknown; acquiredAt?: unknown };
  try {
    owner = JSON.parse(readFileSync(join(cfg.log.dir, 'LOCK'), 'utf8'));
  } catch {
    return null;
  }
  if (typeof owner.pid !== 'number' || owner.pid === process.pid) return null;
  if (owner.hostname !== hostname()) return { pid: owner.pid, since: String(owner.acquiredAt) };
  return alive(owner.pid) ? { pid: owner.pid, since: String(owner.acquiredAt) } : null;
}

/** Offline commands on embedded data refuse while the service has it open (stable reason SERVICE_RUNNING). */
export function assertServiceStopped(cfg: Readonly<EngramConfig>, command: string): void {
  const svc = runningService(cfg);
  if (!svc) return;
  throw new EngramError(
    'CONFLICT',
    `engram ${command} works on the data directory offline, but the Engram service (pid ${svc.pid}, since ${svc.since}) has ${cfg.dataDir} open: stop it first`,
    { details: { reason: 'SERVICE_RUNNING', pid: svc.pid, dataDir: cfg.dataDir }, retriable: true },
  );
}
