/**
 * Issue 21 item 10: the dependency rules of `.dependency-cruiser.cjs` hold for the repository (core
 * imports no adapter and no I/O library, adapters import only core, nothing imports a service or the
 * CLI, no cycles), they catch each kind of bad import (fixtures/dependency-rules), and every package
 * manifest declares exactly what its code imports.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { builtinModules } from 'node:module';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = resolve(fileURLToPath(new URL('../..', import.meta.url)));
const CONFIG = join(root, '.dependency-cruiser.cjs');
const BIN = join(root, 'node_modules', 'dependency-cruiser', 'bin', 'dependency-cruise.mjs');

interface Dependency {
  module: string;
  resolved: string;
  dependencyTypes: string[];
  dynamic: boolean;
}
interface CruiseResult {
  modules: Array<{ source: string; dependencies: Dependency[] }>;
  summary: { violations: Array<{ from: string; to: string; rule: { name: string } }>; totalCruised: number };
}

function cruise(cwd: string, dirs: string[]): CruiseResult {
  const r = spawnSync(process.execPath, [BIN, ...dirs, '--config', CONFIG, '--output-type', 'json'], {
    cwd,
    encoding: 'utf8',
    maxBuffer: 256 * 1024 * 1024,
  });
  // depcruise exits non-zero when it finds violations; the JSON report is on stdout either way.
  if (!r.stdout) throw new Error(`dependency-cruiser failed: ${r.stderr}`);
  return JSON.parse(r.stdout) as CruiseResult;
}

const violationsOf = (r: CruiseResult) => r.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`);

describe('dependency rules (.dependency-cruiser.cjs)', () => {
  const repo = cruise(root, ['packages', 'services']);

  it('hold for every package and service', () => {
    expect(repo.summary.totalCruised).toBeGreaterThan(300);
    expect(violationsOf(repo)).toEqual([]);
  });

  it('fail on each kind of deliberately bad import', () => {
    const bad = cruise(join(root, 'test/infra/fixtures/dependency-rules'), ['packages', 'services']);
    const seen = bad.summary.violations.map(
      (v) => `${v.rule.name}: ${v.from} → ${v.to.replace(/^(\.\.\/)+node_modules\/([^/]+)\/.*$/, 'npm:$2')}`,
    );
    expect(new Set(seen)).toEqual(
      new Set([
        'core-imports-no-io-builtin: packages/core/src/index.js → fs',
        'core-imports-no-io-library: packages/core/src/index.js → npm:pg',
        'core-imports-only-core: packages/core/src/index.js → packages/index-local/src/index.js',
        'no-cycles: packages/core/src/index.js → packages/index-local/src/index.js',
        'adapters-import-only-core: packages/index-local/src/index.js → packages/runtime/src/index.js',
        'packages-import-no-service: packages/runtime/src/index.js → services/query/src/main.js',
        'nothing-imports-the-cli: packages/app/src/index.js → packages/cli/src/index.js',
      ]),
    );
  });

  describe('package manifests declare exactly what the code imports', () => {
    const problems = manifestProblems(repo);
    it('no undeclared import, no unused or misplaced dependency', () => {
      expect(problems).toEqual([]);
    });
  });
});

interface Manifest {
  name: string;
  scripts?: Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
  peerDependencies?: Record<string, string>;
  peerDependenciesMeta?: Record<string, { optional?: boolean }>;
}

const readManifest = (dir: string) => JSON.parse(readFileSync(join(root, dir, 'package.json'), 'utf8')) as Manifest;
const BUILTINS = new Set(builtinModules);
/** `@scope/name/sub/path` → `@scope/name`; `name/sub` → `name`; null for relative paths and Node built-ins. */
function packageOf(specifier: string): string | null {
  if (specifier.startsWith('.') || specifier.startsWith('/') || specifier.startsWith('node:')) return null;
  const parts = specifier.split('/');
  const name = specifier.startsWith('@') ? `${parts[0]}/${parts[1]}` : parts[0]!;
  return BUILTINS.has(name) ? null : name;
}

/**
 * What each workspace imports from src (runtime) and test, against its manifest. The workspace root's
 * devDependencies are the shared test toolchain (vitest, typescript, @types/*), available to every
 * test. Runtime loads adapters by config with import(): they are its optional peer dependencies, and a
 * service declares the adapters of the deployment it ships with (docker-compose.yml).
 */
function manifestProblems(result: CruiseResult): string[] {
  const rootDev = new Set(Object.keys(readManifest('.').devDependencies ?? {}));
  const workspaces = ['packages', 'services'].flatMap((top) => readdirSync(join(root, top)).map((d) => `${top}/${d}`));
  const manifests = new Map(workspaces.map((w) => [w, readManifest(w)]));
  const imports = new Map(workspaces.map((w) => [w, { src: new Map<string, boolean>(), test: new Set<string>() }]));
  for (const m of result.modules) {
    // web/: a package's browser code, bundled at build time (the inspector): its imports are build tools, like tests'.
    const at = /^((?:packages|services)\/[^/]+)\/(src|test|web)\//.exec(m.source);
    if (!at) continue;
    const seen = imports.get(at[1]!)!;
    for (const d of m.dependencies) {
      const pkg = packageOf(d.module);
      if (!pkg || pkg === manifests.get(at[1]!)!.name) continue;
      // A type-only import is erased: like import(), it loads nothing when the module loads.
      const loadsLater = d.dynamic || d.dependencyTypes.includes('type-only');
      if (at[2] === 'src') seen.src.set(pkg, (seen.src.get(pkg) ?? true) && loadsLater);
      else seen.test.add(pkg);
    }
  }
  const problems: string[] = [];
  for (const [w, man] of manifests) {
    const { src, test } = imports.get(w)!;
    const deps = new Set(Object.keys(man.dependencies ?? {}));
    const peers = new Set(Object.keys(man.peerDependencies ?? {}));
    const dev = new Set(Object.keys(man.devDependencies ?? {}));
    if (man.optionalDependencies)
      problems.push(
        `${w}: optionalDependencies are installed by default; adapters are optional peers of @engram/runtime`,
      );
    for (const [pkg, onlyDynamic] of src) {
      if (deps.has(pkg)) continue;
      if (!peers.has(pkg)) problems.push(`${w}: src imports ${pkg}, not in dependencies`);
      else if (!onlyDynamic && man.peerDependenciesMeta?.[pkg]?.optional)
        problems.push(`${w}: ${pkg} is an optional peer but src imports it statically (load it with import())`);
    }
    for (const pkg of peers) if (!src.has(pkg)) problems.push(`${w}: peer ${pkg} is never imported`);
    // A dependency is used when src imports it, when the package's scripts run it, or when it is an
    // optional peer of one of the package's dependencies (a service choosing runtime's adapters).
    const peersOfDeps = new Set([...deps].flatMap((d) => Object.keys(installedManifest(w, d)?.peerDependencies ?? {})));
    const scripts = Object.values(man.scripts ?? {}).join(' ');
    for (const pkg of deps) {
      if (!src.has(pkg) && !peersOfDeps.has(pkg) && !new RegExp(`(^|\\s)${pkg}(\\s|$)`).test(scripts)) {
        problems.push(
          `${w}: dependency ${pkg} is never imported by src${test.has(pkg) ? ' (only by tests: a devDependency)' : ''}`,
        );
      }
      if (dev.has(pkg)) problems.push(`${w}: ${pkg} is both a dependency and a devDependency`);
    }
    for (const pkg of test) {
      if (!deps.has(pkg) && !dev.has(pkg) && !peers.has(pkg) && !rootDev.has(pkg))
        problems.push(`${w}: test imports ${pkg}, not in dependencies or devDependencies`);
    }
    for (const pkg of dev)
      if (!test.has(pkg) && !new RegExp(`(^|\\s)${pkg}(\\s|$)`).test(scripts))
        problems.push(`${w}: devDependency ${pkg} is never imported by tests`);
  }
  return problems.sort();
}

/** The installed manifest of `pkg` as `workspace` resolves it (its own node_modules first, then the root's). */
function installedManifest(workspace: string, pkg: string): Manifest | null {
  for (const dir of [join(workspace, 'node_modules', pkg), join('node_modules', pkg)]) {
    if (existsSync(join(root, dir, 'package.json'))) return readManifest(dir);
  }
  return null;
}
