/**
 * Mem0's OSS build is a benchmark peer, not a dependency of Engram: installing it with the project
 * would compile better-sqlite3 on every `npm ci`. `--peer mem0` installs the pinned version once
 * into a cache directory from the npm registry and loads it from there.
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

export async function loadMem0Oss(): Promise<unknown> {
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
  const require = createRequire(join(dir, 'package.json'));
  return import(pathToFileURL(require.resolve('mem0ai/oss')).href);
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
