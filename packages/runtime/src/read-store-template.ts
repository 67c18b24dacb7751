import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { MigrationSource } from '@engram/projections';
import { loadAdapter, loadIfInstalled } from './optional-adapter';

/**
 * The migrations a service's embedded read store runs at start besides the read models': the API
 * key store's and the webhooks' (the all-in-one's API runs both), where those packages are installed.
 */
async function serviceMigrations(): Promise<MigrationSource[]> {
  const keys = await loadIfInstalled('@engram/key-store-sql', () => import('@engram/key-store-sql'));
  const hooks = await loadIfInstalled('@engram/webhooks', () => import('@engram/webhooks'));
  return [
    ...(keys ? [{ dir: keys.KEY_STORE_MIGRATIONS_DIR, namespace: keys.KEY_STORE_MIGRATIONS_NAMESPACE }] : []),
    ...(hooks ? [{ dir: hooks.WEBHOOK_MIGRATIONS_DIR, namespace: hooks.WEBHOOK_MIGRATIONS_NAMESPACE }] : []),
  ];
}

/**
 * The embedded read store's template with the schema already migrated (the read models', the key
 * store's, the webhooks'), named by the migrations' fingerprint: a new data directory copies it and
 * its first start skips initdb and the migrations; a checkout whose migrations differ finds no
 * template of its own and falls back to the plain one (runMigrations then does the work, as on a
 * template-less install).
 */
async function migratedTemplateDir(): Promise<string> {
  const { DEFAULT_PGLITE_TEMPLATE_DIR } = await pglite();
  const { migrationsFingerprint } = await import('@engram/projections');
  const hash = createHash('sha256').update(await migrationsFingerprint());
  for (const s of await serviceMigrations())
    hash.update(`\0${s.namespace}\0`).update(await migrationsFingerprint(s.dir));
  return `${DEFAULT_PGLITE_TEMPLATE_DIR}-schema-${hash.digest('hex').slice(0, 16)}`;
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
  const sources = await serviceMigrations();
  return ensurePreparedPgliteTemplate(await migratedTemplateDir(), async (db) => {
    await runMigrations(db);
    for (const s of sources) await runMigrations(db, s);
  });
}
