/**
 * The retriever's QuietReads (packages/retrieval/src/quiet-reads.ts) reuse hydrated rows while the
 * write clock of memories/messages/episodes is unchanged. That is sound only while every write to
 * those tables goes through the counted PGlite handle of this process: no trigger, rule, cascading
 * key or writing function in the schema, and no second handle. These tests fail when that stops
 * being true: one reads the migrated schema; the other runs the whole all-in-one (every projector,
 * the search index, the consolidator, erasure, webhooks, the access recorder) through a workload of
 * every kind of write while a watcher compares the tables' row versions with the clock.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SqlWriteClock } from '@engram/core';
import { HYDRATE_TABLES } from '@engram/retrieval';
import { Lifecycle, createRootLogger, openFoundation, parseConfig, type Foundation } from '@engram/runtime';
import { startAllInOne } from '../src/all-in-one';

const freePort = () =>
  new Promise<number>((ok, fail) => {
    const srv = createServer();
    srv.on('error', fail);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => ok(port));
    });
  });

/** Every row of the clocked tables with its version (xmin changes on every insert and update). */
const FINGERPRINT_SQL = `SELECT md5(coalesce((SELECT string_agg(id::text || ':' || xmin::text, ',' ORDER BY id) FROM memories), '')
  || '|' || coalesce((SELECT string_agg(event_id::text || ':' || xmin::text, ',' ORDER BY event_id) FROM messages), '')
  || '|' || coalesce((SELECT string_agg(id::text || ':' || xmin::text, ',' ORDER BY id) FROM episodes), '')) AS fp`;

interface Observation {
  clock: number;
  fp: string;
}

/**
 * Reads the fingerprint between two readings of the clock; kept only when the clock did not move
 * meanwhile (PGlite runs one statement or transaction at a time, so the fingerprint is then the
 * state at that clock value).
 */
async function observe(f: Foundation, clock: SqlWriteClock): Promise<Observation | null> {
  const before = clock.writes;
  const r = await f.db.query<{ fp: string }>(FINGERPRINT_SQL);
  return clock.writes === before ? { clock: before, fp: r.rows[0]!.fp } : null;
}

/** Pairs of observations at one clock value whose rows differ: a write the clock did not count. */
function uncounted(seen: Observation[]): Observation[][] {
  const byClock = new Map<number, Set<string>>();
  for (const o of seen) byClock.set(o.clock, (byClock.get(o.clock) ?? new Set()).add(o.fp));
  return [...byClock].filter(([, fps]) => fps.size > 1).map(([clock, fps]) => [...fps].map((fp) => ({ clock, fp })));
}

describe('every write to the tables QuietReads trust goes through the counted handle', () => {
  let dir: string;
  let life: Lifecycle;
  let f: Foundation;
  let clock: SqlWriteClock;
  let base: string;

  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'engram-quiet-writers-'));
    const port = await freePort();
    const cfg = parseConfig({
      ENGRAM_DATA_DIR: dir,
      ENGRAM_EMBEDDER: 'hash',
      ENGRAM_ACCESS_FLUSH_MS: '50',
      ENGRAM_CONSOLIDATION_IDLE_SECONDS: '3600',
      GRPC_PORT: 'off',
      HOST: '127.0.0.1',
      PORT: String(port),
      LOG_LEVEL: 'warn',
    });
    const logger = createRootLogger({ service: 'quiet-writers-test', level: 'warn' });
    life = new Lifecycle(logger);
    f = await openFoundation(cfg, logger, life);
    expect(f.db.kind).toBe('pglite');
    clock = f.writeClocks!.clockOf(HYDRATE_TABLES);
    await startAllInOne(f);
    base = `http://127.0.0.1:${port}`;
  });
  afterAll(async () => {
    await life?.stop();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('the migrated schema has no trigger, rule, cascading key or function that could write behind a statement', async () => {
    const q = async (sql: string) => (await f.db.query<Record<string, unknown>>(sql)).rows;
    expect(await q(`SELECT tgname FROM pg_trigger WHERE NOT tgisinternal`)).toEqual([]);
    expect(
      await q(`SELECT rulename FROM pg_rules WHERE schemaname NOT IN ('pg_catalog', 'information_schema')`),
    ).toEqual([]);
    // 'a' no action, 'r' restrict: anything else changes rows of another table.
    expect(
      await q(
        `SELECT conname FROM pg_constraint WHERE contype = 'f' AND (confdeltype NOT IN ('a', 'r') OR confupdtype NOT IN ('a', 'r'))`,
      ),
    ).toEqual([]);
    expect(
      await q(`SELECT p.proname FROM pg_proc p JOIN pg_namespace n ON n.oid = p.pronamespace
                WHERE n.nspname NOT IN ('pg_catalog', 'information_schema', 'pg_toast')`),
    ).toEqual([]);
  });

  it('a workload of every write kind never changes those rows without moving the clock', async () => {
    const seen: Observation[] = [];
    let running = true;
    const watcher = (async () => {
      while (running) {
        const o = await observe(f, clock);
        if (o) seen.push(o);
        await new Promise((r) => setTimeout(r, 2));
      }
    })();
    const call = async (method: string, path: string, body?: unknown) => {
      const r = await fetch(`${base}${path}`, {
        method,
        ...(body === undefined ? {} : { headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
      });
      const text = await r.text();
      expect(r.status, `${method} ${path}: ${text}`).toBeLessThan(300);
      return text ? (JSON.parse(text) as Record<string, unknown>) : {};
    };
    const settled = async (userId: string, position: unknown) => {
      for (;;) {
        const r = await fetch(`${base}/v1/query`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ userId, query: 'anything', k: 1, minPosition: position, reinforce: false }),
        });
        if (r.status === 200) return;
        await new Promise((res) => setTimeout(res, 20));
      }
    };

    const users = ['ada', 'bo'];
    const ids: Record<string, string[]> = { ada: [], bo: [] };
    let last: unknown = null;
    for (const userId of users) {
      for (const [i, content] of [
        'lives in Lisbon near the river',
        'works as a ceramicist in a shared studio',
        'drives an old green Volvo estate',
      ].entries()) {
        const w = await call('POST', '/v1/memories', {
          userId,
          type: 'USER',
          key: `user.fact_${i}`,
          content: `${userId} ${content}`,
        });
        ids[userId]!.push(w.id as string);
        last = w.position;
      }
      const b = await call('POST', '/v1/memories/batch', {
        userId,
        items: [
          { content: `${userId} keeps bees on the roof`, type: 'ENVIRONMENT' },
          { content: `${userId} reads Portuguese novels`, type: 'ENVIRONMENT' },
        ],
      });
      last = b.position;
      for (const [role, content] of [
        ['user', `I moved from Lisbon to Porto last month, says ${userId}`],
        ['assistant', 'Noted: you live in Porto now.'],
      ] as const)
        last = (await call('POST', '/v1/sessions/s1/messages', { userId, role, content })).position;
      last = (await call('POST', '/v1/sessions/s1/end', { userId })).position;
    }
    await settled('bo', last);
    // Reads that reinforce (MemoryAccessed, flushed every 50 ms), a correction, a pin, a forget, consolidation.
    for (let i = 0; i < 5; i++)
      for (const userId of users) await call('POST', '/v1/query', { userId, query: 'where does the user live', k: 5 });
    last = (
      await call('PATCH', `/v1/memories/${ids.ada![1]}`, {
        userId: 'ada',
        content: 'ada works as a potter in her own studio',
      })
    ).position;
    await call('POST', `/v1/memories/${ids.ada![2]}/pin`, { userId: 'ada' });
    await call('DELETE', `/v1/memories/${ids.ada![0]}?userId=ada`);
    await call('POST', '/v1/admin/consolidate', { userId: 'ada' });
    await settled('ada', last);
    await new Promise((r) => setTimeout(r, 300));
    // Erasure of a whole user: purge and reclaim.
    await call('DELETE', '/v1/users/bo/memories');
    await new Promise((r) => setTimeout(r, 1500));
    for (let i = 0; i < 3; i++) await call('POST', '/v1/query', { userId: 'ada', query: 'potter studio', k: 5 });
    await new Promise((r) => setTimeout(r, 300));
    running = false;
    await watcher;

    const clocks = new Set(seen.map((o) => o.clock));
    const fps = new Set(seen.map((o) => o.fp));
    // The watcher saw the rows change many times, each under a new clock value, and quiet stretches.
    expect(fps.size).toBeGreaterThan(10);
    expect(seen.length).toBeGreaterThan(clocks.size);
    expect(uncounted(seen)).toEqual([]);
  });

  it('the watcher does catch a write the clock does not count (a trigger writing memories)', async () => {
    // DDL counts on every clock; the trigger's own writes later do not (a statement on webhooks only).
    await f.db.query(`CREATE TABLE quiet_probe (n int)`);
    await f.db.query(`CREATE FUNCTION quiet_probe_touch() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN UPDATE memories SET access_count = access_count + 1; RETURN NEW; END $$`);
    await f.db.query(
      `CREATE TRIGGER quiet_probe_after AFTER INSERT ON quiet_probe FOR EACH ROW EXECUTE FUNCTION quiet_probe_touch()`,
    );
    try {
      const first = await observe(f, clock);
      await f.db.query(`INSERT INTO quiet_probe VALUES (1)`);
      const second = await observe(f, clock);
      expect(first && second).toBeTruthy();
      expect(uncounted([first!, second!])).toHaveLength(1);
    } finally {
      await f.db.query(`DROP TABLE quiet_probe`);
      await f.db.query(`DROP FUNCTION quiet_probe_touch()`);
    }
  });
});
