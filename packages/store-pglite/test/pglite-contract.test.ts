import { spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import { sqlDatabaseContract } from '@engram/testing';
import { openPglite } from '../src';

sqlDatabaseContract('pglite (in memory)', async () => ({ db: await openPglite() }));
sqlDatabaseContract('pglite (in memory, on a worker thread)', async () => ({ db: await openPglite({ thread: true }) }));

describe('pglite on a worker thread', () => {
  it("answers while the opener's event loop stays free, with errors as in process", async () => {
    const db = await openPglite({ thread: true });
    try {
      // A statement that keeps the WASM busy for a while: the opener's timers go on meanwhile.
      let ticks = 0;
      const timer = setInterval(() => ticks++, 5);
      const slow = db.query<{ n: number }>(
        "SELECT count(*)::int AS n FROM generate_series(1, 3000000) g WHERE md5(g::text) LIKE 'a%'",
      );
      const { rows } = await slow;
      clearInterval(timer);
      expect(rows[0]!.n).toBeGreaterThan(0);
      expect(ticks).toBeGreaterThan(2);
      // bigint as number; SQLSTATE kept on a failed statement.
      expect((await db.query<{ v: number }>('SELECT 9007199254740991::int8 AS v')).rows).toEqual([
        { v: 9007199254740991 },
      ]);
      const err = await db.query('SELECT * FROM no_such_table').then(
        () => null,
        (e: unknown) => e,
      );
      expect((err as { code?: string }).code).toBe('42P01');
      expect((err as Error).message).toMatch(/no_such_table/);
    } finally {
      await db.close();
    }
    const closed = await db.query('SELECT 1').then(
      () => null,
      (e: unknown) => e,
    );
    expect((closed as { code?: string }).code).toBe('STORE_UNAVAILABLE');
  });
});

for (const thread of [false, true])
  describe(`openPglite with a data dir${thread ? ' (on a worker thread)' : ''}`, () => {
    let dir: string;
    let reopened: SqlDatabase | undefined;
    beforeAll(async () => {
      dir = await mkdtemp(join(tmpdir(), 'engram-pglite-'));
    });
    afterAll(async () => {
      await reopened?.close();
      await rm(dir, { recursive: true, force: true });
    });

    it('keeps committed rows across a close and reopen, with one owner process at a time', async () => {
      const first = await openPglite({ dataDir: dir, thread });
      await first.transaction(async (tx) => {
        await tx.query('CREATE TABLE kept (v text)');
        await tx.query('INSERT INTO kept VALUES ($1)', ['durable']);
      });
      // One owner per data dir: a second open while the first is open is refused.
      const refused = await openPglite({ dataDir: dir, thread }).then(
        () => null,
        (e: unknown) => e,
      );
      expect((refused as { code?: string }).code).toBe('STORE_UNAVAILABLE');
      await first.close();
      // A lock left behind by a process that died is stale and taken over.
      const dead = spawnSync(process.execPath, ['-e', '0']).pid!;
      await writeFile(
        join(dir, 'engram-pglite.lock'),
        JSON.stringify({ pid: dead, hostname: hostname(), since: new Date().toISOString() }),
      );
      reopened = await openPglite({ dataDir: dir, thread });
      expect((await reopened.query<{ v: string }>('SELECT v FROM kept')).rows).toEqual([{ v: 'durable' }]);
    });

    it('fails fast (instead of deadlocking) when db is used inside its own transaction', async () => {
      const db = reopened!;
      const err = await db
        .transaction(async () => {
          await db.query('SELECT 1');
        })
        .then(
          () => null,
          (e: unknown) => e,
        );
      expect((err as { code?: string }).code).toBe('INTERNAL');
      // Work started inside a finished transaction's call chain may use db normally.
      let later: Promise<unknown> = Promise.resolve();
      await db.transaction(async (tx) => {
        await tx.query('SELECT 1');
        later = new Promise((r) => setImmediate(r)).then(() => db.query<{ one: number }>('SELECT 1 AS one'));
      });
      expect(((await later) as { rows: unknown[] }).rows).toEqual([{ one: 1 }]);
    });
  });

for (const thread of [false, true])
  describe(`reclaim on a PGlite data dir${thread ? ' (on a worker thread)' : ''}`, () => {
    it('leaves no byte of a deleted row in any file of the data dir (heap, indexes, WAL)', async () => {
      const dir = await mkdtemp(join(tmpdir(), 'engram-pglite-reclaim-'));
      const secret = `reclaim-${randomUUID()}`;
      const db = await openPglite({ dataDir: dir, thread });
      try {
        await db.query('CREATE TABLE notes (id integer PRIMARY KEY, body text NOT NULL)');
        await db.query('CREATE INDEX notes_body_idx ON notes (body)');
        await db.query("INSERT INTO notes SELECT g, 'filler ' || g FROM generate_series(1, 500) g");
        await db.query('INSERT INTO notes VALUES (0, $1)', [secret]);
        await db.query('CHECKPOINT');
        await db.query('DELETE FROM notes WHERE id = 0');
        // Deleted but not reclaimed: the bytes are still there (the grep below can find them).
        expect(await filesHolding(dir, secret)).not.toEqual([]);
        expect(await db.reclaim(['notes'])).toEqual({ walRetired: true });
        expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM notes')).rows[0]!.n).toBe(500);
      } finally {
        await db.close();
      }
      expect(await filesHolding(dir, secret)).toEqual([]);
      await rm(dir, { recursive: true, force: true });
    });
  });

async function filesHolding(dir: string, needle: string): Promise<string[]> {
  const hits: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    if ((await readFile(path)).includes(needle)) hits.push(path);
  }
  return hits;
}
