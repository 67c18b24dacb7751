import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { copyFile, cp } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';

/**
 * A freshly initialised PGlite cluster next to this package (made by the build, `npm ci`): a new
 * data directory starts as a copy of it instead of running initdb in WASM (seconds, most of an empty
 * start). Made by the PGlite installed here, so it always matches the version that opens the copy.
 * The suffix names the template's layout (2: without the template0/template1 databases), so a
 * checkout built before a layout change makes the new one instead of copying the old.
 */
export const DEFAULT_PGLITE_TEMPLATE_DIR = join(dirname(fileURLToPath(import.meta.url)), '..', '.pgdata-template-2');

export const isPgliteCluster = (dir: string) => existsSync(join(dir, 'PG_VERSION'));

/**
 * Makes the template once (initdb in a scratch directory, then an atomic rename: two processes
 * racing both end with one complete template). Returns its directory.
 */
export async function ensurePgliteTemplate(dir = DEFAULT_PGLITE_TEMPLATE_DIR): Promise<string> {
  return makeTemplate(dir, async (scratch) => {
    const pg = await PGlite.create({ dataDir: scratch });
    // Engram works in the one database PGlite opens (postgres) and never creates another: the two
    // template databases would be two thirds of the files every new data directory copies.
    await pg.exec(`UPDATE pg_database SET datistemplate = false WHERE datname IN ('template0', 'template1')`);
    // One statement each: DROP DATABASE refuses to run inside a (multi-statement) transaction.
    for (const sql of ['DROP DATABASE template0', 'DROP DATABASE template1', 'CHECKPOINT']) await pg.exec(sql);
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
 * The copy is asynchronous, so a service starting up goes on loading its other parts meanwhile.
 */
export async function seedFromTemplate(dataDir: string, template: string): Promise<boolean> {
  if (isPgliteCluster(dataDir)) return false;
  const from = isPgliteCluster(template) ? template : await ensurePgliteTemplate(template);
  const marker = join(from, 'PG_VERSION');
  await cp(from, dataDir, { recursive: true, force: true, filter: (src) => src !== marker });
  await copyFile(marker, join(dataDir, 'PG_VERSION'));
  return true;
}
