import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Scope, SqlDatabase, StoredEvent } from '@engram/core';
import { describeWithServers } from '@engram/testing';
import {
  applyBatch,
  createSemanticWriteIndex,
  runMigrations,
  semanticProjector,
  sqlWritePrecheck,
  type SemanticWriteIndex,
  type WriteEntryProbe,
} from '../src';
import { backends } from './helpers/backends';
import { EventFactory, freshScope, memoryIdOf } from './helpers/events';

for (const backend of backends()) {
  describeWithServers(backend.servers, `in-memory write precheck on ${backend.name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());

    /** Applies events as the runner does (then its after-commit hook) and compares every probe's verdict. */
    async function step(
      index: SemanticWriteIndex,
      events: StoredEvent[],
      scope: Scope,
      probes: WriteEntryProbe[],
    ): Promise<Array<{ action: string; id?: string }>> {
      if (events.length > 0) {
        await applyBatch(db, semanticProjector, events);
        await index.afterCommit(events);
      }
      const sql = sqlWritePrecheck(db);
      const out = [];
      for (const p of probes) {
        const [fromIndex, fromSql] = [await index.check(scope, p), await sql.check(scope, p)];
        expect(fromIndex).toEqual(fromSql);
        out.push(
          fromIndex.action === 'duplicate' ? { action: 'duplicate', id: fromIndex.id } : { action: fromIndex.action },
        );
      }
      return out;
    }

    it('answers as the read model does through writes, key updates, provenance, archive, restore and forget', async () => {
      const f = new EventFactory(freshScope('agent-a'));
      const index = createSemanticWriteIndex(db);
      const unkeyed = { key: null, content: 'Likes  GREEN tea', source: 'user_stated' } as const;
      const keyed = { key: 'pref.tea', content: 'Drinks sencha', source: 'user_stated' } as const;
      const weak = { key: 'pref.tea', content: 'Drinks matcha', source: 'model_inferred' } as const;
      // Loaded at the first check (nothing yet), then kept in step.
      expect(await step(index, [], f.scope, [unkeyed, keyed])).toEqual([{ action: 'append' }, { action: 'append' }]);

      const a = f.memory({ content: 'likes green tea', source: 'user_stated' });
      const b = f.memory({ key: 'pref.tea', content: 'Drinks sencha', source: 'user_stated' });
      expect(await step(index, [a, b], f.scope, [unkeyed, keyed, weak])).toEqual([
        { action: 'duplicate', id: memoryIdOf(a) },
        { action: 'duplicate', id: memoryIdOf(b) },
        { action: 'reject' },
      ]);
      // Another agent of the same user holds nothing yet.
      expect(await index.check({ ...f.scope, agentId: 'agent-b' }, unkeyed)).toEqual({ action: 'append' });

      const c = f.memory({ key: 'pref.tea', content: 'Drinks gyokuro', source: 'user_stated' });
      expect(await step(index, [c], f.scope, [keyed, { ...keyed, content: 'Drinks gyokuro' }])).toEqual([
        { action: 'append' },
        { action: 'duplicate', id: memoryIdOf(c) },
      ]);

      const archived = f.make('MemoryArchived', { memoryId: memoryIdOf(a), reason: 'decay', effectiveImportance: 0.1 });
      expect(await step(index, [archived], f.scope, [unkeyed])).toEqual([{ action: 'append' }]);
      const restored = f.make('MemoryRestored', { memoryId: memoryIdOf(a) });
      expect(await step(index, [restored], f.scope, [unkeyed])).toEqual([{ action: 'duplicate', id: memoryIdOf(a) }]);

      expect(index.size().users).toBe(1);
      const forgotten = f.forget('key', { key: 'pref.tea' });
      expect(await step(index, [forgotten], f.scope, [{ ...keyed, content: 'Drinks gyokuro' }, unkeyed])).toEqual([
        { action: 'append' },
        { action: 'duplicate', id: memoryIdOf(a) },
      ]);
    });

    it('a user loaded while a batch of theirs commits sees that batch', async () => {
      const f = new EventFactory(freshScope(null));
      const index = createSemanticWriteIndex(db);
      const w = f.memory({ content: 'Plays the cello on Sundays' });
      const checking = index.check(f.scope, {
        key: null,
        content: 'plays the cello on sundays',
        source: 'user_stated',
      });
      await applyBatch(db, semanticProjector, [w]);
      await index.afterCommit([w]);
      await checking;
      expect(
        await index.check(f.scope, { key: null, content: 'Plays the cello on Sundays', source: 'user_stated' }),
      ).toEqual({
        action: 'duplicate',
        id: memoryIdOf(w),
      });
    });

    it('drops least recently used users beyond its bound and loads them again', async () => {
      const index = createSemanticWriteIndex(db, { maxEntries: 1 });
      const users = [new EventFactory(freshScope(null)), new EventFactory(freshScope(null))];
      const writes = users.map((f, i) => f.memory({ content: `Fact number ${i}` }));
      for (const w of writes) await applyBatch(db, semanticProjector, [w]);
      for (const [i, f] of users.entries()) {
        expect(await index.check(f.scope, { key: null, content: `Fact number ${i}`, source: 'user_stated' })).toEqual({
          action: 'duplicate',
          id: memoryIdOf(writes[i]!),
        });
        expect(index.size().entries).toBeLessThanOrEqual(1);
      }
    });
  });
}
