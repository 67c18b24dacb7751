import { describe, expect, it } from 'vitest';
import { countWrites, isReadOnlySql, type SqlDatabase, type SqlExecutor } from '@engram/core';

/** A database whose statements settle when the test says so, recording what it was sent. */
function heldDatabase() {
  const sent: string[] = [];
  const pending: Array<() => void> = [];
  const run: SqlExecutor['query'] = (sql) => {
    sent.push(sql);
    return new Promise((ok) => pending.push(() => ok({ rows: [], rowCount: 0 } as never)));
  };
  const db: SqlDatabase = {
    query: run,
    transaction: (fn) => fn({ query: run }),
    reclaim: async () => ({ walRetired: true }),
    close: async () => undefined,
    kind: 'test',
  };
  const settleAll = async () => {
    while (pending.length > 0) pending.shift()!();
    await new Promise((r) => setImmediate(r));
  };
  return { db, sent, settleAll };
}

describe('countWrites', () => {
  it('tells read-only statements from writes', () => {
    expect(isReadOnlySql('SELECT id FROM memories WHERE user_id = $1')).toBe(true);
    expect(isReadOnlySql('  select updated_at, last_update_x FROM t')).toBe(true);
    expect(isReadOnlySql('WITH due AS (SELECT 1) UPDATE t SET x = 1')).toBe(false);
    expect(isReadOnlySql('SELECT nextval($1)')).toBe(false);
    expect(isReadOnlySql('INSERT INTO memories VALUES ($1)')).toBe(false);
    expect(isReadOnlySql('DROP SCHEMA s CASCADE')).toBe(false);
  });

  it('counts a row statement on the clocks of the tables it names, before it is sent and when it settles', async () => {
    const { db, settleAll } = heldDatabase();
    const { db: counted, clocks } = countWrites(db);
    const memories = clocks.clockOf(['memories', 'messages']);
    const hooks = clocks.clockOf(['webhook_deliveries']);
    const read = counted.query('SELECT * FROM memories');
    expect([memories.writes, hooks.writes]).toEqual([0, 0]);
    const write = counted.query('UPDATE memories SET importance = 1');
    expect(memories.writes).toBe(1);
    await settleAll();
    await Promise.all([read, write]);
    expect([memories.writes, hooks.writes]).toEqual([2, 0]);
    await Promise.all([
      counted.query("WITH due AS (SELECT id FROM webhook_deliveries) UPDATE webhook_deliveries SET status = 'x'"),
      settleAll(),
    ]);
    expect([memories.writes, hooks.writes]).toEqual([2, 2]);
    // Anything but a row statement may touch any table.
    await Promise.all([counted.query('ALTER TABLE replay.x SET SCHEMA public'), settleAll()]);
    expect([memories.writes, hooks.writes]).toEqual([4, 4]);
    await counted.reclaim(['memories']);
    expect([memories.writes, hooks.writes]).toEqual([6, 6]);
  });

  it('counts a transaction again when it commits, so a read that ran while it was open is never taken as current', async () => {
    const { db, settleAll } = heldDatabase();
    const { db: counted, clocks } = countWrites(db);
    const memories = clocks.clockOf(['memories']);
    let inside = -1;
    const tx = counted.transaction(async (t) => {
      const w = t.query('INSERT INTO memories VALUES (1)');
      inside = memories.writes;
      await w;
      await t.query('SELECT 1');
    });
    expect(inside).toBe(1);
    const readAt = memories.writes;
    await settleAll();
    await settleAll();
    await tx;
    expect(memories.writes).toBeGreaterThan(readAt);
    // A transaction that wrote nothing of these tables leaves the clock alone.
    const before = memories.writes;
    const other = counted.transaction((t) => t.query('UPDATE projection_checkpoints SET next_offset = 1'));
    await settleAll();
    await other;
    expect(memories.writes).toBe(before);
  });
});
