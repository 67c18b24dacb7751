/**
 * Makes the embedded read store's templates at build time (@engram/store-pglite's initdb'd cluster,
 * and @engram/runtime's copy of it with the read models migrated), so the first `npm start` on an
 * empty data directory copies a cluster instead of running initdb and the migrations in WASM.
 * Skipped where PGlite is not installed (a narrowed image of a service that does not use it).
 */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildFile } from './bundle.mjs';

export async function buildPgliteTemplate(root) {
  const source = join(root, 'packages/runtime/src/read-store-template.ts');
  if (!existsSync(join(root, 'node_modules/@engram/store-pglite'))) return null;
  const out = await buildFile(root, source, join(root, 'packages/runtime/dist'));
  const { ensureReadStoreTemplate } = await import(pathToFileURL(out).href);
  return ensureReadStoreTemplate();
}
