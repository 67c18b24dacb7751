import { expect, it } from 'vitest';
import { silentLogger, type StoredEvent } from '@engram/core';
import { describeWithServers, waitFor } from '@engram/testing';
import {
  applyBatch,
  applyBatchTogether,
  PROJECTION_NAMES,
  PROJECTORS,
  projectionGroupGuard,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
  startProjectorGroup,
  type Projector,
} from '../src';
import { backends } from './helpers/backends';
import { appendAll, openTempFileLog } from './helpers/file-log';
import { richScenario } from './helpers/scenario';
import { hashReadModels } from './helpers/table-hash';

const ALL = Object.values(PROJECTORS);

async function digest(db: Parameters<typeof hashReadModels>[0]) {
  const status = await db.query(
    'SELECT projection, event_id::text, "offset", outcome, memory_id::text, code FROM event_status ORDER BY projection, event_id',
  );
  const cps = await db.query(
    'SELECT projection, partition, next_offset::int FROM projection_checkpoints ORDER BY projection, partition',
  );
  return { models: await hashReadModels(db), status: status.rows, checkpoints: cps.rows };
}

for (const backend of backends()) {
  describeWithServers(backend.servers, `projectors applying a batch together on ${backend.name}`, () => {
    it('leave the same rows, write status and checkpoints as each projector alone, whatever their checkpoints', async () => {
      const events = richScenario();
      const digests: unknown[] = [];
      for (const mode of ['alone', 'together', 'together after semantic ran ahead'] as const) {
        const { db, dispose } = await backend.open();
        try {
          await runMigrations(db);
          if (mode === 'together after semantic ran ahead')
            await applyBatch(db, PROJECTORS.semantic, events.slice(0, Math.floor(events.length / 2)));
          for (let i = 0; i < events.length; i += 7) {
            const batch = events.slice(i, i + 7);
            if (mode === 'alone') for (const p of ALL) await applyBatch(db, p, batch);
            else {
              const outcomes = await applyBatchTogether(db, ALL, batch);
              expect(outcomes).toHaveLength(ALL.length);
            }
          }
          // Delivered again: every projector skips all of it.
          const again = await applyBatchTogether(db, ALL, events);
          expect(again.every((o) => o.applied === 0 && o.skipped === events.length)).toBe(true);
          digests.push(await digest(db));
        } finally {
          await dispose();
        }
      }
      expect(digests[1]).toEqual(digests[0]);
      expect(digests[2]).toEqual(digests[0]);
    });

    it('an event one projector cannot apply: the others apply the whole batch, only that projection dead-letters it', async () => {
      const { db, dispose } = await backend.open();
      try {
        await runMigrations(db);
        const events = richScenario().slice(0, 20);
        const poison = events[5]!;
        const picky: Projector = {
          name: 'picky',
          async apply(tx, e) {
            if (e.position.offset === poison.position.offset) throw new Error('picky refuses this one');
            return PROJECTORS.working.apply(tx, e);
          },
        };
        const members = [PROJECTORS.semantic, picky, PROJECTORS.episodic];
        const guard = projectionGroupGuard(db, members, silentLogger);
        const r = await guard.apply(events);
        expect(r.deadLettered).toBe(1);
        const dl = await db.query<{ projection: string; offset: string }>(
          'SELECT projection, "offset" FROM dead_letters',
        );
        expect(dl.rows.map((x) => [x.projection, Number(x.offset)])).toEqual([['picky', poison.position.offset]]);
        const cps = await db.query<{ projection: string; next_offset: string }>(
          'SELECT projection, next_offset FROM projection_checkpoints ORDER BY projection',
        );
        const end = events[events.length - 1]!.position.offset + 1;
        expect(cps.rows.map((x) => [x.projection, Number(x.next_offset)])).toEqual([
          ['episodic', end],
          ['picky', end],
          ['semantic', end],
        ]);
      } finally {
        await dispose();
      }
    });

    it('a group on the log: one subscription, every member caught up, each with its own status', async () => {
      const { db, dispose } = await backend.open();
      const { log, dispose: disposeLog } = await openTempFileLog();
      try {
        await runMigrations(db);
        const events: StoredEvent[] = richScenario();
        const last = await appendAll(log, events);
        const committed: string[] = [];
        const running = await startProjectorGroup({
          log,
          db,
          projectors: ALL,
          batchSize: 9,
          afterCommit: { semantic: async (batch) => void committed.push(...batch.map((s) => s.event.eventId)) },
        });
        expect(running.map((r) => r.name)).toEqual([...PROJECTION_NAMES]);
        await waitFor('the group caught up', () => sqlProjectionProgress(db, [...PROJECTION_NAMES]).reached(last));
        expect(committed).toHaveLength(events.length);
        for (const r of running) expect(r.status()).toMatchObject({ rebuilding: false, failingSince: null });
        await Promise.all(running.map((r) => r.close()));

        // The same log through one subscription per projector (separate services) builds the same read models.
        const alone = await backend.open();
        try {
          await runMigrations(alone.db);
          const each = await Promise.all(
            ALL.map((projector) => startProjector({ log, db: alone.db, projector, batchSize: 4 })),
          );
          await waitFor('each projector caught up', () =>
            sqlProjectionProgress(alone.db, [...PROJECTION_NAMES]).reached(last),
          );
          await Promise.all(each.map((r) => r.close()));
          expect((await digest(db)).models).toEqual((await digest(alone.db)).models);
        } finally {
          await alone.dispose();
        }
      } finally {
        await disposeLog();
        await dispose();
      }
    });
  });
}
