import { parse, protocol, type PGlite, type Results } from '@electric-sql/pglite';

const { serialize } = protocol;

function concat(parts: readonly Uint8Array[]): Uint8Array {
  let n = 0;
  for (const p of parts) n += p.length;
  const out = new Uint8Array(n);
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}

/** How many parameterised statement texts stay prepared on the connection (least recently used go first). */
export const DEFAULT_PREPARED_STATEMENTS = 256;

interface Prepared {
  name: string;
  /** The parameters' type OIDs, as the server resolved them at Parse. */
  types: number[];
}

/** A prepared statement the server no longer has, or whose plan cannot serve the changed schema. */
const isStale = (e: unknown): boolean => {
  const { code, message } = (e ?? {}) as { code?: unknown; message?: unknown };
  return code === '26000' || (code === '0A000' && /cached plan must not change result type/.test(String(message)));
};

const attach = (e: unknown, sql: string, params: unknown[]): unknown => {
  if (e && typeof e === 'object') Object.assign(e, { query: sql, params });
  return e;
};

/**
 * Parameterised statements as named prepared statements, one per SQL text: Parse (and the
 * planning of a generic plan, once the server settles on one) happens once per text instead of at
 * every call. `PGlite.query` parses and plans each call anew; for the short reads of a search that
 * was ~90 % of a statement's cost (docs/benchmarks.md, issue 20 session 6). Same messages as
 * `PGlite.query` otherwise (Bind with the same serializers, Describe portal, Execute, Sync), same
 * parsed result. Must be called while nothing else uses the connection (the adapter's lock).
 */
/** Statement names are unique in the process, so caches sharing a connection (tests) never collide. */
let counter = 0;

export function createStatementCache(pg: PGlite, max = DEFAULT_PREPARED_STATEMENTS) {
  const statements = new Map<string, Prepared>();
  const exec = (message: Uint8Array) => pg.execProtocolStream(message, { syncToFs: false });

  async function prepare(sql: string): Promise<Prepared> {
    if (statements.size >= max) {
      const [oldest, st] = statements.entries().next().value as [string, Prepared];
      statements.delete(oldest);
      try {
        await exec(serialize.close({ type: 'S', name: st.name }));
      } finally {
        await exec(serialize.sync());
      }
    }
    const name = `engram_${++counter}`;
    let types: number[];
    try {
      await exec(serialize.parse({ name, text: sql }));
      types = parse.parseDescribeStatementResults(await exec(serialize.describe({ type: 'S', name })));
    } finally {
      await exec(serialize.sync());
    }
    const st = { name, types };
    statements.set(sql, st);
    return st;
  }

  async function execute(st: Prepared, params: unknown[]): Promise<Results> {
    const values = params.map((v, i) => {
      if (v == null) return null;
      const serializer = pg.serializers[st.types[i]!];
      return serializer ? serializer(v) : String(v);
    });
    // One buffer, one entry into the backend: it reads the messages in turn, and after an error
    // skips to the Sync (the extended protocol's rule), so the connection is ready again either way.
    const messages = await exec(
      concat([
        serialize.bind({ statement: st.name, values }),
        serialize.describe({ type: 'P' }),
        serialize.execute({}),
        serialize.sync(),
      ]),
    );
    return parse.parseResults(messages, pg.parsers)[0]!;
  }

  return {
    async query(sql: string, params: unknown[]): Promise<Results> {
      return pg.runExclusive(async () => {
        let st = statements.get(sql);
        try {
          if (st) {
            // Most recently used last: the first entry is the one to evict.
            statements.delete(sql);
            statements.set(sql, st);
          } else st = await prepare(sql);
          try {
            return await execute(st, params);
          } catch (e) {
            if (!isStale(e)) throw e;
            // Gone (DISCARD, DEALLOCATE) or planned for another shape of the tables: prepare it afresh.
            statements.delete(sql);
            return await execute(await prepare(sql), params);
          }
        } catch (e) {
          throw attach(e, sql, params);
        } finally {
          await pg.syncToFs();
        }
      });
    },
    /** Statement texts currently prepared (tests). */
    get size() {
      return statements.size;
    },
  };
}

export type StatementCache = ReturnType<typeof createStatementCache>;
