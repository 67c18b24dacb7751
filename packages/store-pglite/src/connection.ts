import { Worker } from 'node:worker_threads';
import { PGlite } from '@electric-sql/pglite';
// The errors alone: the PGlite thread loads this module too and need not load (and build) all of core.
import { EngramError } from '@engram/core/errors';
import { createStatementCache } from './prepared';

export interface PgliteResultLike {
  rows: unknown[];
  rowCount?: number;
  affectedRows?: number;
}

/** PGlite's single connection, wherever the WASM runs. */
export interface PgConnection {
  /** One parameterised statement (prepared once per SQL text, see prepared.ts). */
  query(sql: string, params: unknown[]): Promise<PgliteResultLike>;
  /** Several statements in one text (no parameters); one result each. */
  exec(sql: string): Promise<PgliteResultLike[]>;
  close(): Promise<void>;
}

const INT8_OID = 20;

/** PGlite on this thread's event loop. */
export async function openInProcess(dataDir: string | undefined): Promise<PgConnection> {
  // bigint columns (offsets, sequence numbers) come back as numbers, as in the Postgres adapter.
  const pg = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    parsers: { [INT8_OID]: (v: string) => Number(v) },
  });
  const statements = createStatementCache(pg);
  return {
    query: (sql, params) => statements.query(sql, params),
    exec: (sql) => pg.exec(sql),
    close: () => pg.close(),
  };
}

type Answer = { id: number; result?: unknown; error?: Record<string, unknown> & { message: string } };

/** An error from the worker as the adapter would have seen it in process (SQLSTATE `code` and all). */
function errorFrom(data: Record<string, unknown> & { message: string }): Error {
  const e = new Error(data.message);
  Object.assign(e, data);
  return e;
}

/**
 * PGlite on a worker thread of its own: the opener's event loop is free while a statement runs
 * (the WASM of a projector's batch no longer delays an HTTP acknowledgement queued behind it).
 * Statements, parameters and rows cross by structured clone; order is the caller's (the adapter
 * serialises, as it does in process).
 */
export async function openOnThread(dataDir: string | undefined): Promise<PgConnection> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url), {
    workerData: { dataDir: dataDir ?? null },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: unknown) => void }>();
  let nextId = 1;
  let gone: EngramError | null = null;
  // Idle, the thread does not keep the process alive; a statement in flight does.
  worker.unref();
  const fail = (why: string, cause?: unknown) => {
    gone ??= new EngramError('STORE_UNAVAILABLE', `the PGlite thread ${why}`, { cause });
    for (const p of pending.values()) p.reject(gone);
    pending.clear();
  };
  await new Promise<void>((resolve, reject) => {
    const settle = (err: Error | null) => {
      worker.off('message', onReady).off('error', onError).off('exit', onExit);
      if (err) reject(err);
      else resolve();
    };
    const onReady = (m: { ready: boolean; error?: Answer['error'] }) => settle(m.ready ? null : errorFrom(m.error!));
    const onError = (e: Error) => settle(e);
    const onExit = (code: number) => settle(new Error(`the PGlite thread exited (${code}) while opening`));
    worker.on('message', onReady).on('error', onError).on('exit', onExit);
  }).catch(async (e: unknown) => {
    await worker.terminate();
    throw e;
  });
  worker.on('message', (m: Answer) => {
    const p = pending.get(m.id);
    if (!p) return;
    pending.delete(m.id);
    if (pending.size === 0) worker.unref();
    if (m.error) p.reject(errorFrom(m.error));
    else p.resolve(m.result);
  });
  worker.on('error', (e) => fail('failed', e));
  worker.on('exit', (code) => fail(`exited (${code})`));

  const call = <T>(op: 'query' | 'exec' | 'close', sql?: string, params?: unknown[]): Promise<T> => {
    if (gone) return Promise.reject(gone);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      if (pending.size === 0) worker.ref();
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, sql, params });
    });
  };
  return {
    query: (sql, params) => call('query', sql, params),
    exec: (sql) => call('exec', sql),
    async close() {
      if (gone) return;
      try {
        await call('close');
      } finally {
        gone = new EngramError('STORE_UNAVAILABLE', 'the PGlite database is closed');
        await worker.terminate();
      }
    },
  };
}
