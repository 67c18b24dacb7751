import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import { episodicProjector, getEpisodes, listEpisodes, listMessages, NO_SESSION, runMigrations } from '../src';
import { applyEvents } from './helpers/apply';
import { describeWithServers } from '@engram/testing';
import { backends } from './helpers/backends';
import { EventFactory, freshScope, uid } from './helpers/events';

for (const backend of backends()) {
  describeWithServers(backend.servers, `episodic projector on ${backend.name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());

    it('records each observed message in the ledger with its envelope, offset and metadata', async () => {
      const f = new EventFactory(freshScope('bot'), 'chat-1');
      const m1 = f.message('user', 'Where is my order?', { messageId: 'msg-1' });
      const m2 = f.message('assistant', 'It ships tomorrow.', { messageId: 'msg-2' });
      await applyEvents(db, episodicProjector, [m1, m2]);
      expect(await listMessages(db, f.scope, 'chat-1')).toEqual([
        {
          eventId: m1.event.eventId,
          messageId: 'msg-1',
          tenantId: f.scope.tenantId,
          userId: f.scope.userId,
          agentId: 'bot',
          sessionId: 'chat-1',
          role: 'user',
          content: 'Where is my order?',
          at: m1.event.occurredAt,
          seq: m1.position.offset,
          metadata: { via: 'test' },
        },
        {
          eventId: m2.event.eventId,
          messageId: 'msg-2',
          tenantId: f.scope.tenantId,
          userId: f.scope.userId,
          agentId: 'bot',
          sessionId: 'chat-1',
          role: 'assistant',
          content: 'It ships tomorrow.',
          at: m2.event.occurredAt,
          seq: m2.position.offset,
          metadata: { via: 'test' },
        },
      ]);
      expect(
        (await listMessages(db, f.scope, 'chat-1', { afterSeq: m1.position.offset })).map((m) => m.messageId),
      ).toEqual(['msg-2']);
    });

    it('ignores a re-sent messageId in the same session but not in another session', async () => {
      const f = new EventFactory(freshScope(), 'chat-d');
      await applyEvents(db, episodicProjector, [
        f.message('user', 'first', { messageId: 'same' }),
        f.message('user', 'sent again', { messageId: 'same' }),
        f.message('user', 'other session', { messageId: 'same', sessionId: 'chat-e' }),
        f.message('user', 'no session', { messageId: 'loose', sessionId: null }),
      ]);
      expect((await listMessages(db, f.scope, 'chat-d')).map((m) => m.content)).toEqual(['first']);
      expect((await listMessages(db, f.scope, 'chat-e')).map((m) => m.content)).toEqual(['other session']);
      expect((await listMessages(db, f.scope, NO_SESSION)).map((m) => m.content)).toEqual(['no session']);
    });

    it('stores episodes and filters them by entity and time', async () => {
      const f = new EventFactory(freshScope());
      const id = uid();
      const ep = f.make('EpisodeCreated', {
        episodeId: id,
        sessionKey: 'chat-9',
        summary: 'Planned a trip to Kyoto',
        messageRangeStart: 'm1',
        messageRangeEnd: 'm9',
        entityIds: ['kyoto', 'trip'],
        importance: 0.7,
        sourceMessageIds: ['m1', 'm9'],
        startedAt: '2026-03-01T09:00:00.000Z',
        endedAt: '2026-03-01T09:30:00.000Z',
      });
      await applyEvents(db, episodicProjector, [ep, ep]);
      expect(await getEpisodes(db, f.scope, [id])).toEqual([
        {
          id,
          tenantId: f.scope.tenantId,
          userId: f.scope.userId,
          agentId: null,
          sessionKey: 'chat-9',
          summary: 'Planned a trip to Kyoto',
          messageRangeStart: 'm1',
          messageRangeEnd: 'm9',
          entityIds: ['kyoto', 'trip'],
          importance: 0.7,
          sourceMessageIds: ['m1', 'm9'],
          startedAt: '2026-03-01T09:00:00.000Z',
          endedAt: '2026-03-01T09:30:00.000Z',
          createdAt: ep.event.occurredAt,
        },
      ]);
      expect(await listEpisodes(db, f.scope, { entityId: 'kyoto' })).toHaveLength(1);
      expect(await listEpisodes(db, f.scope, { entityId: 'paris' })).toHaveLength(0);
      expect(await listEpisodes(db, f.scope, { from: '2027-01-01T00:00:00Z' })).toHaveLength(0);
    });

    it('forgets the episodes a lineage cascade lists and keeps the messages', async () => {
      const f = new EventFactory(freshScope(), 'c');
      const episode = (id: string) =>
        f.make('EpisodeCreated', {
          episodeId: id,
          sessionKey: 'c',
          summary: `summary ${id}`,
          messageRangeStart: null,
          messageRangeEnd: null,
          entityIds: [],
          importance: 0.5,
          sourceMessageIds: [],
          startedAt: null,
          endedAt: null,
        });
      const gone = uid();
      const kept = uid();
      await applyEvents(db, episodicProjector, [
        f.message('user', 'hello'),
        episode(gone),
        episode(kept),
        f.forgetDerived({ episodeIds: [gone] }),
      ]);
      expect((await listEpisodes(db, f.scope)).map((e) => e.id)).toEqual([kept]);
      expect(await listMessages(db, f.scope, 'c')).toHaveLength(1);
    });

    it('forgets the messages and episodes of a user only', async () => {
      const f = new EventFactory(freshScope(), 'c');
      const g = new EventFactory({ ...f.scope, userId: `${f.scope.userId}-b` }, 'c');
      await applyEvents(db, episodicProjector, [
        f.message('user', 'mine'),
        g.message('user', 'theirs'),
        f.make('EpisodeCreated', {
          episodeId: uid(),
          sessionKey: 'c',
          summary: 's',
          messageRangeStart: null,
          messageRangeEnd: null,
          entityIds: [],
          importance: 0.5,
          sourceMessageIds: [],
          startedAt: null,
          endedAt: null,
        }),
        f.forget('user'),
      ]);
      expect(await listMessages(db, f.scope, 'c')).toEqual([]);
      expect(await listEpisodes(db, f.scope)).toEqual([]);
      expect(await listMessages(db, g.scope, 'c')).toHaveLength(1);
    });
  });
}
