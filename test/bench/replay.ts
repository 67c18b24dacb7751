/**
 * Replay of the SQL projections against the store's own bulk insert of the same rows.
 *   npm run bench -- replay [--events N] [--store pglite|postgres] [--users U] [--out F]
 * Writes N MemoryWritten events (unique contents, U users) to a file log, then:
 *   1. replay: `engram replay`'s SQL path (replaySql: the four projectors rebuild into a shadow
 *      schema and switch in) → events/s;
 *   2. the floor: the memories rows the replay produced, inserted again into an empty copy of the
 *      table in one transaction, as 500-row multi-VALUES statements and as 1,000-row JSON arrays
 *      (jsonb_to_recordset) → rows/s of each; the ratio is taken to the faster.
 * postgres: ENGRAM_TEST_PG_URL, or a server started here from the scripts the tests use.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { newId, type EventOfType, type SqlDatabase } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { openFileEventLog } from '@engram/event-log-file';
import { PROJECTION_NAMES, runMigrations } from '@engram/projections';
import { replaySql } from '@engram/cli';
import { syntheticFactEvent } from './query/synthetic-fact';

function option(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

async function openStore(
  kind: string,
  dir: string,
): Promise<{ db: SqlDatabase; label: string; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const { openPglite } = await import('@engram/store-pglite');
    const db = await openPglite({ dataDir: join(dir, 'pglite') });
    return { db, label: 'PGlite (data dir)', close: () => db.close() };
  }
  const testing = await import('@engram/testing');
  const { openPostgres } = await import('@engram/store-postgres');
  let url = testing.pgTestUrl();
  let stop: (() => Promise<void>) | null = null;
  if (!url) {
    const pg = await testing.startPostgres();
    url = pg.url;
    stop = pg.stop;
  }
  const scratch = await testing.createTestDatabase(url, 'engram_bench_replay');
  const db = openPostgres({ connectionString: scratch.url, max: 4 });
  return {
    db,
    label: 'PostgreSQL 15 (test settings: fsync off)',
    async close() {
      await db.close();
      await scratch.drop();
      await stop?.();
    },
  };
}

type Floor = 'values' | 'json';

/** This process's CPU (all its threads) since c0: on in-process PGlite, the store's work included. */
function cpuSince(c0: NodeJS.CpuUsage): number {
  const c = process.cpuUsage(c0);
  return Math.round((c.user + c.system) / 1000);
}

/**
 * A floor: the memories rows the replay wrote, inserted into an empty twin of the table in one
 * transaction, either as 500-row multi-VALUES statements ('values') or as 1,000 rows a statement
 * passed as one JSON array (jsonb_to_recordset, 'json': what the projectors use); rows/s.
 */
async function bulkInsertRate(
  db: SqlDatabase,
  floor: Floor,
): Promise<{ rows: number; rowsPerSec: number; cpuMs: number }> {
  await db.query('DROP TABLE IF EXISTS bench_bulk_memories');
  await db.query('CREATE TABLE bench_bulk_memories (LIKE memories INCLUDING ALL)');
  const info = (
    await db.query<{ column_name: string; udt_name: string; data_type: string }>(
      "SELECT column_name, udt_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = 'memories' ORDER BY ordinal_position",
    )
  ).rows;
  const cols = info.map((r) => r.column_name);
  const rows = (await db.query<Record<string, unknown>>(`SELECT ${cols.join(', ')} FROM memories`)).rows;
  const plain = (v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) ? JSON.stringify(v) : v;
  const record = info
    .map((c) => `${c.column_name} ${c.data_type === 'ARRAY' ? `${c.udt_name.slice(1)}[]` : c.udt_name}`)
    .join(', ');
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    const per = floor === 'values' ? 500 : 1000;
    for (let i = 0; i < rows.length; i += per) {
      const chunk = rows.slice(i, i + per);
      if (floor === 'json') {
        await tx.query(
          `INSERT INTO bench_bulk_memories (${cols.join(', ')}) SELECT ${cols.join(', ')} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`,
          [JSON.stringify(chunk)],
        );
        continue;
      }
      const params: unknown[] = [];
      const values = chunk.map((row, r) => {
        for (const c of cols) params.push(plain(row[c]));
        return `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(', ')})`;
      });
      await tx.query(`INSERT INTO bench_bulk_memories (${cols.join(', ')}) VALUES ${values.join(', ')}`, params);
    }
  });
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  await db.query('DROP TABLE bench_bulk_memories');
  return { rows: rows.length, rowsPerSec: Math.round(rows.length / (ms / 1000)), cpuMs };
}

export default async function replay(argv: string[]): Promise<void> {
  const events = Number(option(argv, 'events', '20000'));
  const users = Number(option(argv, 'users', '50'));
  const store = option(argv, 'store', 'pglite');
  const out = argv.includes('--out') ? option(argv, 'out', '') : null;
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-replay-'));
  const log = await openFileEventLog({ dir: join(dir, 'log'), codec: createAvroEventCodec() });
  const s = await openStore(store, dir);
  try {
    const base = Date.parse('2026-01-01T00:00:00.000Z');
    // One append per user stream (an append holds one stream), 500 events at most.
    const byUser = new Map<string, EventOfType<'MemoryWritten'>[]>();
    for (let n = 0; n < events; n++) {
      const userId = `user-${n % users}`;
      const list = byUser.get(userId) ?? [];
      list.push(
        syntheticFactEvent({
          memoryId: newId(),
          content: `Project note ${n}: service s${n} deploys with a blue-green rollout in region ${n % 7}`,
          userId,
          start: base,
          i: n,
          idParts: [n],
        }),
      );
      byUser.set(userId, list);
    }
    for (const list of byUser.values())
      for (let i = 0; i < list.length; i += 500) await log.append(list.slice(i, i + 500));
    await runMigrations(s.db);
    const io = {
      stdout: new PassThrough().resume(),
      stderr: new PassThrough().resume(),
      env: {},
      cwd: dir,
      isTTY: false,
      signal: new AbortController().signal,
    };
    const c0 = process.cpuUsage();
    const t0 = performance.now();
    const outcome = await replaySql(log, s.db, { projections: PROJECTION_NAMES, from: null, restart: true }, io);
    const replayMs = performance.now() - t0;
    const replayCpuMs = cpuSince(c0);
    const values = await bulkInsertRate(s.db, 'values');
    const json = await bulkInsertRate(s.db, 'json');
    const eventsPerSec = Math.round(events / (replayMs / 1000));
    // The floor is the faster of the two ways the store takes many rows at once.
    const floor = Math.max(values.rowsPerSec, json.rowsPerSec);
    const result = {
      store: s.label,
      events,
      users,
      applied: outcome.applied,
      eventsPerSec,
      bulkInsertRows: values.rows,
      bulkInsertRowsPerSec: floor,
      bulkInsertValuesRowsPerSec: values.rowsPerSec,
      bulkInsertJsonRowsPerSec: json.rowsPerSec,
      replayOverBulk: +(eventsPerSec / floor).toFixed(2),
      // CPU of this process per phase: the whole cost on in-process PGlite (a loaded machine inflates
      // wall time, CPU much less); on PostgreSQL only the client's share.
      replayCpuMs,
      bulkInsertValuesCpuMs: values.cpuMs,
      bulkInsertJsonCpuMs: json.cpuMs,
      replayOverBulkCpu: +(Math.min(values.cpuMs, json.cpuMs) / replayCpuMs).toFixed(2),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      date: new Date().toISOString(),
    };
    console.log(`\nreplay (${result.store}): ${events} MemoryWritten events through the four SQL projections`);
    console.log(
      `  replay ${eventsPerSec} events/s; the store's own insert of the same ${values.rows} rows: ${values.rowsPerSec} rows/s as multi-VALUES, ${json.rowsPerSec} rows/s as one JSON array a statement (ratio to the faster ${result.replayOverBulk})`,
    );
    console.log(
      `  CPU of this process: replay ${replayCpuMs} ms, floor ${values.cpuMs} ms (multi-VALUES) / ${json.cpuMs} ms (JSON array); ratio ${result.replayOverBulkCpu}`,
    );
    if (out) await writeFile(out, JSON.stringify(result, null, 2));
  } finally {
    await log.close();
    await s.close();
    await rm(dir, { recursive: true, force: true });
  }
}
