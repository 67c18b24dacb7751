import { randomUUID } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EngramError } from '@engram/core';
import { describeWithServers, sqlDatabaseContract } from '@engram/testing';
import { createScratchDatabase, openPostgres } from '../src';

describeWithServers(['postgres'], 'postgres adapter', ({ postgres: adminUrl }) => {
  sqlDatabaseContract('postgres (pg pool)', async () => {
    const scratch = await createScratchDatabase(adminUrl);
    return {
      db: openPostgres({ connectionString: scratch.url, max: 4, applicationName: 'engram-contract' }),
      teardown: () => scratch.drop(),
    };
  });
});

describeWithServers(['postgres'], 'postgres adapter when the server drops a connection', ({ postgres: adminUrl }) => {
  it('maps a killed backend to STORE_UNAVAILABLE and keeps serving on a new connection', async () => {
    const scratch = await createScratchDatabase(adminUrl);
    const db = openPostgres({ connectionString: scratch.url, max: 2 });
    try {
      const err = await db
        .transaction(async (tx) => {
          const pid = (await tx.query<{ pid: number }>('SELECT pg_backend_pid() AS pid')).rows[0]!.pid;
          await db.query('SELECT pg_terminate_backend($1)', [pid]);
          await tx.query('SELECT 1');
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect(err).toBeInstanceOf(EngramError);
      expect((err as EngramError).code).toBe('STORE_UNAVAILABLE');
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    } finally {
      await db.close();
      await scratch.drop();
    }
  });
});

describe('postgres adapter without a server', () => {
  it('maps a refused connection to STORE_UNAVAILABLE (retriable)', async () => {
    // A loopback port that was free a moment ago: nothing listens there, the connect is refused.
    const port = await new Promise<number>((resolve) => {
      const srv = createServer().listen(0, '127.0.0.1', () => {
        const { port: p } = srv.address() as { port: number };
        srv.close(() => resolve(p));
      });
    });
    const db = openPostgres({
      connectionString: `postgres://nobody@127.0.0.1:${port}/none`,
      connectionTimeoutMillis: 2000,
    });
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

describeWithServers(['postgres'], 'postgres reclaim', ({ postgres: adminUrl }) => {
  it('leaves no byte of a deleted row in the server data directory (relation files and WAL)', async () => {
    const scratch = await createScratchDatabase(adminUrl);
    const db = openPostgres({ connectionString: scratch.url, max: 2 });
    const secret = `reclaim-${randomUUID()}`;
    try {
      const dataDir = (await db.query<{ data_directory: string }>('SHOW data_directory')).rows[0]!.data_directory;
      await db.query('CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)');
      await db.query('CREATE INDEX notes_body_idx ON notes (body)');
      await db.query("INSERT INTO notes SELECT g, 'filler ' || g FROM generate_series(1, 500) g");
      await db.query('INSERT INTO notes VALUES (0, $1)', [secret]);
      await db.query('CHECKPOINT');
      await db.query('DELETE FROM notes WHERE id = 0');
      expect(await filesHolding(dataDir, secret)).not.toEqual([]);
      expect(await db.reclaim(['notes'])).toEqual({ walRetired: true });
      expect(await filesHolding(dataDir, secret)).toEqual([]);
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]!.n).toBe(500);
    } finally {
      await db.close();
      await scratch.drop();
    }
  });
});

async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    // Files the server is replacing while we look are skipped, not failed.
    const bytes = await readFile(path).catch(() => null);
    if (bytes?.includes(needle)) hits.push(path);
  }
  return hits;
}
