/**
 * Mem0's packages are test and benchmark peers, not dependencies of Engram: installing them with the
 * project would compile better-sqlite3 on every `npm ci`. The pinned `mem0ai` (its OSS build, the
 * benchmark peer of `--peer mem0`, and its platform client MemoryClient, which the /mem0 e2e test
 * drives) is installed once into a cache directory from the npm registry and loaded from there.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';

export const MEM0_VERSION = '3.3.1';

export function mem0Dir(): string {
  return process.env.ENGRAM_PEERS_DIR
    ? join(process.env.ENGRAM_PEERS_DIR, `mem0ai-${MEM0_VERSION}`)
    : join(homedir(), '.cache', 'engram', 'peers', `mem0ai-${MEM0_VERSION}`);
}

/** Installs the pinned package once; resolves modules from its directory. */
function mem0Require(): NodeJS.Require {
  const dir = mem0Dir();
  if (
    !existsSync(join(dir, 'node_modules', 'mem0ai', 'package.json')) ||
    !existsSync(join(dir, 'node_modules', 'better-sqlite3', 'package.json'))
  ) {
    mkdirSync(dir, { recursive: true });
    console.error(`installing mem0ai@${MEM0_VERSION} (+ better-sqlite3, compiled once) into ${dir}`);
    execFileSync(
      'npm',
      [
        'install',
        '--prefix',
        dir,
        '--no-audit',
        '--no-fund',
        '--no-save',
        `mem0ai@${MEM0_VERSION}`,
        'better-sqlite3@^12',
      ],
      { stdio: ['ignore', 'inherit', 'inherit'] },
    );
  }
  return createRequire(join(dir, 'package.json'));
}

export async function loadMem0Oss(): Promise<unknown> {
  return import(pathToFileURL(mem0Require().resolve('mem0ai/oss')).href);
}

/**
 * Mem0's platform client (`import { MemoryClient } from 'mem0ai'`). Its telemetry is read from the
 * environment when the module loads, so it is switched off first: nothing leaves this machine.
 */
export async function loadMem0Client(): Promise<{ MemoryClient: unknown }> {
  process.env.MEM0_TELEMETRY = 'false';
  const mod = (await import(pathToFileURL(mem0Require().resolve('mem0ai')).href)) as {
    MemoryClient?: unknown;
    default?: { MemoryClient?: unknown };
  };
  const MemoryClient = mod.MemoryClient ?? mod.default?.MemoryClient;
  if (!MemoryClient) throw new Error(`mem0ai@${MEM0_VERSION} has no MemoryClient export`);
  return { MemoryClient };
}

// `npx tsx test/bench/recall/mem0-package.ts` installs the peer ahead of time (npm test does).
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  loadMem0Oss().then(
    () => console.error(`mem0ai@${MEM0_VERSION} ready in ${mem0Dir()}`),
    (e: unknown) => {
      console.error(`mem0 peer unavailable: ${(e as Error).message}`);
      process.exit(1);
    },
  );
}
