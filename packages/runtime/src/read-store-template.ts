import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { loadAdapter } from './optional-adapter';

/**
 * The embedded read store's template with the read models' schema already migrated, named by the
 * migrations' fingerprint (@engram/projections): a new data directory copies it and its first start
 * skips initdb and the migrations; a checkout whose migrations differ finds no template of its own
 * and falls back to the plain one (runMigrations then does the work, as on a template-less install).
 */
async function migratedTemplateDir(): Promise<string> {
  const { DEFAULT_PGLITE_TEMPLATE_DIR } = await pglite();
  const { migrationsFingerprint } = await import('@engram/projections');
  return `${DEFAULT_PGLITE_TEMPLATE_DIR}-schema-${await migrationsFingerprint()}`;
}

const pglite = () => loadAdapter('@engram/store-pglite', 'ENGRAM_STORE=pglite', () => import('@engram/store-pglite'));

/** The migrated template when the build made one for these migrations. */
export async function readStoreTemplate(): Promise<string | undefined> {
  const dir = await migratedTemplateDir();
  return existsSync(join(dir, 'PG_VERSION')) ? dir : undefined;
}

/** Made by the build (infra/build, run by `npm ci`). */
export async function ensureReadStoreTemplate(): Promise<string> {
  const { ensurePreparedPgliteTemplate } = await pglite();
  const { runMigrations } = await import('@engram/projections');
  return ensurePreparedPgliteTemplate(await migratedTemplateDir(), async (db) => {
    await runMigrations(db);
  });
}
