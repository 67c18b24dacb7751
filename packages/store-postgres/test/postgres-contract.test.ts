import { describe, expect, it } from 'vitest';
import { EngramError } from '@engram/core';
import { sqlDatabaseContract } from '@engram/testing';
import { createScratchDatabase, openPostgres } from '../src';

const adminUrl = process.env.ENGRAM_TEST_PG_URL;

describe.skipIf(!adminUrl)('postgres adapter', () => {
  sqlDatabaseContract('postgres (pg pool)', async () => {
    const scratch = await createScratchDatabase(adminUrl!);
    return { db: openPostgres({ connectionString: scratch.url, max: 4, applicationName: 'engram-contract' }), teardown: () => scratch.drop() };
  });
});

describe('postgres adapter without a server', () => {
  it('maps a refused connection to STORE_UNAVAILABLE (retriable)', async () => {
    // Port 1 on loopback: nothing listens there, the connect is refused at once.
    const db = openPostgres({ connectionString: 'postgres://nobody@127.0.0.1:1/none', connectionTimeoutMillis: 2000 });
    try {
      for (const attempt of [() => db.query('SELECT 1'), () => db.transaction(async (tx) => tx.query('SELECT 1'))]) {
        const err = await attempt().then(
          () => null,
          (e: unknown) => e,
        );
        expect(err).toBeInstanceOf(EngramError);
        expect((err as EngramError).code).toBe('STORE_UNAVAILABLE');
        expect((err as EngramError).retriable).toBe(true);
      }
    } finally {
      await db.close();
    }
  });
});
