import { fileURLToPath } from 'node:url';

export { openSqlKeyStore } from './sql-key-store';
export type { SqlKeyStoreOptions } from './sql-key-store';

/** The key store's migrations (apply with runMigrations(db, { dir, namespace: KEY_STORE_MIGRATIONS_NAMESPACE })). */
export const KEY_STORE_MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
export const KEY_STORE_MIGRATIONS_NAMESPACE = 'key-store';
