#!/usr/bin/env node
/**
 * Compiles every entry point (each service's src/main.ts, the CLI's) to plain JavaScript that `node`
 * runs without a TypeScript loader: one esbuild bundle per entry in `<dir>/dist/` (Engram's own
 * packages inlined, npm packages left as imports, adapters loaded with `import()` split into chunks
 * that load only when the config selects them). `npm ci` runs it (the root `prepare` script), and the
 * launchers rebuild an entry whose sources changed since (./launch.mjs), so a stale bundle never runs.
 *
 *   node infra/build/build.mjs                  every entry
 *   node infra/build/build.mjs services/query   one entry
 *
 * Plain JavaScript: it runs right after `npm ci`, before anything else is built.
 */
import { readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildEntry } from './bundle.mjs';
import { buildPgliteTemplate } from './pglite-template.mjs';
import { buildInspector } from './inspector.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

export function entryDirs() {
  const services = readdirSync(join(root, 'services'))
    .map((d) => `services/${d}`)
    .filter((d) => existsSync(join(root, d, 'src/main.ts')));
  return [...services, 'packages/cli'];
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const wanted = process.argv.slice(2);
  const dirs = wanted.length > 0 ? wanted.map((d) => relative(root, resolve(d))) : entryDirs();
  const t0 = performance.now();
  for (const dir of dirs) {
    if (!existsSync(join(root, dir, 'src/main.ts'))) {
      console.error(`build: ${dir} has no src/main.ts`);
      process.exit(2);
    }
    await buildEntry(root, dir);
  }
  const template = await buildPgliteTemplate(root);
  const ui = wanted.length === 0 ? await buildInspector(root) : null;
  console.error(
    `build: ${dirs.length} entr${dirs.length === 1 ? 'y' : 'ies'} in ${Math.round(performance.now() - t0)} ms` +
      (template ? `; PGlite template ${template}` : '') +
      (ui ? `; ${ui}` : ''),
  );
}
