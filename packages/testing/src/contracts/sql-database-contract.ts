import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EngramError, type SqlDatabase } from '@engram/core';

export interface SqlDatabaseUnderTest {
  db: SqlDatabase;
  /** Called after the suite closed db (e.g. drop a scratch database). */
  teardown?: () => Promise<void>;
}

function sqlStateOf(e: unknown): string | undefined {
  const code = (e as { code?: unknown } | null)?.code;
  return typeof code === 'string' ? code : undefined;
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  try {
    await p;
  } catch (e) {
    return e;
  }
  throw new Error('expected the promise to reject');
}

/** The behaviour every SqlDatabase adapter (PGlite, pg pool) must show. */
export function sqlDatabaseContract(name: string, factory: () => Promise<SqlDatabaseUnderTest>): void {
  describe(`SqlDatabase contract: ${name}`, () => {
    let subject: SqlDatabaseUnderTest;
    let db: SqlDatabase;

    beforeAll(async () => {
      subject = await factory();
      db = subject.db;
      await db.query(`CREATE TABLE contract_items (
        id integer PRIMARY KEY, label text NOT NULL, doc jsonb, tags text[] NOT NULL DEFAULT '{}',
        big bigint, at timestamptz)`);
      await db.query('CREATE TABLE contract_counter (id integer PRIMARY KEY, n integer NOT NULL)');
      await db.query('INSERT INTO contract_counter VALUES (1, 0)');
    });

    afterAll(async () => {
      await db?.close();
      await subject?.teardown?.();
    });

    it('binds positional parameters, including null and quotes', async () => {
      const r = await db.query<{ sum: number; s: string; n: string | null }>(
        'SELECT $1::int + $2::int AS sum, $3::text AS s, $4::text AS n',
        [2, 40, `it's "quoted"`, null],
      );
      expect(r.rows).toEqual([{ sum: 42, s: `it's "quoted"`, n: null }]);
      expect(r.rowCount).toBe(1);
    });

    it('round-trips jsonb, text[], bigint (as number) and timestamptz (as Date)', async () => {
      const doc = { a: 1, nested: { list: [1, 'two', null], ok: true }, text: '中文 ü "q"' };
      const tags = ['a', 'b c', 'quote"s', 'comma,sep', '', '中文'];
      const at = new Date('2026-01-02T03:04:05.678Z');
      await db.query('INSERT INTO contract_items (id, label, doc, tags, big, at) VALUES ($1, $2, $3, $4, $5, $6)', [
        1,
        'one',
        JSON.stringify(doc),
        tags,
        9_007_199_254_740_991,
        at.toISOString(),
      ]);
      await db.query('INSERT INTO contract_items (id, label, doc, tags) VALUES ($1, $2, $3, $4)', [
        2,
        'two',
        { plain: 'object' },
        [],
      ]);
      const r = await db.query<{ id: number; doc: unknown; tags: string[]; big: number | null; at: Date | null }>(
        'SELECT id, doc, tags, big, at FROM contract_items ORDER BY id',
      );
      expect(r.rows[0]).toEqual({ id: 1, doc, tags, big: 9_007_199_254_740_991, at });
      expect(r.rows[0]!.at).toBeInstanceOf(Date);
      expect(typeof r.rows[0]!.big).toBe('number');
      expect(r.rows[1]).toEqual({ id: 2, doc: { plain: 'object' }, tags: [], big: null, at: null });
    });

    it('reports affected rows for updates and deletes', async () => {
      const u = await db.query('UPDATE contract_items SET label = label || $1', ['!']);
      expect(u.rowCount).toBe(2);
      const none = await db.query('DELETE FROM contract_items WHERE id = $1', [999]);
      expect(none.rowCount).toBe(0);
      const ret = await db.query<{ id: number }>('UPDATE contract_items SET label = $1 WHERE id = $2 RETURNING id', [
        'x',
        2,
      ]);
      expect(ret.rows).toEqual([{ id: 2 }]);
    });

    it('runs several statements in one parameterless text and returns the last result', async () => {
      const r = await db.query<{ v: number }>(
        'CREATE TEMP TABLE contract_tmp (v int); INSERT INTO contract_tmp VALUES (7); SELECT v FROM contract_tmp',
      );
      expect(r.rows).toEqual([{ v: 7 }]);
    });

    it('commits a transaction and returns its value', async () => {
      const out = await db.transaction(async (tx) => {
        await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [10, 'ten']);
        const r = await tx.query<{ c: number }>('SELECT count(*)::int AS c FROM contract_items WHERE id = $1', [10]);
        return r.rows[0]!.c;
      });
      expect(out).toBe(1);
      expect((await db.query('SELECT 1 FROM contract_items WHERE id = 10')).rows).toHaveLength(1);
    });

    it('rolls back every statement when the function throws, and rethrows the same error', async () => {
      const boom = new Error('boom');
      const err = await rejection(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [11, 'eleven']);
          await tx.query('UPDATE contract_items SET label = $1 WHERE id = 10', ['changed']);
          throw boom;
        }),
      );
      expect(err).toBe(boom);
      expect((await db.query('SELECT 1 FROM contract_items WHERE id = 11')).rows).toHaveLength(0);
      expect((await db.query<{ label: string }>('SELECT label FROM contract_items WHERE id = 10')).rows[0]!.label).toBe(
        'ten',
      );
    });

    it("never lets an outside query see (or join) another caller's open transaction", async () => {
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let inserted!: () => void;
      const didInsert = new Promise<void>((r) => (inserted = r));
      const tx = db.transaction(async (t) => {
        await t.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [20, 'uncommitted']);
        inserted();
        await gate;
        throw new Error('roll it back');
      });
      await didInsert;
      const outside = db.query<{ c: number }>('SELECT count(*)::int AS c FROM contract_items WHERE id = 20');
      const outsideWrite = db.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [21, 'outside']);
      await new Promise((r) => setTimeout(r, 20));
      release();
      await expect(tx).rejects.toThrow('roll it back');
      expect((await outside).rows[0]!.c).toBe(0);
      await outsideWrite;
      // The outside write was not swallowed by the rolled-back transaction.
      expect((await db.query('SELECT 1 FROM contract_items WHERE id = 21')).rows).toHaveLength(1);
    });

    it('keeps concurrent read-modify-write transactions isolated (no lost update)', async () => {
      const n = 12;
      await Promise.all(
        Array.from({ length: n }, () =>
          db.transaction(async (tx) => {
            const r = await tx.query<{ n: number }>('SELECT n FROM contract_counter WHERE id = 1 FOR UPDATE');
            await new Promise((res) => setImmediate(res));
            await tx.query('UPDATE contract_counter SET n = $1 WHERE id = 1', [r.rows[0]!.n + 1]);
          }),
        ),
      );
      expect((await db.query<{ n: number }>('SELECT n FROM contract_counter WHERE id = 1')).rows[0]!.n).toBe(n);
    });

    it('rejects bad SQL and constraint violations with their SQLSTATE and stays usable', async () => {
      expect(sqlStateOf(await rejection(db.query('SELEC 1')))).toBe('42601');
      expect(
        sqlStateOf(await rejection(db.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [10, 'dup']))),
      ).toBe('23505');
      expect(sqlStateOf(await rejection(db.query('SELECT * FROM contract_missing_table')))).toBe('42P01');
      expect((await db.query<{ one: number }>('SELECT 1 AS one')).rows).toEqual([{ one: 1 }]);
    });

    it('rolls back a transaction whose failed statement was caught, instead of committing half of it', async () => {
      const err = await rejection(
        db.transaction(async (tx) => {
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [30, 'thirty']);
          await tx.query('INSERT INTO contract_items (id, label) VALUES ($1, $2)', [10, 'dup']).catch(() => undefined);
          return 'done';
        }),
      );
      expect(err).toBeInstanceOf(Error);
      expect((await db.query('SELECT 1 FROM contract_items WHERE id = 30')).rows).toHaveLength(0);
    });

    it('reclaims deleted rows (VACUUM FULL + WAL retirement) and keeps the live ones, in and out of the table list', async () => {
      await db.query('CREATE TABLE contract_reclaim (id integer PRIMARY KEY, body text NOT NULL)');
      await db.query("INSERT INTO contract_reclaim SELECT g, 'row ' || g FROM generate_series(1, 50) g");
      await db.query('DELETE FROM contract_reclaim WHERE id > 10');
      const r = await db.reclaim(['contract_reclaim', 'contract_counter']);
      expect(typeof r.walRetired).toBe('boolean');
      expect((await db.query<{ n: number }>('SELECT count(*)::int AS n FROM contract_reclaim')).rows[0]!.n).toBe(10);
      expect((await db.query<{ n: number }>('SELECT n FROM contract_counter WHERE id = 1')).rows).toHaveLength(1);
      await expect(db.reclaim(['contract_reclaim; DROP TABLE contract_counter'])).rejects.toMatchObject({
        code: 'INTERNAL',
      });
      expect((await db.query('SELECT 1 FROM contract_counter')).rows).toHaveLength(1);
    });

    it('refuses work after close with STORE_UNAVAILABLE', async () => {
      await db.close();
      const err = await rejection(db.query('SELECT 1'));
      expect(err).toBeInstanceOf(EngramError);
      expect((err as EngramError).code).toBe('STORE_UNAVAILABLE');
      await db.close();
    });
  });
}
