/**
 * One entry point → `<dir>/dist/main.js` (esbuild). Engram's packages are inlined; every other bare
 * import stays an import, resolved by Node from node_modules at run time. An Engram package that is
 * not installed (a narrowed image, infra/deploy) stays an import too, so the runtime's adapter loader
 * still answers CONFIG_INVALID naming it. `import.meta.url` keeps meaning the source file's own
 * location (schemas, migrations and models are found next to the sources), written relative to
 * the bundle so the tree can move as a whole. `dist/inputs.json` lists the sources: a later change to
 * any of them makes the bundle stale (isFresh). A JSON file of an npm package is inlined (Node would
 * need an import attribute to load it). The worker threads' entries (WORKERS) are entry points of the
 * same build: a source's `new URL('./<worker>.mjs', import.meta.url)` (the plain-JavaScript entry that
 * registers tsx for a worker run from source) becomes the compiled `./<worker>.js` next to the bundle,
 * so a compiled service's threads load JavaScript too instead of compiling their TypeScript at start.
 */
import { readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';

const INPUTS = 'inputs.json';

/**
 * Every worker thread's plain-JavaScript entry (which registers tsx, for a run from source) → the
 * TypeScript it imports, compiled into each build as `<name>.js`. A source referring to a `.mjs`
 * worker entry not listed here fails the build, so no thread is left compiling TypeScript at start.
 */
export const WORKERS = {
  'packages/store-pglite/src/pglite-worker.mjs': 'packages/store-pglite/src/pglite-worker-main.ts',
  'packages/runtime/src/embedding-worker.mjs': 'packages/runtime/src/embedding-worker-main.ts',
  'packages/runtime/src/scanner-worker.mjs': 'packages/runtime/src/scanner-worker-main.ts',
};

const WORKER_URL = /new URL\(\s*(['"])\.\/([\w.-]+)\.mjs\1\s*,\s*import\.meta\.url\s*\)/g;
const workerName = (mjs) => basename(mjs, '.mjs');

/**
 * `path`'s text with `import.meta.url` meaning the source file's location (`here`), but in a worker's
 * URL, `new URL('./<w>.mjs', import.meta.url)`, which becomes the compiled worker next to the bundle
 * (the bundle's own import.meta.url: every entry and chunk is written to outdir itself).
 */
function rewriteMetaUrl(root, path, text, here) {
  const parts = text.split(WORKER_URL);
  // split with the two capture groups: [text, quote, name, text, quote, name, …, text]
  let out = '';
  for (let i = 0; i < parts.length; i += 3) {
    out += parts[i].replaceAll('import.meta.url', here);
    if (i + 2 >= parts.length) break;
    const mjs = relative(root, join(dirname(path), `${parts[i + 2]}.mjs`))
      .split('\\')
      .join('/');
    if (!WORKERS[mjs])
      throw new Error(`${relative(root, path)}: worker entry ${mjs} is not in WORKERS (infra/build/bundle.mjs)`);
    out += `new URL(${JSON.stringify(`./${workerName(mjs)}.js`)}, import.meta.url)`;
  }
  return out;
}

function sourceUrlPlugin(root, outdir) {
  return {
    name: 'source-import-meta-url',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, async (args) => {
        if (!args.path.startsWith('@engram/') || args.pluginData === 'engram') return undefined;
        const r = await b.resolve(args.path, { kind: args.kind, resolveDir: args.resolveDir, pluginData: 'engram' });
        return r.errors.length > 0 ? { path: args.path, external: true } : r;
      });
      b.onResolve({ filter: /^[^./]/ }, (args) =>
        args.path.startsWith('@engram/') || args.path.endsWith('.json') ? undefined : { external: true },
      );
      b.onLoad({ filter: /\.ts$/ }, async (args) => {
        const text = await readFile(args.path, 'utf8');
        if (!text.includes('import.meta.url')) return { contents: text, loader: 'ts' };
        // Every chunk is written to outdir itself, so one relative path holds wherever the module lands.
        const rel = relative(outdir, args.path).split('\\').join('/');
        const here = `new URL(${JSON.stringify(rel)}, import.meta.url).href`;
        return { contents: rewriteMetaUrl(root, args.path, text, here), loader: 'ts', resolveDir: dirname(args.path) };
      });
    },
  };
}

/**
 * Builds into a new directory `dist/<build id>/`, then points `dist/main.js` (a one-line import) and
 * `dist/inputs.json` at it, each replaced by a rename: a process already running (or starting while
 * another rebuilds) keeps loading its own build's lazy chunks. Builds older than an hour, beyond the
 * newest three, are removed.
 */
export async function buildEntry(root, dir) {
  const dist = join(root, dir, 'dist');
  const started = Date.now();
  const id = `b${started.toString(36)}-${process.pid}`;
  const result = await bundle(root, join(root, dir, 'src/main.ts'), join(dist, id));
  const inputs = Object.keys(result.metafile.inputs).filter((p) => !p.startsWith('node_modules/'));
  await replaceFile(join(dist, INPUTS), JSON.stringify({ builtAt: started, build: id, inputs }) + '\n');
  await replaceFile(join(dist, 'main.js'), `import './${id}/main.js';\n`);
  await pruneBuilds(dist, id);
}

async function replaceFile(path, text) {
  const tmp = `${path}.tmp-${process.pid}`;
  await writeFile(tmp, text);
  await rename(tmp, path);
}

async function pruneBuilds(dist, keep) {
  const builds = (await readdir(dist, { withFileTypes: true }))
    .filter((e) => e.isDirectory() && /^b[0-9a-z]+-\d+$/.test(e.name) && e.name !== keep)
    .map((e) => ({ name: e.name, at: parseInt(e.name.slice(1).split('-')[0], 36) }))
    .sort((a, b) => b.at - a.at);
  for (const b of builds.slice(2))
    if (Date.now() - b.at > 3_600_000) await rm(join(dist, b.name), { recursive: true, force: true });
}

/** One source file (and the Engram code it imports) → `<outdir>/<name>.js`; returns that path. */
export async function buildFile(root, source, outdir) {
  await bundle(root, source, outdir);
  return join(outdir, basename(source).replace(/\.ts$/, '.js'));
}

async function bundle(root, source, outdir) {
  const { build } = await import('esbuild');
  return build({
    absWorkingDir: root,
    entryPoints: [
      source,
      ...Object.entries(WORKERS).map(([mjs, ts]) => ({ in: join(root, ts), out: workerName(mjs) })),
    ],
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    outdir,
    entryNames: '[name]',
    chunkNames: '[name]-[hash]',
    sourcemap: 'linked',
    metafile: true,
    logLevel: 'warning',
    plugins: [sourceUrlPlugin(root, outdir)],
  });
}

/** True when `<dir>/dist/main.js` exists and no source it was built from changed since. */
export async function isFresh(root, dir) {
  let info;
  try {
    info = JSON.parse(await readFile(join(root, dir, 'dist', INPUTS), 'utf8'));
    await stat(join(root, dir, 'dist', info.build, 'main.js'));
  } catch {
    return false;
  }
  const times = await Promise.all(
    info.inputs.map((p) =>
      stat(join(root, p)).then(
        (s) => s.mtimeMs,
        () => Infinity,
      ),
    ),
  );
  return times.every((t) => t < info.builtAt);
}

export function mainUrl(root, dir) {
  return pathToFileURL(join(root, dir, 'dist/main.js')).href;
}
