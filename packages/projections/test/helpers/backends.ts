import type { SqlDatabase } from '@engram/core';
import { openPglite } from '@engram/store-pglite';
import { createScratchDatabase, openPostgres } from '@engram/store-postgres';
import { pgTestUrl, type TestServer } from '@engram/testing';

export interface Backend {
  name: string;
  /** The real servers it needs ([] for PGlite). */
  servers: TestServer[];
  /** A fresh, empty database and how to dispose of it. */
  open(): Promise<{ db: SqlDatabase; url?: string; dispose(): Promise<void> }>;
  /**
   * Two handles on one fresh database, as two processes would have: separate pools on Postgres;
   * on PGlite (one connection per process) the same handle twice.
   */
  openPair(): Promise<{ a: SqlDatabase; b: SqlDatabase; dispose(): Promise<void> }>;
  /** A second handle on an opened database (a separate pool on Postgres, the same handle on PGlite). */
  secondHandle(opened: { db: SqlDatabase; url?: string }): { db: SqlDatabase; dispose(): Promise<void> };
}

/** PGlite, and a real PostgreSQL (its suites report as skipped when ENGRAM_TEST_PG_URL is not set). */
export function backends(): Backend[] {
  const pgUrl = pgTestUrl() ?? '';
  return [
    {
      name: 'pglite',
      servers: [],
      async open() {
        const db = await openPglite();
        return { db, dispose: () => db.close() };
      },
      async openPair() {
        const db = await openPglite();
        return { a: db, b: db, dispose: () => db.close() };
      },
      secondHandle(opened) {
        return { db: opened.db, dispose: async () => undefined };
      },
    },
    {
      name: 'postgres',
      servers: ['postgres'],
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
      async openPair() {
        const scratch = await createScratchDatabase(pgUrl, 'engram_proj');
        const a = openPostgres({ connectionString: scratch.url, max: 2, applicationName: 'engram-test-a' });
        const b = openPostgres({ connectionString: scratch.url, max: 2, applicationName: 'engram-test-b' });
        return {
          a,
          b,
          async dispose() {
            await Promise.all([a.close(), b.close()]);
            await scratch.drop();
          },
        };
      },
      secondHandle(opened) {
        if (!opened.url) throw new Error('a Postgres handle needs its URL');
        const db = openPostgres({ connectionString: opened.url, max: 2, applicationName: 'engram-test-second' });
        return { db, dispose: () => db.close() };
      },
    },
  ];
}
