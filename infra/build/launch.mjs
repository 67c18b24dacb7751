/**
 * Runs an entry point's compiled JavaScript (`<dir>/dist/main.js`), rebuilding it first when a source
 * changed since the last build (a checkout edited after `npm ci`), so what runs is always the code on disk.
 */
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEntry, isFresh, mainUrl } from './bundle.mjs';
import { buildInspector, inspectorIsFresh } from './inspector.mjs';

export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** The services that serve the inspector at /ui/. */
const SERVES_UI = new Set(['services/engram', 'services/query']);

export async function launch(dir) {
  if (!(await isFresh(REPO_ROOT, dir))) await buildEntry(REPO_ROOT, dir);
  if (SERVES_UI.has(dir) && !inspectorIsFresh(REPO_ROOT)) console.error(await buildInspector(REPO_ROOT));
  await import(mainUrl(REPO_ROOT, dir));
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const dir = process.argv[2];
  if (!dir) {
    console.error('usage: node infra/build/launch.mjs services/<name> [args…]');
    process.exit(2);
  }
  process.argv.splice(2, 1);
  await launch(dir);
}
