import type { SqlDatabase, SqlExecutor } from '../ports/sql';

/** How many writes to some tables began or ended through one database handle: a change means rows may differ. */
export interface SqlWriteClock {
  readonly writes: number;
}

/** Write clocks of one database handle, each counting the writes that may touch the tables it names. */
export interface SqlWriteClocks {
  clockOf(tables: readonly string[]): SqlWriteClock;
}

/** A statement that reads only: a SELECT naming no writing statement or sequence function. */
const READ_ONLY = /^\s*select\b/i;
const WRITES = /\b(insert|update|delete|truncate|merge|copy|nextval|setval|lo_\w+)\b/i;
/**
 * Row statements, which change only the tables they name: the schema has no triggers, rules or
 * cascading foreign keys. Anything else (DDL, VACUUM …) is taken to touch every table.
 */
const ROW_STATEMENT = /^\s*(select|insert|update|delete|with|merge)\b/i;

export const isReadOnlySql = (sql: string): boolean => READ_ONLY.test(sql) && !WRITES.test(sql);

interface Clock {
  names: RegExp;
  writes: number;
}

/**
 * The database with its writes counted, per set of tables, before a write is sent and again when
 * it settles (so a read that overlapped a write never ends on the count it started with); a
 * transaction settles when it commits or rolls back. A reader that took rows of some tables at
 * count N may reuse them without asking the database while that count is still N — only true when
 * this handle is the database's only writer (the embedded store, which one process alone opens).
 */
export function countWrites(db: SqlDatabase): { db: SqlDatabase; clocks: SqlWriteClocks } {
  const clocks: Clock[] = [];
  const touched = (sql: string): Clock[] =>
    isReadOnlySql(sql) ? [] : ROW_STATEMENT.test(sql) ? clocks.filter((c) => c.names.test(sql)) : clocks;
  const bump = (cs: Iterable<Clock>) => {
    for (const c of cs) c.writes++;
  };
  const counted = async <T>(cs: Clock[], run: () => Promise<T>): Promise<T> => {
    bump(cs);
    try {
      return await run();
    } finally {
      bump(cs);
    }
  };
  const executor =
    (run: SqlExecutor['query'], inTransaction?: Set<Clock>): SqlExecutor['query'] =>
    (sql, params) => {
      const cs = touched(sql);
      if (cs.length === 0) return run(sql, params);
      if (!inTransaction) return counted(cs, () => run(sql, params));
      for (const c of cs) inTransaction.add(c);
      bump(cs);
      return run(sql, params);
    };
  const counting: SqlDatabase = {
    query: executor((sql, params) => db.query(sql, params)),
    async transaction(fn) {
      const touchedHere = new Set<Clock>();
      try {
        return await db.transaction((tx) =>
          fn({ query: executor((sql, params) => tx.query(sql, params), touchedHere) }),
        );
      } finally {
        bump(touchedHere);
      }
    },
    reclaim: (tables) => counted(clocks, () => db.reclaim(tables)),
    close: () => db.close(),
    get kind() {
      return db.kind;
    },
  };
  return {
    db: counting,
    clocks: {
      clockOf(tables) {
        const names = new RegExp(`\\b(${tables.map((t) => t.replace(/\W/g, '')).join('|')})\\b`, 'i');
        const clock: Clock = { names, writes: 0 };
        clocks.push(clock);
        return {
          get writes() {
            return clock.writes;
          },
        };
      },
    },
  };
}
