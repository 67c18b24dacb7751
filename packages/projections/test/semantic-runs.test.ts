import { expect, it } from 'vitest';
import type { StoredEvent } from '@engram/core';
import { describeWithServers } from '@engram/testing';
import { applyBatch, runMigrations, semanticProjector, type Projector } from '../src';
import { backends } from './helpers/backends';
import { EventFactory, freshScope, memoryIdOf } from './helpers/events';
import { hashReadModels } from './helpers/table-hash';

/** The semantic projector without its run path: every event through apply(), as before batching. */
const inTurn: Projector = { name: 'semantic', apply: (tx, e) => semanticProjector.apply(tx, e) };

for (const backend of backends()) {
  describeWithServers(backend.servers, `semantic projector runs on ${backend.name}`, () => {
    it('a batch applied as runs leaves the same rows, history and write status as event by event', async () => {
      const alice = new EventFactory(freshScope('agent-a'));
      const bob = new EventFactory(freshScope(null));
      const first = alice.memory({ content: 'Likes green tea' });
      const events: StoredEvent[] = [
        first,
        alice.memory({ content: 'likes  GREEN tea' }), // identical after normalising: deduplicated into first
        alice.memory({ content: 'Likes green tea' }, { agentId: 'agent-b' }), // another agent: stored
        bob.memory({ content: 'Likes green tea' }), // another user: stored
        alice.memory({ key: 'pref.tea', content: 'Drinks sencha' }), // keyed: through apply, between runs
        alice.memory({ content: 'Drinks sencha' }), // same content as the keyed entry: deduplicated into it
        alice.make('MemoryArchived', { memoryId: memoryIdOf(first), reason: 'decay', effectiveImportance: 0.1 }),
        alice.memory({ content: 'Likes green tea' }), // first is archived now: stored anew
        alice.memory({ content: 'Likes green tea' }), // and this one deduplicated into that
        alice.fact({ content: 'Owns a bicycle' }),
        alice.memory({ tier: 'WORKING', content: 'a session note' }),
      ];
      // The first write delivered again at a later offset (a producer's retry): its memory id is a no-op.
      events.push({ ...first, position: { partition: 0, offset: events[events.length - 1]!.position.offset + 1 } });
      const digests: unknown[] = [];
      for (const [projector, batchSize] of [
        [inTurn, 1],
        [semanticProjector, events.length],
        [semanticProjector, 3],
      ] as const) {
        const { db, dispose } = await backend.open();
        try {
          await runMigrations(db);
          for (let i = 0; i < events.length; i += batchSize)
            await applyBatch(db, projector, events.slice(i, i + batchSize));
          const status = await db.query(
            'SELECT event_id::text, "offset", outcome, memory_id::text, code FROM event_status ORDER BY event_id',
          );
          digests.push({ models: await hashReadModels(db), status: status.rows });
        } finally {
          await dispose();
        }
      }
      expect(digests[1]).toEqual(digests[0]);
      expect(digests[2]).toEqual(digests[0]);
    });
  });
}
