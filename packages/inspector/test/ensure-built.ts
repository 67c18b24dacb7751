import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../..', import.meta.url));

/** Builds the inspector's assets when a source changed since the last build (npm ci builds them; so do the launchers). */
export function ensureInspectorBuilt(): void {
  const r = spawnSync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      "const m = await import('./infra/build/inspector.mjs'); if (!m.inspectorIsFresh(process.cwd())) console.error(await m.buildInspector(process.cwd()));",
    ],
    { cwd: ROOT, encoding: 'utf8' },
  );
  if (r.status !== 0) throw new Error(`building the inspector failed:\n${r.stderr}`);
}
