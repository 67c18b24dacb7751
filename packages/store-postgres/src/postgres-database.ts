import pg from 'pg';
import { EngramError, type SqlDatabase, type SqlExecutor, type SqlResult } from '@engram/core';
import { mapPgError } from './connection-errors';

export interface OpenPostgresOptions {
  connectionString: string;
  /** Pool size (default 10). */
  max?: number;
  applicationName?: string;
  /** Give up connecting after this long (default 10 s). */
  connectionTimeoutMillis?: number;
}

const INT8_OID = 20;

// bigint columns (offsets, sequence numbers) come back as numbers, as in the PGlite adapter.
const types = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === INT8_OID && format !== 'binary') return (v: string) => Number(v);
    return (pg.types.getTypeParser as (oid: number, format?: string) => unknown)(oid, format);
  },
};

function toResult<R>(r: pg.QueryResult | pg.QueryResult[]): SqlResult<R> {
  // A parameterless text with several statements yields one result per statement: keep the last.
  const last = Array.isArray(r) ? r[r.length - 1] : r;
  if (!last) return { rows: [], rowCount: 0 };
  return { rows: (last.rows ?? []) as R[], rowCount: last.rowCount ?? last.rows?.length ?? 0 };
}

async function run<R>(
  client: pg.Pool | pg.PoolClient,
  sql: string,
  params: unknown[] | undefined,
): Promise<SqlResult<R>> {
  try {
    const r = params && params.length > 0 ? await client.query(sql, params) : await client.query(sql);
    return toResult<R>(r as pg.QueryResult | pg.QueryResult[]);
  } catch (e) {
    throw mapPgError(e);
  }
}

export function openPostgres(opts: OpenPostgresOptions): SqlDatabase {
  if (!opts.connectionString) throw new EngramError('CONFIG_INVALID', 'openPostgres needs a connectionString');
  const pool = new pg.Pool({
    connectionString: opts.connectionString,
    max: opts.max ?? 10,
    application_name: opts.applicationName ?? 'engram',
    connectionTimeoutMillis: opts.connectionTimeoutMillis ?? 10_000,
    types: types as pg.CustomTypesConfig,
  });
  // An idle client losing its connection must not crash the process; the next checkout reconnects.
  pool.on('error', () => undefined);
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new EngramError('STORE_UNAVAILABLE', 'the Postgres pool is closed');
  };

  return {
    kind: 'postgres',
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<R>> {
      assertOpen();
      return run<R>(pool, sql, params);
    },
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      assertOpen();
      let client: pg.PoolClient;
      try {
        client = await pool.connect();
      } catch (e) {
        throw mapPgError(e);
      }
      let active = true;
      let broken: unknown;
      // A checked-out client whose connection dies emits 'error' (unhandled, it would crash the
      // process); the next statement then fails and the client is discarded on release.
      const onClientError = (e: Error) => {
        broken = e;
      };
      client.on('error', onClientError);
      const tx: SqlExecutor = {
        query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
          if (!active) return Promise.reject(new EngramError('INTERNAL', 'query on a finished transaction'));
          return run<R>(client, sql, params);
        },
      };
      try {
        await run(client, 'BEGIN', undefined);
        const out = await fn(tx);
        const commit = (await client
          .query('COMMIT')
          .catch((e: unknown) => Promise.reject(mapPgError(e)))) as pg.QueryResult;
        // A transaction in which a statement failed (and the error was caught) ends in ROLLBACK.
        if (commit.command === 'ROLLBACK') {
          throw new EngramError(
            'CONFLICT',
            'the transaction was aborted by an earlier failed statement and has been rolled back',
          );
        }
        return out;
      } catch (e) {
        try {
          await client.query('ROLLBACK');
        } catch (rollbackError) {
          broken = rollbackError;
        }
        throw e;
      } finally {
        active = false;
        client.off('error', onClientError);
        // A client whose connection failed or whose ROLLBACK failed is in an unknown state: destroy it.
        client.release(broken === undefined ? undefined : (broken as Error));
      }
    },
    async reclaim(tables) {
      assertOpen();
      for (const t of tables) {
        if (!/^[a-z_][a-z0-9_]*$/.test(t)) throw new EngramError('INTERNAL', `not a table name: ${t}`);
        await run(pool, `VACUUM FULL "${t}"`, undefined);
      }
      // The checkpointer removes retired segments instead of recycling them only with wal_recycle = off
      // (server setting); switching and checkpointing needs superuser or pg_checkpoint + pg_switch_wal rights.
      try {
        for (let i = 0; i < 2; i++) {
          await pool.query('SELECT pg_switch_wal()');
          await pool.query('CHECKPOINT');
        }
        return { walRetired: true };
      } catch (e) {
        if ((e as { code?: string }).code === '42501') return { walRetired: false };
        throw mapPgError(e);
      }
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      await pool.end();
    },
  };
}
