import { afterAll, beforeAll, expect, it } from 'vitest';
import { EngramError, silentLogger, type SqlDatabase, type StoredEvent } from '@engram/core';
import {
  applyBatch,
  episodicProjector,
  getSession,
  listMigrations,
  listMessages,
  projectionLag,
  PROJECTORS,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
  startProjectorGroup,
  workingProjector,
  type Projector,
} from '../src';
import { describeWithServers, waitFor } from '@engram/testing';
import { backends } from './helpers/backends';
import { EventFactory, freshScope, uid } from './helpers/events';
import { appendAll, openTempFileLog } from './helpers/file-log';

async function checkpoint(db: SqlDatabase, projection: string, partition = 0): Promise<number | null> {
  const r = await db.query<{ next_offset: number }>(
    'SELECT next_offset FROM projection_checkpoints WHERE projection = $1 AND partition = $2',
    [projection, partition],
  );
  return r.rows[0] ? r.rows[0].next_offset : null;
}

/** The episodic projector under a name of its own, so each test has its own checkpoint. */
function episodicAs(name: string, wrap?: Projector['apply']): Projector {
  return { name, apply: wrap ?? episodicProjector.apply };
}

async function rejection(p: Promise<unknown>): Promise<unknown> {
  return p.then(
    () => {
      throw new Error('expected a rejection');
    },
    (e: unknown) => e,
  );
}

for (const backend of backends()) {
  describeWithServers(backend.servers, `migrations and projector runner on ${backend.name}`, () => {
    let db: SqlDatabase;
    let url: string | undefined;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, url, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());

    it('applies every migration once, in order, even when two migrators start together', async () => {
      const pair = await backend.openPair();
      try {
        const [x, y] = await Promise.all([runMigrations(pair.a), runMigrations(pair.b)]);
        const files = await listMigrations();
        expect(files.length).toBeGreaterThanOrEqual(2);
        expect([...x, ...y]).toEqual(files);
        expect(await runMigrations(pair.a)).toEqual([]);
        const recorded = await pair.b.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
        expect(recorded.rows.map((r) => r.name)).toEqual(files);
      } finally {
        await pair.dispose();
      }
    });

    it('skips events below the checkpoint and advances it per partition', async () => {
      const f = new EventFactory(freshScope(), 'cp');
      const p = episodicAs(`cp-${uid()}`);
      const events = Array.from({ length: 7 }, (_, i) => f.message('user', `m${i}`));
      const base = events[0]!.position.offset;
      expect(await applyBatch(db, p, events.slice(0, 5))).toEqual({ applied: 5, skipped: 0 });
      expect(await checkpoint(db, p.name)).toBe(base + 5);
      // Redelivery overlapping what was applied: only the new tail is applied.
      expect(await applyBatch(db, p, events.slice(2))).toEqual({ applied: 2, skipped: 3 });
      expect(await checkpoint(db, p.name)).toBe(base + 7);
      expect((await listMessages(db, f.scope, 'cp')).map((m) => m.content)).toEqual(events.map((_, i) => `m${i}`));
      // Another partition has its own checkpoint.
      const other: StoredEvent = { ...f.message('user', 'p1'), position: { partition: 1, offset: 0 } };
      expect(await applyBatch(db, p, [other])).toEqual({ applied: 1, skipped: 0 });
      expect(await checkpoint(db, p.name, 1)).toBe(1);
      expect(await checkpoint(db, p.name, 0)).toBe(base + 7);
    });

    it('refuses to advance a checkpoint that moved since it was read, and rolls the batch back', async () => {
      const f = new EventFactory(freshScope(), 'mv');
      const name = `moved-${uid()}`;
      const first = f.message('user', 'first');
      await applyBatch(db, episodicAs(name), [first]);
      // Stands in for another instance that advanced the checkpoint in the meantime.
      const interloper = episodicAs(name, async (tx, e) => {
        await episodicProjector.apply(tx, e);
        await tx.query('UPDATE projection_checkpoints SET next_offset = next_offset + 100 WHERE projection = $1', [
          name,
        ]);
      });
      const err = await rejection(applyBatch(db, interloper, [f.message('user', 'second')]));
      expect(err).toBeInstanceOf(EngramError);
      expect((err as EngramError).code).toBe('CONFLICT');
      expect(await checkpoint(db, name)).toBe(first.position.offset + 1);
      expect((await listMessages(db, f.scope, 'mv')).map((m) => m.content)).toEqual(['first']);

      // The very first checkpoint row is created only if nobody created it meanwhile.
      const fresh = `fresh-${uid()}`;
      const racer = episodicAs(fresh, async (tx, e) => {
        await episodicProjector.apply(tx, e);
        await tx.query(
          'INSERT INTO projection_checkpoints (projection, partition, next_offset) VALUES ($1, 0, 1) ON CONFLICT DO NOTHING',
          [fresh],
        );
      });
      const err2 = await rejection(applyBatch(db, racer, [f.message('user', 'third')]));
      expect((err2 as EngramError).code).toBe('CONFLICT');
      expect(await checkpoint(db, fresh)).toBeNull();
      expect(await listMessages(db, f.scope, 'mv')).toHaveLength(1);
    });

    it('lets only one of two concurrent instances apply a batch', async () => {
      const second = backend.secondHandle({ db, ...(url ? { url } : {}) });
      const pair = { a: db, b: second.db };
      try {
        const f = new EventFactory(freshScope(), 'race');
        const batch = Array.from({ length: 6 }, (_, i) => f.message('user', `r${i}`));
        const p = { ...workingProjector };
        const outcomes = await Promise.allSettled([applyBatch(pair.a, p, batch), applyBatch(pair.b, p, batch)]);
        const applied = outcomes.filter((o) => o.status === 'fulfilled' && o.value.applied === 6);
        expect(applied).toHaveLength(1);
        for (const o of outcomes) {
          if (o.status === 'rejected') expect((o.reason as EngramError).code).toBe('CONFLICT');
          else if (o.value.applied === 0) expect(o.value.skipped).toBe(6);
        }
        expect((await getSession(pair.a, f.scope, 'race'))!.messageCount).toBe(6);
      } finally {
        await second.dispose();
      }
    });

    it('reports progress: reached(pos) once every named projection is past pos', async () => {
      const f = new EventFactory(freshScope(), 'pr');
      const [p1, p2] = [episodicAs(`pa-${uid()}`), episodicAs(`pb-${uid()}`)];
      const e1 = f.message('user', 'one');
      const e2 = f.message('user', 'two');
      const progress = sqlProjectionProgress(db, [p1.name, p2.name]);
      expect(await progress.reached(e1.position)).toBe(false);
      await applyBatch(db, p1, [e1, e2]);
      expect(await progress.reached(e1.position)).toBe(false);
      await applyBatch(db, p2, [e1]);
      expect(await progress.reached(e1.position)).toBe(true);
      expect(await progress.reached(e2.position)).toBe(false);
      expect(await progress.reached({ partition: 3, offset: 0 })).toBe(false);
      expect(await sqlProjectionProgress(db, []).reached(e2.position)).toBe(true);
    });

    it('runs a projector on the file log: catches up, survives a failing batch, reports lag', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const logged: Array<{ obj: object; msg?: string }> = [];
      const push = (obj: object, msg?: string) => void logged.push({ obj, msg });
      const logger = { ...silentLogger, info: push, warn: push, error: push };
      try {
        const f = new EventFactory(freshScope(), 'live');
        const events = Array.from({ length: 9 }, (_, i) => f.message('user', `live ${i}`));
        const last = await appendAll(log, events);
        const name = `flaky-${uid()}`;
        expect((await projectionLag(db, log, [name]))[0]).toMatchObject({ projection: name, lag: 9 });
        let failures = 0;
        // Writes its rows, then fails once mid-batch: the runner's transaction must roll them back.
        const flaky: Projector = {
          name,
          async apply(tx, e) {
            await workingProjector.apply(tx, e);
            if (e.position.offset === 4 && failures === 0) {
              failures++;
              throw new Error('transient failure');
            }
          },
        };
        const running = await startProjector({ log, db, projector: flaky, batchSize: 3, logger });
        expect(running.name).toBe(name);
        const progress = sqlProjectionProgress(db, [name]);
        await waitFor('projector caught up', () => progress.reached(last));
        expect(failures).toBe(1);
        expect(logged.some((l) => l.msg?.includes('batch failed'))).toBe(true);
        expect((await getSession(db, f.scope, 'live'))!.messageCount).toBe(9);
        expect((await projectionLag(db, log, [name]))[0]).toMatchObject({
          lag: 0,
          partitions: [{ partition: 0, nextOffset: 9, head: 9, lag: 0 }],
        });

        // Live tail: a later append is applied without restarting.
        const more = f.message('assistant', 'live tail');
        const pos = await appendAll(log, [more]);
        await waitFor('live tail applied', () => progress.reached(pos));
        expect((await getSession(db, f.scope, 'live'))!.messageCount).toBe(10);
        await running.close();
      } finally {
        await disposeLog();
      }
    });

    it('refreshes the planner statistics of the tables it writes once 1,000 events are applied', async () => {
      const fresh = await backend.open();
      const { log, dispose: disposeLog } = await openTempFileLog();
      const logged: string[] = [];
      const logger = { ...silentLogger, error: (_o: object, msg?: string) => void logged.push(msg ?? '') };
      const stats = async () =>
        (
          await fresh.db.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'memories' AND attname = 'content_hash'",
          )
        ).rows[0]!.n;
      try {
        await runMigrations(fresh.db);
        expect(await stats()).toBe(0);
        const f = new EventFactory(freshScope(), null);
        const last = await appendAll(
          log,
          Array.from({ length: 1000 }, (_, i) => f.memory({ content: `statistics ${i}` })),
        );
        const running = await startProjectorGroup({
          log,
          db: fresh.db,
          projectors: Object.values(PROJECTORS),
          logger,
        });
        await waitFor('group caught up', () => sqlProjectionProgress(fresh.db, ['semantic']).reached(last));
        await waitFor('statistics refreshed', async () => (await stats()) === 1);
        expect(logged.filter((m) => m.includes('ANALYZE'))).toEqual([]);
        for (const r of running) await r.close();
      } finally {
        await disposeLog();
        await fresh.dispose();
      }
    });
  });
}
