import { afterAll, beforeAll, expect, it } from 'vitest';
import { silentLogger, type SqlDatabase } from '@engram/core';
import {
  findActiveByKey,
  PROJECTION_NAMES,
  PROJECTORS,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
  type RunningProjector,
} from '../src';
import { describeWithServers, waitFor } from '@engram/testing';
import { backends } from './helpers/backends';
import { appendAll, openTempFileLog } from './helpers/file-log';
import { richScenario } from './helpers/scenario';
import { hashReadModels, READ_MODEL_TABLES } from './helpers/table-hash';

for (const backend of backends()) {
  describeWithServers(backend.servers, `replaying the log into the read models on ${backend.name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());

    it('is idempotent on redelivery and rebuilds the same state from scratch', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const events = richScenario();
      const skipped = new Map<string, number>();
      const logger = {
        ...silentLogger,
        info: (obj: object) => {
          const o = obj as { projector?: string; skipped?: number };
          if (o.projector && o.skipped) skipped.set(o.projector, (skipped.get(o.projector) ?? 0) + o.skipped);
        },
        error: () => undefined,
      };
      const progress = sqlProjectionProgress(db, [...PROJECTION_NAMES]);
      const startAll = (fromBeginning?: boolean): Promise<RunningProjector[]> =>
        Promise.all(
          Object.values(PROJECTORS).map((projector) =>
            startProjector({
              log,
              db,
              projector,
              batchSize: 7,
              logger,
              ...(fromBeginning !== undefined ? { fromBeginning } : {}),
            }),
          ),
        );
      const stopAll = (running: RunningProjector[]) => Promise.all(running.map((r) => r.close()));
      try {
        const last = await appendAll(log, events);
        let running = await startAll();
        await waitFor('first projection', () => progress.reached(last));
        await stopAll(running);
        const first = await hashReadModels(db);
        // A sanity check that the scenario produced real state (the guard kept the user_stated hobby).
        const scope = { tenantId: events[0]!.event.tenantId, userId: events[0]!.event.userId, agentId: null };
        expect((await findActiveByKey(db, scope, 'hobby'))?.content).toBe('I love mountain hiking');

        // Redelivery of the whole log (as after a lost log checkpoint): every event is skipped.
        running = await startAll(true);
        await waitFor('redelivery skipped', async () =>
          PROJECTION_NAMES.every((n) => skipped.get(n) === events.length),
        );
        await stopAll(running);
        expect(await hashReadModels(db)).toBe(first);

        // Rebuild (L6): with the read models and checkpoints emptied, a plain start replays the whole
        // log although the log's consumer checkpoints are at its end.
        await db.transaction(async (tx) => {
          for (const t of [...READ_MODEL_TABLES, 'projection_checkpoints']) await tx.query(`DELETE FROM ${t}`);
        });
        running = await startAll();
        await waitFor('rebuild', () => progress.reached(last));
        await stopAll(running);
        expect(await hashReadModels(db)).toBe(first);
      } finally {
        await disposeLog();
      }
    });
  });
}
