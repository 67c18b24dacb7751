/**
 * Replay of the SQL projections against the store's own bulk insert of the same rows.
 *   npm run bench -- replay [--events N] [--store pglite|postgres] [--pglite-thread on|off] [--users U] [--out F]
 * Writes N MemoryWritten events (unique contents, U users) to a file log, then:
 *   1. replay: `engram replay`'s SQL path (replaySql: the four projectors rebuild into a shadow
 *      schema and switch in; PGlite on its own thread as the command opens it) → events/s, and the
 *      rows it wrote per second;
 *   2. the floor: every row the replay wrote (memories, their history rows, write status …),
 *      inserted again into empty twins of those tables with the same indexes in one transaction, as
 *      500-row multi-VALUES statements and as 1,000-row JSON arrays (jsonb_to_recordset) → rows/s of
 *      each; the ratio (replay rows/s ÷ floor rows/s) is taken to the faster. The memories rows
 *      alone (sessions 4–8's floor) are reported beside it.
 * postgres: ENGRAM_TEST_PG_URL, or a server started here from the scripts the tests use.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { PassThrough } from 'node:stream';
import { newId, type EventOfType, type SqlDatabase } from '@engram/core';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { openFileEventLog } from '@engram/event-log-file';
import { PROJECTION_NAMES, PROJECTION_TABLES, runMigrations } from '@engram/projections';
import { replaySql } from '@engram/cli';
import { syntheticFactEvent } from './query/synthetic-fact';

function option(argv: string[], name: string, dflt: string): string {
  const i = argv.indexOf(`--${name}`);
  return i === -1 ? dflt : (argv[i + 1] ?? dflt);
}

async function openStore(
  kind: string,
  dir: string,
  thread: boolean,
): Promise<{ db: SqlDatabase; label: string; close(): Promise<void> }> {
  if (kind === 'pglite') {
    const { openPglite } = await import('@engram/store-pglite');
    const db = await openPglite({ dataDir: join(dir, 'pglite'), thread });
    return { db, label: `PGlite (data dir, ${thread ? 'own thread' : 'in process'})`, close: () => db.close() };
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

interface TableRows {
  table: string;
  cols: string[];
  record: string;
  rows: Array<Record<string, unknown>>;
}

/** Every row the replay left in `tables` (public schema), with what the JSON floor needs to type them. */
async function rowsOf(db: SqlDatabase, tables: readonly string[]): Promise<TableRows[]> {
  const out: TableRows[] = [];
  for (const table of tables) {
    const info = (
      await db.query<{ column_name: string; udt_name: string; data_type: string }>(
        "SELECT column_name, udt_name, data_type FROM information_schema.columns WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position",
        [table],
      )
    ).rows;
    const cols = info.map((r) => `"${r.column_name}"`);
    const rows = (await db.query<Record<string, unknown>>(`SELECT ${cols.join(', ')} FROM ${table}`)).rows;
    if (rows.length === 0) continue;
    const record = info
      .map((c) => `"${c.column_name}" ${c.data_type === 'ARRAY' ? `${c.udt_name.slice(1)}[]` : c.udt_name}`)
      .join(', ');
    out.push({ table, cols: info.map((r) => r.column_name), record, rows });
  }
  return out;
}

/**
 * A floor: the rows the replay wrote (every table it left rows in: memories, their history, write
 * status …), inserted again into empty twins of those tables with the same indexes (LIKE … INCLUDING
 * ALL, made before the clock starts) in one transaction, either as 500-row multi-VALUES statements
 * ('values') or as 1,000 rows a statement passed as one JSON array (jsonb_to_recordset, 'json': what
 * the projectors use). rows/s over all of them, and the memories table's own share.
 */
async function bulkInsertRate(
  db: SqlDatabase,
  tables: readonly TableRows[],
  floor: Floor,
): Promise<{ rows: number; rowsPerSec: number; cpuMs: number; memoriesRowsPerSec: number }> {
  const twin = (t: string) => `bench_bulk_${t}`;
  for (const t of tables) {
    await db.query(`DROP TABLE IF EXISTS ${twin(t.table)}`);
    await db.query(`CREATE TABLE ${twin(t.table)} (LIKE ${t.table} INCLUDING ALL)`);
  }
  const plain = (v: unknown) =>
    v !== null && typeof v === 'object' && !Array.isArray(v) && !(v instanceof Date) ? JSON.stringify(v) : v;
  let memoriesMs = 0;
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  await db.transaction(async (tx) => {
    for (const { table, cols, record, rows } of tables) {
      const names = cols.map((c) => `"${c}"`).join(', ');
      const t1 = performance.now();
      const per = floor === 'values' ? 500 : 1000;
      for (let i = 0; i < rows.length; i += per) {
        const chunk = rows.slice(i, i + per);
        if (floor === 'json') {
          await tx.query(
            `INSERT INTO ${twin(table)} (${names}) SELECT ${names} FROM jsonb_to_recordset($1::jsonb) AS r(${record})`,
            [JSON.stringify(chunk)],
          );
          continue;
        }
        const params: unknown[] = [];
        const values = chunk.map((row, r) => {
          for (const c of cols) params.push(plain(row[c]));
          return `(${cols.map((_, k) => `$${r * cols.length + k + 1}`).join(', ')})`;
        });
        await tx.query(`INSERT INTO ${twin(table)} (${names}) VALUES ${values.join(', ')}`, params);
      }
      if (table === 'memories') memoriesMs = performance.now() - t1;
    }
  });
  const ms = performance.now() - t0;
  const cpuMs = cpuSince(c0);
  for (const t of tables) await db.query(`DROP TABLE ${twin(t.table)}`);
  const rows = tables.reduce((n, t) => n + t.rows.length, 0);
  const memories = tables.find((t) => t.table === 'memories')?.rows.length ?? 0;
  return {
    rows,
    rowsPerSec: Math.round(rows / (ms / 1000)),
    cpuMs,
    memoriesRowsPerSec: Math.round(memories / (memoriesMs / 1000)),
  };
}

export default async function replay(argv: string[]): Promise<void> {
  const events = Number(option(argv, 'events', '20000'));
  const users = Number(option(argv, 'users', '50'));
  const store = option(argv, 'store', 'pglite');
  // `engram replay` opens PGlite as the service does: on a thread of its own (ENGRAM_PGLITE_THREAD, default on).
  const thread = option(argv, 'pglite-thread', 'on') !== 'off';
  const out = argv.includes('--out') ? option(argv, 'out', '') : null;
  const dir = await mkdtemp(join(tmpdir(), 'engram-bench-replay-'));
  const log = await openFileEventLog({ dir: join(dir, 'log'), codec: createAvroEventCodec() });
  const s = await openStore(store, dir, thread);
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
    // What the replay wrote: every table of the replayed projections, with the write status and dead letters.
    const written = await rowsOf(s.db, [
      ...PROJECTION_NAMES.flatMap((p) => PROJECTION_TABLES[p]),
      'event_status',
      'dead_letters',
    ]);
    const values = await bulkInsertRate(s.db, written, 'values');
    const json = await bulkInsertRate(s.db, written, 'json');
    const eventsPerSec = Math.round(events / (replayMs / 1000));
    // The floor is the faster of the two ways the store takes many rows at once.
    const fast = values.rowsPerSec >= json.rowsPerSec ? values : json;
    const replayRowsPerSec = Math.round(fast.rows / (replayMs / 1000));
    const memoriesFloor = Math.max(values.memoriesRowsPerSec, json.memoriesRowsPerSec);
    const result = {
      store: s.label,
      events,
      users,
      applied: outcome.applied,
      eventsPerSec,
      rowsWritten: Object.fromEntries(written.map((t) => [t.table, t.rows.length])),
      // The replay's rows per second against the store's own bulk insert of the very same rows.
      replayRowsPerSec,
      bulkInsertRows: fast.rows,
      bulkInsertRowsPerSec: fast.rowsPerSec,
      bulkInsertValuesRowsPerSec: values.rowsPerSec,
      bulkInsertJsonRowsPerSec: json.rowsPerSec,
      replayOverBulk: +(replayRowsPerSec / fast.rowsPerSec).toFixed(2),
      // Sessions 4–8's ratio: events/s against the memories rows alone (one of the rows an event writes).
      bulkInsertMemoriesRowsPerSec: memoriesFloor,
      eventsOverMemoriesRows: +(eventsPerSec / memoriesFloor).toFixed(2),
      // CPU of this process (all its threads, PGlite's included) per phase; on PostgreSQL only the client's share.
      replayCpuMs,
      bulkInsertValuesCpuMs: values.cpuMs,
      bulkInsertJsonCpuMs: json.cpuMs,
      replayOverBulkCpu: +(Math.min(values.cpuMs, json.cpuMs) / replayCpuMs).toFixed(2),
      pgliteThread: store === 'pglite' ? thread : null,
      load: loadavg().map((l) => +l.toFixed(1)),
      machine: { cpus: cpus().length, cpu: cpus()[0]?.model, node: process.version },
      date: new Date().toISOString(),
    };
    console.log(`\nreplay (${result.store}): ${events} MemoryWritten events through the four SQL projections`);
    console.log(
      `  replay ${eventsPerSec} events/s = ${replayRowsPerSec} rows/s (${written.map((t) => `${t.table} ${t.rows.length}`).join(', ')}); the store's own insert of the same ${fast.rows} rows: ${values.rowsPerSec} rows/s as multi-VALUES, ${json.rowsPerSec} rows/s as one JSON array a statement (ratio to the faster ${result.replayOverBulk})`,
    );
    console.log(
      `  memories rows alone: ${memoriesFloor} rows/s (events/s over it ${result.eventsOverMemoriesRows}); CPU of this process: replay ${replayCpuMs} ms, floor ${values.cpuMs} ms (multi-VALUES) / ${json.cpuMs} ms (JSON array); ratio ${result.replayOverBulkCpu}`,
    );
    if (out) await writeFile(out, JSON.stringify(result, null, 2));
  } finally {
    await log.close();
    await s.close();
    await rm(dir, { recursive: true, force: true });
  }
}
