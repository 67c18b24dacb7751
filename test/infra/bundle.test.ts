import { mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
// @ts-expect-error plain JavaScript without declarations (infra/build runs before anything is built)
import { buildFile, WORKERS } from '../../infra/build/bundle.mjs';

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// Inside the repo (an ignored dist/), so the build's npm imports resolve from node_modules as a service's do.
mkdirSync(join(ROOT, 'test/infra/dist'), { recursive: true });
const out = mkdtempSync(join(ROOT, 'test/infra/dist/bundle-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

/** The files a compiled module loads, itself included (its static imports of the build's own chunks). */
function closure(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen;
  seen.add(file);
  for (const m of readFileSync(file, 'utf8').matchAll(/(?:from|import)\s*"\.\/([\w.-]+\.js)"/g))
    closure(join(dirname(file), m[1]!), seen);
  return seen;
}

describe('the compiled bundle (infra/build/bundle.mjs)', () => {
  it('compiles every worker thread: the PGlite thread of a compiled store runs the built JavaScript, without tsx or all of core', async () => {
    const built: string = await buildFile(ROOT, join(ROOT, 'test/infra/fixtures/bundle-entry.ts'), out);
    const names = Object.keys(WORKERS as Record<string, string>).map((w) =>
      w
        .split('/')
        .pop()!
        .replace(/\.mjs$/, ''),
    );
    expect(names).toEqual(['pglite-worker', 'embedding-worker', 'scanner-worker']);
    const loaded = [...closure(join(out, 'pglite-worker.js'))].map((f) => readFileSync(f, 'utf8')).join('\n');
    expect(loaded).not.toContain('tsx');
    expect(loaded).toContain('// packages/store-pglite/src/pglite-worker-main.ts');
    // EngramError alone (@engram/core/errors), not the core barrel with the scanner's rule tables.
    expect(loaded).toContain('// packages/core/src/errors.ts');
    expect(loaded).not.toContain('// packages/core/src/index.ts');
    expect(loaded).not.toContain('// packages/core/src/safety/');
    // Nothing in the build points at a worker's source entry any more.
    for (const f of closure(built)) expect(readFileSync(f, 'utf8')).not.toMatch(/worker\.mjs/);

    const { openPglite, analyzeContent } = (await import(
      pathToFileURL(built).href
    )) as typeof import('./fixtures/bundle-entry');
    expect(typeof analyzeContent).toBe('function');
    const db = await openPglite({ thread: true });
    try {
      expect((await db.query<{ n: number }>('SELECT 1 + 1 AS n')).rows).toEqual([{ n: 2 }]);
    } finally {
      await db.close();
    }
  });

  it('refuses a source that starts a worker entry it does not list', async () => {
    await expect(
      buildFile(ROOT, join(ROOT, 'test/infra/fixtures/unlisted-worker/spawns.ts'), join(out, 'unlisted')),
    ).rejects.toThrow(/nope-worker\.mjs is not in WORKERS/);
  });
});
