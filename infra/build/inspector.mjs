/**
 * The inspector's static assets (packages/inspector/web → packages/inspector/dist, Vite): built with
 * every entry point by build.mjs (so `npm ci` leaves them ready) and again by the launchers of the
 * services that serve /ui/ when a source under web/ changed since. Skipped, with a line saying so,
 * where Vite is not installed (an image installed without dev dependencies): /ui/ then answers that
 * the inspector is not built.
 */
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const WEB = 'packages/inspector/web';
const PAGE = 'packages/inspector/dist/index.html';

function newest(dir) {
  let t = 0;
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const s = statSync(p);
    t = Math.max(t, s.isDirectory() ? newest(p) : s.mtimeMs);
  }
  return t;
}

export function inspectorIsFresh(root) {
  if (!existsSync(join(root, WEB))) return true;
  if (!existsSync(join(root, PAGE))) return false;
  const sources = Math.max(newest(join(root, WEB)), statSync(join(root, 'packages/client/src/engram-api.ts')).mtimeMs);
  return sources < statSync(join(root, PAGE)).mtimeMs;
}

/** Builds the assets; returns a line for the build log. */
export async function buildInspector(root) {
  if (!existsSync(join(root, WEB))) return 'inspector: no sources';
  let vite;
  try {
    vite = await import('vite');
  } catch {
    return 'inspector: skipped (vite is not installed here; /ui/ answers that it is not built)';
  }
  const t0 = performance.now();
  await vite.build({ configFile: join(root, WEB, 'vite.config.ts'), logLevel: 'warn' });
  return `inspector in ${Math.round(performance.now() - t0)} ms`;
}
