import type { EventLog, LogPosition, SqlDatabase, SqlExecutor } from '@engram/core';
import {
  PROJECTION_NAMES,
  PROJECTORS,
  REPLAY_DEFERRED_INDEXES,
  runMigrations,
  type ProjectionName,
} from '@engram/projections';
import { catchUpProjectors } from '../catch-up';
import type { CliIo } from '../io';
import { throwIfAborted } from '../interrupt';
import { createProgress } from '../progress';
import { inSchema, quoteIdent, txAsDatabase } from './schema-db';
import { PROJECTION_TABLES, REPLACED_SCHEMA, SHADOW_SCHEMA } from './tables';

export interface SqlReplayOptions {
  projections: readonly ProjectionName[];
  /** Apply events from here on (default: the beginning of the log). */
  from: LogPosition | null;
  /** Drop a shadow left by an interrupted replay instead of resuming it. */
  restart: boolean;
}

export interface SqlReplayOutcome {
  resumed: boolean;
  applied: number;
  swappedTables: string[];
}

interface DeferredIndex {
  tablename: string;
  indexname: string;
  indexdef: string;
}

/** Events per transaction while rebuilding: an empty shadow takes larger runs than the live runner's batches. */
const REPLAY_BATCH = 2000;

async function schemaExists(db: SqlExecutor, schema: string): Promise<boolean> {
  const r = await db.query<{ n: number }>('SELECT count(*)::int AS n FROM pg_namespace WHERE nspname = $1', [schema]);
  return Number(r.rows[0]!.n) > 0;
}

/** Creates (or reopens, when its parameters match) the shadow schema the read models are rebuilt in. */
async function prepareShadow(db: SqlDatabase, opts: SqlReplayOptions): Promise<boolean> {
  const wanted = JSON.stringify({ projections: [...opts.projections].sort(), from: opts.from });
  const shadow = inSchema(db, SHADOW_SCHEMA);
  if (await schemaExists(db, SHADOW_SCHEMA)) {
    const state = await shadow
      .query<{ v: string }>("SELECT v FROM replay_state WHERE k = 'params'")
      .catch(() => ({ rows: [] as Array<{ v: string }> }));
    if (!opts.restart && state.rows[0]?.v === wanted) return true;
    await db.query(`DROP SCHEMA ${SHADOW_SCHEMA} CASCADE`);
  }
  await db.query(`CREATE SCHEMA ${SHADOW_SCHEMA}`);
  await runMigrations(shadow);
  await shadow.transaction(async (tx) => {
    await tx.query('CREATE TABLE replay_state (k text PRIMARY KEY, v text NOT NULL)');
    await tx.query("INSERT INTO replay_state (k, v) VALUES ('params', $1)", [wanted]);
    const deferred = await tx.query<DeferredIndex>(
      'SELECT tablename, indexname, indexdef FROM pg_indexes WHERE schemaname = $1 AND indexname = ANY($2::text[]) ORDER BY indexname',
      [SHADOW_SCHEMA, REPLAY_DEFERRED_INDEXES],
    );
    await tx.query("INSERT INTO replay_state (k, v) VALUES ('deferred_indexes', $1)", [JSON.stringify(deferred.rows)]);
    for (const ix of deferred.rows) await tx.query(`DROP INDEX ${quoteIdent(ix.indexname)}`);
    // --from: the projectors' own checkpoints make them skip everything before it.
    if (opts.from) {
      for (const p of opts.projections) {
        await tx.query('INSERT INTO projection_checkpoints (projection, partition, next_offset) VALUES ($1, $2, $3)', [
          p,
          opts.from.partition,
          opts.from.offset,
        ]);
      }
    }
  });
  return false;
}

/**
 * Builds the indexes prepareShadow dropped on the tables that will be swapped in (the others, like
 * a write status that is copied out, are dropped with the shadow); an interrupted run's
 * already built ones stay.
 */
async function buildDeferredIndexes(shadow: SqlDatabase, tables: readonly string[]): Promise<void> {
  await shadow.transaction(async (tx) => {
    const state = await tx.query<{ v: string }>("SELECT v FROM replay_state WHERE k = 'deferred_indexes'");
    const wanted = (JSON.parse(state.rows[0]?.v ?? '[]') as DeferredIndex[]).filter((ix) =>
      tables.includes(ix.tablename),
    );
    const present = await tx.query<{ indexname: string }>(
      'SELECT indexname FROM pg_indexes WHERE schemaname = $1 AND indexname = ANY($2::text[])',
      [SHADOW_SCHEMA, wanted.map((ix) => ix.indexname)],
    );
    const built = new Set(present.rows.map((r) => r.indexname));
    for (const ix of wanted) if (!built.has(ix.indexname)) await tx.query(ix.indexdef);
  });
}

async function remaining(db: SqlExecutor, projections: readonly string[], head: Map<number, number>): Promise<number> {
  const r = await db.query<{ partition: number; next_offset: number }>(
    'SELECT partition, min(next_offset)::bigint AS next_offset FROM projection_checkpoints WHERE projection = ANY($1::text[]) GROUP BY partition',
    [projections],
  );
  const at = new Map(r.rows.map((x) => [Number(x.partition), Number(x.next_offset)]));
  let n = 0;
  for (const [p, h] of head) n += Math.max(0, h - (at.get(p) ?? 0));
  return n;
}

/**
 * L6: rebuilds the chosen projections from the log into a shadow schema while the live tables keep
 * serving, then switches in ONE transaction: the live checkpoints are locked (live projectors wait),
 * the shadow catches up to the head read under that lock, and each owned table moves out of public
 * and its rebuilt twin moves in, with the projections' checkpoint rows. A live projector whose batch
 * straddles the switch fails its conditional checkpoint advance and is redelivered (no loss).
 * Interrupted, the shadow keeps its checkpoints: the same command resumes it.
 */
export async function replaySql(
  log: EventLog,
  db: SqlDatabase,
  opts: SqlReplayOptions,
  io: CliIo,
): Promise<SqlReplayOutcome> {
  const names = [...opts.projections];
  const projectors = names.map((n) => PROJECTORS[n]);
  const resumed = await prepareShadow(db, opts);
  const shadow = inSchema(db, SHADOW_SCHEMA);

  const head = await log.head();
  const total = await remaining(shadow, names, head);
  const progress = createProgress(io, 'replay', total);
  let applied = 0;
  // Follow the head until a pass finds nothing new; the swap transaction applies the last few.
  for (let pass = 0; pass < 5; pass++) {
    const n = await catchUpProjectors(log, shadow, projectors, {
      batchSize: REPLAY_BATCH,
      signal: io.signal,
      onBatch: (k) => {
        applied += k;
        progress.update(applied, Math.max(total, applied));
      },
    });
    if (n === 0) break;
  }
  throwIfAborted(io.signal, 'replay');
  const tables = names.flatMap((n) => PROJECTION_TABLES[n]);
  // Only the SQL projections write status rows: when all of them are replayed, the shadow's write
  // status is the whole table and moves in like a read model instead of being copied row by row.
  const statusWhole = PROJECTION_NAMES.every((n) => names.includes(n));
  const moved = statusWhole ? [...tables, 'event_status'] : tables;
  await buildDeferredIndexes(shadow, moved);
  progress.finish();

  await db.query(`DROP SCHEMA IF EXISTS ${REPLACED_SCHEMA} CASCADE`);
  await db.transaction(async (tx) => {
    await tx.query('LOCK TABLE public.projection_checkpoints IN EXCLUSIVE MODE');
    await tx.query(`SET LOCAL search_path TO ${SHADOW_SCHEMA}`);
    applied += await catchUpProjectors(log, txAsDatabase(tx, db.kind), projectors);
    await tx.query(`CREATE SCHEMA ${REPLACED_SCHEMA}`);
    for (const t of moved) {
      await tx.query(`ALTER TABLE public.${t} SET SCHEMA ${REPLACED_SCHEMA}`);
      await tx.query(`ALTER TABLE ${SHADOW_SCHEMA}.${t} SET SCHEMA public`);
    }
    // Write status and dead letters are rows per projection, like the checkpoints: they move with it.
    for (const t of statusWhole ? ['dead_letters'] : ['event_status', 'dead_letters']) {
      await tx.query(`DELETE FROM public.${t} WHERE projection = ANY($1::text[])`, [names]);
      await tx.query(`INSERT INTO public.${t} SELECT * FROM ${SHADOW_SCHEMA}.${t} WHERE projection = ANY($1::text[])`, [
        names,
      ]);
    }
    await tx.query('DELETE FROM public.projection_checkpoints WHERE projection = ANY($1::text[])', [names]);
    await tx.query(
      `INSERT INTO public.projection_checkpoints (projection, partition, next_offset, updated_at)
       SELECT projection, partition, next_offset, now() FROM ${SHADOW_SCHEMA}.projection_checkpoints WHERE projection = ANY($1::text[])`,
      [names],
    );
  });
  await db.query(`DROP SCHEMA ${REPLACED_SCHEMA} CASCADE`);
  await db.query(`DROP SCHEMA ${SHADOW_SCHEMA} CASCADE`);
  return { resumed, applied, swappedTables: tables };
}
