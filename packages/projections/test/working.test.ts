import { afterAll, beforeAll, expect, it } from 'vitest';
import type { SqlDatabase } from '@engram/core';
import {
  getSession,
  renderWorkingMemory,
  runMigrations,
  WORKING_MEMORY_HEADING,
  WORKING_RING_SIZE,
  workingProjector,
  loadWorkingEntries,
} from '../src';
import { applyEvents } from './helpers/apply';
import { describeWithServers } from '@engram/testing';
import { backends } from './helpers/backends';
import { EventFactory, freshScope } from './helpers/events';

for (const backend of backends()) {
  describeWithServers(backend.servers, `working projector on ${backend.name}`, () => {
    let db: SqlDatabase;
    let dispose: () => Promise<void>;
    beforeAll(async () => {
      ({ db, dispose } = await backend.open());
      await runMigrations(db);
    });
    afterAll(async () => dispose?.());

    it('turns messages into entries weighted by role and keeps the session row', async () => {
      const f = new EventFactory(freshScope(), 'sess-a');
      const events = [
        f.message('user', 'hello'),
        f.message('assistant', 'hi there'),
        f.message('tool', '{"ok":true}'),
        f.message('system', 'be brief'),
      ];
      await applyEvents(db, workingProjector, events);
      const entries = await loadWorkingEntries(db, f.scope, 'sess-a');
      expect(entries.map((e) => [e.kind, e.role, e.content, e.importance])).toEqual([
        ['message', 'user', 'hello', 0.5],
        ['message', 'assistant', 'hi there', 0.5],
        ['message', 'tool', '{"ok":true}', 0.3],
        ['message', 'system', 'be brief', 0.2],
      ]);
      const s = await getSession(db, f.scope, 'sess-a');
      expect(s).toMatchObject({
        sessionId: 'sess-a',
        messageCount: 4,
        endedAt: null,
        startedAt: events[0]!.event.occurredAt,
        lastActivityAt: events[3]!.event.occurredAt,
      });
    });

    it('adds WORKING notes of a session with their importance and ignores durable writes', async () => {
      const f = new EventFactory(freshScope(), 'sess-n');
      await applyEvents(db, workingProjector, [
        f.message('user', 'my build is failing'),
        f.memory({ tier: 'WORKING', content: 'user is debugging CI', importance: 0.9 }),
        f.memory({ tier: 'SEMANTIC', content: 'durable fact' }),
        f.memory({ tier: 'WORKING', content: 'no session' }, { sessionId: null }),
      ]);
      const entries = await loadWorkingEntries(db, f.scope, 'sess-n');
      expect(entries.map((e) => [e.kind, e.content, e.importance])).toEqual([
        ['message', 'my build is failing', 0.5],
        ['note', 'user is debugging CI', 0.9],
      ]);
      expect((await getSession(db, f.scope, 'sess-n'))!.messageCount).toBe(1);
    });

    it(`keeps at most ${WORKING_RING_SIZE} entries per session, dropping the oldest`, async () => {
      const f = new EventFactory(freshScope(), 'ring');
      const other = f.message('user', 'another session', { sessionId: 'ring-2' });
      const events = Array.from({ length: 27 }, (_, i) => f.message(i % 2 ? 'assistant' : 'user', `m${i}`));
      await applyEvents(db, workingProjector, [other, ...events], 4);
      const entries = await loadWorkingEntries(db, f.scope, 'ring');
      expect(entries).toHaveLength(WORKING_RING_SIZE);
      expect(entries.map((e) => e.content)).toEqual(Array.from({ length: 20 }, (_, i) => `m${i + 7}`));
      expect(await loadWorkingEntries(db, f.scope, 'ring-2')).toHaveLength(1);
      expect((await getSession(db, f.scope, 'ring'))!.messageCount).toBe(27);
    });

    it('ends a session and reopens it when a message arrives after the end', async () => {
      const f = new EventFactory(freshScope(), 'life');
      const start = f.make('SessionStarted', { sessionId: 'life' });
      await applyEvents(db, workingProjector, [start, f.message('user', 'a')]);
      const end = f.make('SessionEnded', { sessionId: 'life', reason: 'idle' });
      await applyEvents(db, workingProjector, [end]);
      expect(await getSession(db, f.scope, 'life')).toMatchObject({
        startedAt: start.event.occurredAt,
        endedAt: end.event.occurredAt,
        endReason: 'idle',
        messageCount: 1,
      });
      const late = f.message('user', 'back again');
      await applyEvents(db, workingProjector, [late]);
      expect(await getSession(db, f.scope, 'life')).toMatchObject({
        endedAt: null,
        endReason: null,
        messageCount: 2,
        lastActivityAt: late.event.occurredAt,
      });
    });

    it('forgets every working row of a user, and only of that user', async () => {
      const f = new EventFactory(freshScope(), 'x');
      const g = new EventFactory({ ...f.scope, userId: `${f.scope.userId}-other` }, 'x');
      await applyEvents(db, workingProjector, [
        f.message('user', 'mine'),
        g.message('user', 'theirs'),
        f.forget('user'),
      ]);
      expect(await loadWorkingEntries(db, f.scope, 'x')).toEqual([]);
      expect(await getSession(db, f.scope, 'x')).toBeNull();
      expect((await loadWorkingEntries(db, g.scope, 'x')).map((e) => e.content)).toEqual(['theirs']);
    });

    it('forgets a single session note by its memory id', async () => {
      const f = new EventFactory(freshScope(), 'fn');
      const note = f.memory({ tier: 'WORKING', content: 'secret note' });
      await applyEvents(db, workingProjector, [f.message('user', 'hello'), note]);
      await applyEvents(db, workingProjector, [
        f.forget('memory', { memoryId: (note.event.payload as { memoryId: string }).memoryId }),
      ]);
      expect((await loadWorkingEntries(db, f.scope, 'fn')).map((e) => e.content)).toEqual(['hello']);
    });

    it('renders markdown in chronological order with notes marked, scoped by agent', async () => {
      const f = new EventFactory(freshScope('agent-1'), 'md');
      await applyEvents(db, workingProjector, [
        f.message('user', 'I use pnpm'),
        f.memory({ tier: 'WORKING', content: 'prefers pnpm', importance: 0.8 }),
        f.message('assistant', 'Noted.\nWill use pnpm.'),
        f.message('user', 'other agent', { agentId: 'agent-2' }),
      ]);
      const text = await renderWorkingMemory(db, f.scope, 'md');
      expect(text).toBe(
        [
          WORKING_MEMORY_HEADING,
          '',
          '- **user**: I use pnpm',
          '- **note**: prefers pnpm',
          '- **assistant**: Noted. Will use pnpm.',
        ].join('\n'),
      );
      const anyAgent = await renderWorkingMemory(db, { ...f.scope, agentId: null }, 'md');
      expect(anyAgent).toContain('- **user**: other agent');
      expect(await renderWorkingMemory(db, f.scope, 'no-such-session')).toBe('');
    });

    it('drops the least important entries first (oldest first on ties) to fit the budget', async () => {
      const f = new EventFactory(freshScope(), 'budget');
      await applyEvents(db, workingProjector, [
        f.message('system', 'S'.repeat(40)), // 0.2
        f.message('user', 'U1'.repeat(20)), // 0.5, oldest user
        f.memory({ tier: 'WORKING', content: 'N'.repeat(40), importance: 0.9 }),
        f.message('tool', 'T'.repeat(40)), // 0.3
        f.message('assistant', 'A'.repeat(40)), // 0.5, newer
      ]);
      const full = await renderWorkingMemory(db, f.scope, 'budget', 100_000);
      expect(full.split('\n')).toHaveLength(7);
      const lines = (s: string) =>
        s
          .split('\n')
          .slice(2)
          .map((l) => l.slice(0, 11));
      // Room for three entries: system (0.2) and tool (0.3) go first.
      const three = await renderWorkingMemory(db, f.scope, 'budget', full.length - 100);
      expect(lines(three)).toEqual(['- **user**:', '- **note**:', '- **assista']);
      // Room for two: then the older of the two 0.5 entries (the user message).
      const two = await renderWorkingMemory(db, f.scope, 'budget', full.length - 160);
      expect(lines(two)).toEqual(['- **note**:', '- **assista']);
      for (let budget = 0; budget <= full.length + 5; budget += 7) {
        expect((await renderWorkingMemory(db, f.scope, 'budget', budget)).length).toBeLessThanOrEqual(budget);
      }
    });

    it('truncates a single entry that alone exceeds the budget', async () => {
      const f = new EventFactory(freshScope(), 'long');
      await applyEvents(db, workingProjector, [f.message('user', 'x'.repeat(5000)), f.message('tool', 'short')]);
      const text = await renderWorkingMemory(db, f.scope, 'long', 300);
      expect(text.length).toBeLessThanOrEqual(300);
      expect(text.length).toBeGreaterThan(280);
      expect(text.startsWith(`${WORKING_MEMORY_HEADING}\n\n- **user**: xxx`)).toBe(true);
      expect(text.endsWith('x…')).toBe(true);
      expect(text).not.toContain('short');
    });
  });
}
