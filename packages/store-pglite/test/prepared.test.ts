import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createStatementCache } from '../src/prepared';

describe('createStatementCache', () => {
  let pg: PGlite;
  beforeAll(async () => {
    pg = await PGlite.create({ parsers: { 20: (v: string) => Number(v) } });
    await pg.exec(`CREATE TABLE t (id uuid PRIMARY KEY, n bigint, label text, doc jsonb, tags text[], at timestamptz, ok boolean);
      INSERT INTO t VALUES ('00000000-0000-4000-8000-000000000001', 7, 'a', '{"x": 1}', '{p,q}', '2026-12-01T10:00:00Z', true),
                           ('00000000-0000-4000-8000-000000000002', 9, NULL, NULL, '{}', '2026-12-02T10:00:00Z', false);`);
  });
  afterAll(async () => {
    await pg.close();
  });

  const cases: Array<[string, unknown[]]> = [
    ['SELECT * FROM t WHERE id = ANY($1::uuid[]) ORDER BY id', [['00000000-0000-4000-8000-000000000001']]],
    ['SELECT n, label FROM t WHERE n > $1 AND label IS NOT DISTINCT FROM $2', [1, null]],
    ['SELECT doc->>$1 AS v, $2::jsonb AS j, $3::boolean AS b FROM t ORDER BY id', ['x', { y: [1, 2] }, false]],
    ['SELECT count(*) AS c FROM t WHERE at < $1 AND tags && $2::text[]', [new Date('2026-12-03T00:00:00Z'), ['q']]],
  ];

  it('answers every statement as PGlite.query does, parameters and result types alike', async () => {
    const cache = createStatementCache(pg);
    for (let round = 0; round < 3; round++) {
      for (const [sql, params] of cases) {
        const want = await pg.query(sql, params);
        const got = await cache.query(sql, params);
        expect(got.rows).toEqual(want.rows);
        expect(got.fields).toEqual(want.fields);
      }
    }
    expect(cache.size).toBe(cases.length);
  });

  it('keeps at most `max` statements, least recently used dropped and prepared again when asked', async () => {
    const count = async () =>
      (await pg.query<{ c: number }>('SELECT count(*)::int AS c FROM pg_prepared_statements')).rows[0]!.c;
    const before = await count();
    const cache = createStatementCache(pg, 2);
    const one = (i: number) => cache.query(`SELECT $1::int + ${i} AS v`, [1]);
    for (const i of [0, 1, 0, 2, 1, 0, 3, 0]) expect((await one(i)).rows).toEqual([{ v: 1 + i }]);
    expect(cache.size).toBe(2);
    // Evicted statements are closed on the server too.
    expect(await count()).toBe(before + 2);
  });

  it('prepares again when the schema changed under a cached plan, or the statement was deallocated', async () => {
    const cache = createStatementCache(pg);
    const sql = 'SELECT * FROM t WHERE n = $1';
    expect((await cache.query(sql, [7])).fields.map((f) => f.name)).not.toContain('extra');
    await pg.exec("ALTER TABLE t ADD COLUMN extra text DEFAULT 'e'");
    const after = await cache.query(sql, [7]);
    expect(after.rows[0]).toMatchObject({ n: 7, extra: 'e' });
    await pg.exec('DEALLOCATE ALL');
    expect((await cache.query(sql, [9])).rows[0]).toMatchObject({ n: 9 });
  });

  it('reports a failing statement with its SQL state and leaves the connection usable; a failed Parse is not kept', async () => {
    const cache = createStatementCache(pg);
    await expect(cache.query('SELECT * FROM missing WHERE a = $1', [1])).rejects.toMatchObject({ code: '42P01' });
    expect(cache.size).toBe(0);
    await expect(
      cache.query('INSERT INTO t (id, n) VALUES ($1, $2)', ['00000000-0000-4000-8000-000000000001', 1]),
    ).rejects.toMatchObject({ code: '23505', query: 'INSERT INTO t (id, n) VALUES ($1, $2)' });
    expect((await cache.query('SELECT $1::text AS v', ['still'])).rows).toEqual([{ v: 'still' }]);
  });
});
