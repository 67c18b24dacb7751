import { copyFileSync, cpSync, existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * A freshly initialised PGlite cluster next to this package (made by the build, `npm ci`): a new
 * data directory starts as a copy of it instead of running initdb in WASM (seconds, most of an empty
 * start). Made by the PGlite installed here, so it always matches the version that opens the copy.
 */
export const DEFAULT_PGLITE_TEMPLATE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.pgdata-template');

export const isPgliteCluster = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes the template once (initdb in a scratch directory, then an atomic rename: two processes
 * racing both end with one complete template). Returns its directory.
 */
export async function ensurePgliteTemplate(dir = DEFAULT_PGLITE_TEMPLATE_DIR): Promise<string> {
  return makeTemplate(dir, async (scratch) => {
    const pg = await PGlite.create({ dataDir: scratch });
    await pg.close();
  });
}

/** Runs `make` on a scratch directory and renames it to `dir`, unless `dir` already holds a cluster. */
export async function makeTemplate(dir: string, make: (scratch: string) => Promise<void>): Promise<string> {
  if (isPgliteCluster(dir)) return dir;
  const scratch = `${dir}.tmp-${process.pid}`;
  rmSync(scratch, { recursive: true, force: true });
  mkdirSync(dirname(dir), { recursive: true });
  await make(scratch);
  try {
    renameSync(scratch, dir);
  } catch (e) {
    rmSync(scratch, { recursive: true, force: true });
    if (!isPgliteCluster(dir)) throw e;
  }
  return dir;
}

/**
 * Seeds an empty data directory from the template; false when it already holds a cluster. PG_VERSION,
 * which marks a cluster, is copied last: a copy cut short by a crash is redone at the next start.
 */
export async function seedFromTemplate(dataDir: string, template: string): Promise<boolean> {
  if (isPgliteCluster(dataDir)) return false;
  const from = isPgliteCluster(template) ? template : await ensurePgliteTemplate(template);
  const marker = join(from, 'PG_VERSION');
  cpSync(from, dataDir, { recursive: true, filter: (src) => src !== marker });
  copyFileSync(marker, join(dataDir, 'PG_VERSION'));
  return true;
}
