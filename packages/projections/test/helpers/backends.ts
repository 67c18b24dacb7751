import type { SqlDatabase } from '@engram/core';
import { openPglite } from '@engram/store-pglite';
import { createScratchDatabase, openPostgres } from '@engram/store-postgres';

export interface Backend {
  name: string;
  /** A fresh, empty database and how to dispose of it. */
  open(): Promise<{ db: SqlDatabase; url?: string; dispose(): Promise<void> }>;
}

const pgUrl = process.env.ENGRAM_TEST_PG_URL;

/** PGlite always; a real PostgreSQL too when ENGRAM_TEST_PG_URL is set (CI). */
export function backends(): Backend[] {
  const out: Backend[] = [
    {
      name: 'pglite',
      async open() {
        const db = await openPglite();
        return { db, dispose: () => db.close() };
      },
    },
  ];
  if (pgUrl) {
    out.push({
      name: 'postgres',
      async open() {
        const scratch = await createScratchDatabase(pgUrl, 'engram_proj');
        const db = openPostgres({ connectionString: scratch.url, max: 4 });
        return {
          db,
          url: scratch.url,
          async dispose() {
            await db.close();
            await scratch.drop();
          },
        };
      },
    });
  }
  return out;
}
