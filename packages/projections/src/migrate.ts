import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { SqlDatabase } from '@engram/core';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
/** Advisory lock key ("engram" in ASCII): one migrator at a time per database. */
const MIGRATION_LOCK_KEY = 0x656e6772616d;

/** Another package's migrations on the same database (e.g. the key store's), recorded as `namespace/file`. */
export interface MigrationSource {
  dir: string;
  namespace: string;
}

export async function listMigrations(dir = MIGRATIONS_DIR): Promise<string[]> {
  return (await readdir(dir)).filter((f) => /^\d+_[\w-]+\.sql$/.test(f)).sort();
}

/** Names and contents of the read models' migrations, hashed: equal exactly when the schema they make is. */
export async function migrationsFingerprint(dir = MIGRATIONS_DIR): Promise<string> {
  const hash = createHash('sha256');
  for (const file of await listMigrations(dir))
    hash
      .update(`${file}\0`)
      .update(await readFile(join(dir, file)))
      .update('\0');
  return hash.digest('hex').slice(0, 16);
}

/**
 * Applies the read models' src/migrations/*.sql (or another source's) in name order, each recorded
 * in schema_migrations. Holds a transaction-scoped advisory lock, so two processes starting at once
 * apply each file once; running it again is a no-op. Returns the names applied by this call.
 */
export async function runMigrations(db: SqlDatabase, source?: MigrationSource): Promise<string[]> {
  const dir = source?.dir ?? MIGRATIONS_DIR;
  const nameOf = (file: string) => (source ? `${source.namespace}/${file}` : file);
  const files = await listMigrations(dir);
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1::bigint)', [MIGRATION_LOCK_KEY]);
    await tx.query(
      'CREATE TABLE IF NOT EXISTS schema_migrations (name text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name),
    );
    const applied: string[] = [];
    for (const file of files) {
      if (done.has(nameOf(file))) continue;
      await tx.query(await readFile(join(dir, file), 'utf8'));
      await tx.query('INSERT INTO schema_migrations (name) VALUES ($1)', [nameOf(file)]);
      applied.push(nameOf(file));
    }
    return applied;
  });
}
