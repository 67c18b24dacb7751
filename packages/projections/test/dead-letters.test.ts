import { afterAll, beforeAll, expect, it } from 'vitest';
import { describeWithServers, waitFor } from '@engram/testing';
import { EngramError, type SqlDatabase, type StoredEvent } from '@engram/core';
import {
  episodicProjector,
  eventStatusRows,
  listMessages,
  runMigrations,
  sqlDeadLetters,
  sqlProjectionProgress,
  startProjector,
  type Projector,
} from '../src';
import { backends } from './helpers/backends';
import { EventFactory, freshScope, uid } from './helpers/events';
import { appendAll, openTempFileLog } from './helpers/file-log';

/** The episodic projector under a name of its own; `failFor` makes it fail (not transiently) on chosen event ids. */
function episodicAs(name: string, failFor = new Set<string>()): Projector {
  return {
    name,
    async apply(tx, e) {
      if (failFor.has(e.event.eventId)) throw new Error(`cannot apply ${e.event.eventId} (bug under test)`);
      return episodicProjector.apply(tx, e);
    },
  };
}

/** A MessageObserved whose content PostgreSQL cannot store, as a producer writing straight to the log could send. */
function poisoned(f: EventFactory): StoredEvent {
  const s = f.message('user', 'ok');
  return {
    ...s,
    event: {
      ...s.event,
      payload: { ...(s.event.payload as object), content: 'null byte \u0000 here' },
    } as StoredEvent['event'],
  };
}

for (const backend of backends()) {
  describeWithServers(backend.servers, `dead letters on ${backend.name}: no event stops a projection (L8)`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());

    it('dead-letters a poison event for this projection only and applies every other tenant’s events after it', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const name = `dl-${uid()}`;
      try {
        const a = new EventFactory(freshScope(), 's');
        const b = new EventFactory(freshScope(), 's');
        const bad = poisoned(a);
        const batch = [
          a.message('user', 'a1'),
          bad,
          b.message('user', 'b1'),
          a.message('user', 'a2'),
          b.message('user', 'b2'),
        ];
        const last = await appendAll(log, batch);
        const running = await startProjector({ log, db, projector: episodicAs(name), batchSize: 10, retryPollMs: 0 });
        const progress = sqlProjectionProgress(db, [name]);
        await waitFor('projection past the poison event', () => progress.reached(last));
        expect((await listMessages(db, a.scope, 's')).map((m) => m.content)).toEqual(['a1', 'a2']);
        expect((await listMessages(db, b.scope, 's')).map((m) => m.content)).toEqual(['b1', 'b2']);
        const [dl, ...more] = await sqlDeadLetters(db).list({ projection: name });
        expect(more).toEqual([]);
        expect(dl).toMatchObject({
          projection: name,
          eventId: bad.event.eventId,
          eventType: 'MessageObserved',
          tenantId: a.scope.tenantId,
          userId: a.scope.userId,
          code: 'VALIDATION_FAILED',
          attempts: 1,
          status: 'dead',
          position: { partition: 0, offset: 1 },
        });
        expect(dl!.error).toMatch(/content: must not contain NUL/);
        expect((await sqlDeadLetters(db).counts())[name]).toBe(1);
        expect(running.status()).toMatchObject({ deadLettered: 1, failingSince: null });
        // The applied events carry their write status; the poison one has none (its dead letter says why).
        expect(await eventStatusRows(db, a.scope.tenantId, a.scope.userId, batch[0]!.event.eventId)).toMatchObject([
          { projection: name, outcome: 'applied' },
        ]);
        expect(await eventStatusRows(db, a.scope.tenantId, a.scope.userId, bad.event.eventId)).toEqual([]);
        await running.close();
      } finally {
        await disposeLog();
      }
    });

    it('retries a failing event a bounded number of times, dead-letters it, and applies it when retried after the fix', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const name = `fix-${uid()}`;
      try {
        const f = new EventFactory(freshScope(), 'fx');
        const events = [f.message('user', 'one'), f.message('user', 'two'), f.message('user', 'three')];
        const failing = new Set([events[1]!.event.eventId]);
        const last = await appendAll(log, events);
        const running = await startProjector({
          log,
          db,
          projector: episodicAs(name, failing),
          batchSize: 10,
          retryPollMs: 0,
        });
        await waitFor('projection past the failing event', () => sqlProjectionProgress(db, [name]).reached(last));
        expect((await listMessages(db, f.scope, 'fx')).map((m) => m.content)).toEqual(['one', 'three']);
        const [dl] = await sqlDeadLetters(db).list({ projection: name });
        expect(dl).toMatchObject({ eventId: events[1]!.event.eventId, code: 'INTERNAL', attempts: 3, status: 'dead' });
        expect(dl!.error).toContain('bug under test');

        // Retried while still broken: parked again with the new attempt counted.
        expect(await sqlDeadLetters(db).requestRetry({ projection: name })).toBe(1);
        expect(await running.retryNow()).toBe(0);
        expect((await sqlDeadLetters(db).list({ projection: name }))[0]).toMatchObject({ status: 'dead', attempts: 4 });

        failing.clear(); // the fix
        expect(await sqlDeadLetters(db).requestRetry({ id: dl!.id })).toBe(1);
        expect(await running.retryNow()).toBe(1);
        expect(await sqlDeadLetters(db).list({ projection: name })).toEqual([]);
        expect((await listMessages(db, f.scope, 'fx')).map((m) => m.content).sort()).toEqual(['one', 'three', 'two']);
        await running.close();
      } finally {
        await disposeLog();
      }
    });

    it('never dead-letters on an outage: a transient failure is retried until it heals', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const name = `outage-${uid()}`;
      try {
        const f = new EventFactory(freshScope(), 'out');
        let outageLeft = 5;
        const projector: Projector = {
          name,
          async apply(tx, e) {
            if (outageLeft > 0) {
              outageLeft--;
              throw new EngramError('STORE_UNAVAILABLE', 'the store is down (under test)');
            }
            return episodicProjector.apply(tx, e);
          },
        };
        const last = await appendAll(log, [f.message('user', 'x'), f.message('user', 'y')]);
        const running = await startProjector({ log, db, projector, retryPollMs: 0 });
        await waitFor('applied after the outage', () => sqlProjectionProgress(db, [name]).reached(last));
        expect(outageLeft).toBe(0);
        expect(await sqlDeadLetters(db).list({ projection: name })).toEqual([]);
        expect((await listMessages(db, f.scope, 'out')).map((m) => m.content)).toEqual(['x', 'y']);
        await running.close();
      } finally {
        await disposeLog();
      }
    });

    it('stops dead-lettering when every event fails the same way (the fault is systemic) and reports it', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const name = `systemic-${uid()}`;
      try {
        const f = new EventFactory(freshScope(), 'sys');
        const events = Array.from({ length: 60 }, (_, i) => f.message('user', `m${i}`));
        const last = await appendAll(log, events);
        let broken = true;
        const projector: Projector = {
          name,
          async apply(tx, e) {
            if (broken) throw new Error('relation "messages_v2" does not exist');
            return episodicProjector.apply(tx, e);
          },
        };
        const running = await startProjector({ log, db, projector, batchSize: 100, retryPollMs: 0 });
        await waitFor('the breaker tripped', async () => running.status().failingSince !== null, 90_000);
        const parked = (await sqlDeadLetters(db).list({ projection: name })).length;
        expect(parked).toBeLessThanOrEqual(50);
        broken = false;
        await waitFor('applied once the fault is fixed', () => sqlProjectionProgress(db, [name]).reached(last), 90_000);
        expect(await listMessages(db, f.scope, 'sys')).toHaveLength(60 - parked);
        await running.close();
      } finally {
        await disposeLog();
      }
    });

    it('refuses to start when its checkpoint lies beyond the end of the log (records were lost)', async () => {
      const { log, dispose: disposeLog } = await openTempFileLog();
      const name = `beyond-${uid()}`;
      try {
        await db.query('INSERT INTO projection_checkpoints (projection, partition, next_offset) VALUES ($1, 0, 5)', [
          name,
        ]);
        await expect(startProjector({ log, db, projector: episodicAs(name) })).rejects.toMatchObject({
          code: 'LOG_CORRUPT',
        });
      } finally {
        await disposeLog();
      }
    });
  });
}
