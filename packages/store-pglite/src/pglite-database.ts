import { AsyncLocalStorage } from 'node:async_hooks';
import { EngramError, isTransientSqlState, type SqlDatabase, type SqlExecutor, type SqlResult } from '@engram/core';
import { mkdir, rm } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireDirLock } from '@engram/dir-lock';
import { openInProcess, openOnThread, type PgConnection, type PgliteResultLike } from './connection';
import { SerialLock } from './serial-lock';
import { DEFAULT_PGLITE_TEMPLATE_DIR, makeTemplate, seedFromTemplate } from './template';

export interface OpenPgliteOptions {
  /** Directory for a durable database; in memory when absent. One process per data dir. */
  dataDir?: string;
  /**
   * Where a new data directory is copied from (a cluster made once by initdb, see template.ts);
   * default the package's own, made by the build; false runs initdb in the new directory itself.
   */
  template?: string | false;
  /**
   * Run PGlite on a worker thread of its own (default false: on the caller's event loop). A service
   * sets it: its API answers while the projectors' statements run.
   */
  thread?: boolean;
}

function toResult<R>(r: PgliteResultLike): SqlResult<R> {
  return { rows: r.rows as R[], rowCount: r.rowCount ?? r.affectedRows ?? r.rows.length };
}

/**
 * Without parameters a text may hold several statements (like the simple query protocol of a
 * server); the result is the last statement's.
 */
async function run<R>(pg: PgConnection, sql: string, params: unknown[] | undefined): Promise<SqlResult<R>> {
  try {
    if (params === undefined || params.length === 0) {
      const results = await pg.exec(sql);
      const last = results[results.length - 1];
      return last ? toResult<R>(last) : { rows: [], rowCount: 0 };
    }
    return toResult<R>(await pg.query(sql, params));
  } catch (e) {
    const code = (e as { code?: unknown } | null)?.code;
    if (isTransientSqlState(code)) {
      throw new EngramError(
        'STORE_UNAVAILABLE',
        `PGlite cannot run the statement now (${String(code)}): ${(e as Error).message}`,
        { cause: e, details: { sqlState: code } },
      );
    }
    throw e;
  }
}

function abortedCommit(): EngramError {
  return new EngramError(
    'CONFLICT',
    'the transaction was aborted by an earlier failed statement and has been rolled back',
  );
}

function quoteIdent(name: string): string {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new EngramError('INTERNAL', `not a table name: ${name}`);
  return `"${name}"`;
}

export async function openPglite(opts: OpenPgliteOptions = {}): Promise<SqlDatabase> {
  // PGlite has no lock of its own: two processes on one data dir corrupt it.
  const dirLock = opts.dataDir ? await lockPgliteDir(opts.dataDir) : null;
  let pg: PgConnection;
  try {
    const template = opts.template ?? DEFAULT_PGLITE_TEMPLATE_DIR;
    if (opts.dataDir && template !== false) await seedFromTemplate(opts.dataDir, template);
    pg = await (opts.thread ? openOnThread : openInProcess)(opts.dataDir);
  } catch (e) {
    await dirLock?.release();
    throw new EngramError(
      'STORE_UNAVAILABLE',
      `cannot open PGlite${opts.dataDir ? ` at ${opts.dataDir}` : ''}: ${(e as Error).message}`,
      { cause: e },
    );
  }
  const lock = new SerialLock();
  // Which of this database's transactions the current async call chain runs inside.
  const inTransaction = new AsyncLocalStorage<{ active: boolean }>();
  let closed = false;
  const assertOpen = () => {
    if (closed) throw new EngramError('STORE_UNAVAILABLE', 'the PGlite database is closed');
    // The single connection belongs to that transaction until it ends: waiting for it would deadlock.
    if (inTransaction.getStore()?.active) {
      throw new EngramError(
        'INTERNAL',
        'db.query/db.transaction called inside db.transaction on PGlite: use the tx executor passed to the callback',
      );
    }
  };

  return {
    kind: 'pglite',
    async query<R = Record<string, unknown>>(sql: string, params?: unknown[]): Promise<SqlResult<R>> {
      assertOpen();
      return lock.run(() => run<R>(pg, sql, params));
    },
    async transaction<T>(fn: (tx: SqlExecutor) => Promise<T>): Promise<T> {
      assertOpen();
      return lock.run(async () => {
        const state = { active: true };
        const tx: SqlExecutor = {
          query<R = Record<string, unknown>>(sql: string, params?: unknown[]) {
            if (!state.active) return Promise.reject(new EngramError('INTERNAL', 'query on a finished transaction'));
            return run<R>(pg, sql, params);
          },
        };
        await pg.exec('BEGIN');
        try {
          let out: T;
          try {
            out = await inTransaction.run(state, () => fn(tx));
          } finally {
            // From here on, work begun inside the callback queues for the connection like any other.
            state.active = false;
          }
          const [commit] = await pg.exec('COMMIT');
          // A transaction in which a statement failed (and the error was caught) ends in ROLLBACK.
          if ((commit as { command?: string } | undefined)?.command === 'ROLLBACK') throw abortedCommit();
          return out;
        } catch (e) {
          await pg.exec('ROLLBACK').catch(() => undefined);
          throw e;
        }
      });
    },
    async reclaim(tables) {
      assertOpen();
      return lock.run(async () => {
        for (const t of tables) await run(pg, `VACUUM FULL ${quoteIdent(t)}`, undefined);
        // PGlite checkpoints in this backend, so the session setting decides: old segments are unlinked.
        await pg.exec('SET wal_recycle = off');
        // Twice: the first switch closes the segment holding the deleted rows, the second checkpoint removes it.
        for (let i = 0; i < 2; i++) {
          await pg.exec('SELECT pg_switch_wal()');
          await pg.exec('CHECKPOINT');
        }
        return { walRetired: true };
      });
    },
    async close(): Promise<void> {
      if (closed) return;
      closed = true;
      try {
        await lock.run(() => pg.close());
      } finally {
        await dirLock?.release();
      }
    },
  };
}

const LOCK_FILE = 'engram-pglite.lock';

async function lockPgliteDir(dataDir: string) {
  await mkdir(dataDir, { recursive: true });
  return acquireDirLock(dataDir, { file: LOCK_FILE, what: 'PGlite data dir', code: 'STORE_UNAVAILABLE' });
}

/**
 * A template made from the base one by `prepare` (e.g. the schema migrations a new database needs
 * first), made once: a new data directory copies it instead of running that work at each start.
 */
export async function ensurePreparedPgliteTemplate(
  dir: string,
  prepare: (db: SqlDatabase) => Promise<void>,
): Promise<string> {
  return makeTemplate(dir, async (scratch) => {
    const db = await openPglite({ dataDir: scratch });
    try {
      await prepare(db);
    } finally {
      await db.close();
    }
    await rm(join(scratch, LOCK_FILE), { force: true });
  });
}
