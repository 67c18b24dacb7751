import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import { archivalProjector, getArchiveEntry, listArchive, runMigrations } from '../src';
import { applyEvents } from './helpers/apply';
import { describeWithServers } from '@engram/testing';
import { backends } from './helpers/backends';
import { EventFactory, freshScope, memoryIdOf } from './helpers/events';

for (const backend of backends()) {
  describeWithServers(backend.servers, `archival projector on ${backend.name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());
    const apply = (...events: Parameters<typeof applyEvents>[2][number][]) =>
      applyEvents(db, archivalProjector, events);

    it('records archiving with reason and effective importance, then the restore', async () => {
      const f = new EventFactory(freshScope());
      const m = f.memory({ content: 'old project detail', type: 'ENVIRONMENT' });
      const archived = f.make('MemoryArchived', {
        memoryId: memoryIdOf(m),
        reason: 'decay',
        effectiveImportance: 0.02,
      });
      await apply(m, archived);
      expect(await getArchiveEntry(db, f.scope, memoryIdOf(m))).toEqual({
        memoryId: memoryIdOf(m),
        reason: 'decay',
        supersededBy: null,
        effectiveImportance: 0.02,
        archivedAt: archived.event.occurredAt,
        archivedEventId: archived.event.eventId,
        restoredAt: null,
      });
      const restored = f.make('MemoryRestored', { memoryId: memoryIdOf(m) });
      await apply(restored);
      expect((await getArchiveEntry(db, f.scope, memoryIdOf(m)))!.restoredAt).toBe(restored.event.occurredAt);
      expect(await listArchive(db, f.scope)).toEqual([]);
      expect(await getArchiveEntry(db, { ...f.scope, userId: 'intruder' }, memoryIdOf(m))).toBeNull();
    });

    it('archives the loser of an explicit supersession and of a newer write to the same key', async () => {
      const f = new EventFactory(freshScope());
      const a = f.fact({ key: 'job', content: 'Engineer at Acme', source: 'consolidated' });
      const b = f.memory({ key: 'job', content: 'Manager at Acme', source: 'user_stated' });
      await apply(a, b);
      expect(await getArchiveEntry(db, f.scope, memoryIdOf(a))).toMatchObject({
        reason: 'superseded',
        supersededBy: memoryIdOf(b),
        archivedAt: b.event.occurredAt,
      });
      // A lower-provenance write is refused by the guard: nothing is archived.
      const refused = f.fact({ key: 'job', content: 'Unemployed', source: 'model_inferred' });
      await apply(refused);
      expect(await getArchiveEntry(db, f.scope, memoryIdOf(b))).toBeNull();
      const x = f.memory({ content: 'x' });
      const y = f.memory({ content: 'y' });
      await apply(
        x,
        y,
        f.make('MemorySuperseded', {
          memoryId: memoryIdOf(x),
          supersededBy: memoryIdOf(y),
          reason: 'merged',
          contradictionId: null,
        }),
      );
      expect(await getArchiveEntry(db, f.scope, memoryIdOf(x))).toMatchObject({
        reason: 'superseded',
        supersededBy: memoryIdOf(y),
      });
    });

    it('purges archive rows on forget: one memory, a whole key, a whole user', async () => {
      const f = new EventFactory(freshScope());
      const k1 = f.fact({ key: 'secret', content: 'v1', source: 'legacy' });
      const k2 = f.fact({ key: 'secret', content: 'v2', source: 'consolidated' });
      const k3 = f.memory({ key: 'secret', content: 'v3' });
      const lone = f.memory({ content: 'lone' });
      const other = f.memory({ content: 'other' });
      await apply(
        k1,
        k2,
        k3,
        lone,
        other,
        f.make('MemoryArchived', { memoryId: memoryIdOf(k3), reason: 'manual', effectiveImportance: null }),
        f.make('MemoryArchived', { memoryId: memoryIdOf(lone), reason: 'manual', effectiveImportance: null }),
        f.make('MemoryArchived', { memoryId: memoryIdOf(other), reason: 'cold_archive', effectiveImportance: 0.01 }),
      );
      expect((await listArchive(db, f.scope)).map((r) => r.memoryId).sort()).toEqual(
        [k1, k2, k3, lone, other].map(memoryIdOf).sort(),
      );
      await apply(f.forget('key', { key: 'secret' }));
      expect((await listArchive(db, f.scope)).map((r) => r.memoryId).sort()).toEqual(
        [lone, other].map(memoryIdOf).sort(),
      );
      await apply(f.forget('memory', { memoryId: memoryIdOf(lone) }));
      expect((await listArchive(db, f.scope)).map((r) => r.memoryId)).toEqual([memoryIdOf(other)]);
      await apply(f.forget('user'));
      expect(await listArchive(db, f.scope)).toEqual([]);
    });
  });
}
