// The thread a PGlite database runs on (connection.ts): the WASM executes here, so the opener's
// event loop goes on (HTTP, acknowledgements) while a statement runs. One message in → one answer
// out, by id.
import { parentPort, workerData } from 'node:worker_threads';
import type { Results } from '@electric-sql/pglite';
import { openInProcess } from './connection';

const port = parentPort!;

/** The error as data (a DatabaseError's SQLSTATE `code`, `detail`, … kept as own fields). */
function errorOf(e: unknown): Record<string, unknown> {
  const err = e as { message?: unknown; name?: unknown } | null;
  const out: Record<string, unknown> = { message: String(err?.message ?? e), name: String(err?.name ?? 'Error') };
  if (e && typeof e === 'object')
    for (const [k, v] of Object.entries(e))
      if (v === null || ['string', 'number', 'boolean'].includes(typeof v)) out[k] = v;
  return out;
}

/** The result as PGlite gives it, but a Blob (COPY … TO '/dev/blob'), which is not sent. */
const resultOf = ({ blob: _blob, ...r }: Results) => r;

interface Request {
  id: number;
  op: 'query' | 'exec' | 'close';
  sql?: string;
  params?: unknown[];
}

const dataDir = (workerData as { dataDir: string | null }).dataDir;
const pg = await openInProcess(dataDir ?? undefined).catch((e: unknown) => {
  port.postMessage({ ready: false, error: errorOf(e) });
  return null;
});
if (pg) {
  port.on('message', ({ id, op, sql, params }: Request) => {
    const run = async () => {
      if (op === 'query') return resultOf((await pg.query(sql!, params ?? [])) as Results);
      if (op === 'exec') return (await pg.exec(sql!)).map((r) => resultOf(r as Results));
      await pg.close();
      return null;
    };
    run().then(
      (result) => port.postMessage({ id, result }),
      (e: unknown) => port.postMessage({ id, error: errorOf(e) }),
    );
  });
  port.postMessage({ ready: true });
}
