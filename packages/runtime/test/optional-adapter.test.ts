import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const MODULE = fileURLToPath(new URL('../src/optional-adapter.ts', import.meta.url));

/** Runs loadAdapter in a plain Node process (as a service runs it: tsx, Node's own resolver). */
function tryLoad(
  pkg: string,
  specifier: string,
): { ok?: string[]; error?: { code: unknown; message: string; details?: unknown } } {
  const script = `
    import { loadAdapter } from ${JSON.stringify(MODULE)};
    try {
      const m = await loadAdapter(${JSON.stringify(pkg)}, 'ENGRAM_TEST=x', () => import(${JSON.stringify(specifier)}));
      console.log(JSON.stringify({ ok: Object.keys(m).slice(0, 3) }));
    } catch (e) {
      console.log(JSON.stringify({ error: { code: e.code, message: e.message, details: e.details } }));
    }`;
  const r = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    encoding: 'utf8',
    cwd: fileURLToPath(new URL('..', import.meta.url)),
  });
  if (r.status !== 0) throw new Error(r.stderr);
  return JSON.parse(r.stdout.trim().split('\n').pop()!);
}

describe('loadAdapter: an adapter the config selects but the service did not install', () => {
  it('is CONFIG_INVALID naming the setting and the package to install', () => {
    const r = tryLoad('@engram/not-installed-adapter', '@engram/not-installed-adapter');
    expect(r.error).toMatchObject({
      code: 'CONFIG_INVALID',
      details: { package: '@engram/not-installed-adapter', selectedBy: 'ENGRAM_TEST=x' },
    });
    expect(r.error!.message).toMatch(
      /ENGRAM_TEST=x needs the package @engram\/not-installed-adapter.*npm install @engram\/not-installed-adapter/,
    );
  });

  it('loads an installed package', () => {
    expect(tryLoad('@engram/core', '@engram/core').ok).toHaveLength(3);
  });

  it('passes on any other failure unchanged (a module missing inside an installed adapter is not a config problem)', () => {
    const r = tryLoad('@engram/core', './no-such-file-inside.js');
    expect(r.error!.code).toBe('ERR_MODULE_NOT_FOUND');
    expect(r.error!.message).not.toMatch(/npm install/);
  });
});
