import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import type { FactExtracted } from '@engram/core';
import { createRulesEngine } from '../src/extraction/rules/rules-engine';
import type { ExtractionEngine } from '../src/extraction/types';
import { waitFor } from '@engram/testing';
import { converse, endSession, event, memoriesOf, openStack, type Stack, type Who } from './stack';

let stack: Stack | null = null;
let release: (() => void) | null = null;
afterEach(async () => {
  release?.();
  await stack?.close();
  stack = null;
});

/** The rules engine, but the n-th extraction waits until the test opens the gate. */
function gatedEngine(blockCall: number) {
  const rules = createRulesEngine();
  let calls = 0;
  let open!: () => void;
  const gate = new Promise<void>((r) => (open = r));
  let blocked!: () => void;
  const reachedBlock = new Promise<void>((r) => (blocked = r));
  const engine: ExtractionEngine = {
    id: rules.id,
    async extract(input) {
      calls++;
      if (calls === blockCall) {
        blocked();
        await gate;
      }
      return rules.extract(input);
    },
  };
  return { engine, open: () => open(), reachedBlock, calls: () => calls };
}

const T0 = new Date('2026-11-02T09:00:00.000Z');
const users: Who[] = ['u1', 'u2', 'u3'].map((userId) => ({ tenantId: 't1', userId, agentId: null }));

describe('durable tasks across a restart', () => {
  it('a consolidator closed mid-batch resumes from its journal and every fact is written exactly once', async () => {
    const gated = gatedEngine(2);
    release = gated.open;
    stack = await openStack({ engine: gated.engine, config: { concurrency: 1 } });
    const s = stack;
    const cities = ['Oslo', 'Quito', 'Hanoi'];
    for (const [i, who] of users.entries()) {
      await converse(
        s.log,
        who,
        `sess-${i}`,
        [
          ['user', `My name is User${i}. I live in ${cities[i]}.`],
          ['assistant', 'Noted.'],
        ],
        new Date(T0.getTime() + i * 60_000),
      );
      await endSession(s.log, who, `sess-${i}`, new Date(T0.getTime() + i * 60_000 + 30_000));
    }
    // a high-importance note is distilled by its own task (checked for duplicates through the log)
    await s.log.append([
      event(
        'MemoryWritten',
        users[0]!,
        null,
        {
          memoryId: '0b1e8f3c-0000-4000-8000-0000000000a1',
          type: 'USER',
          tier: 'WORKING',
          key: null,
          content: 'I drive a Subaru Outback.',
          tags: [],
          importance: 0.95,
          pinned: false,
          source: 'user_stated',
          confidence: 1,
          scope: null,
          metadata: {},
          sourceMessageIds: [],
          episodeId: null,
          validFrom: null,
          validTo: null,
        },
        T0.toISOString(),
      ),
    ]);
    await gated.reachedBlock;
    // every cause is in the journal (one task done, one inside the engine, two waiting)
    await waitFor('all tasks queued', async () => s.consolidator.pending() === 3);
    // close while the second task is inside the engine; it must abandon instead of appending
    const closing = s.consolidator.close();
    gated.open();
    await closing;

    const journal = await readFile(join(s.dir, 'consolidator', 'tasks.jsonl'), 'utf8');
    const pendingAtClose =
      journal.split('\n').filter((l) => l.includes('"op":"enqueue"')).length -
      journal.split('\n').filter((l) => l.includes('"op":"done"')).length;
    expect(pendingAtClose).toBe(3);
    const factsBefore = (await s.events()).filter((e) => e.type === 'FactExtracted');
    expect(new Set(factsBefore.map((e) => e.userId))).toEqual(new Set(['u1']));

    const second = s.openConsolidator({ engine: createRulesEngine() });
    await second.start();
    await waitFor('all sessions consolidated', async () => {
      await second.whenIdle();
      const eps = await s.db.query<{ n: number }>('SELECT count(*)::int AS n FROM episodes');
      const vehicle = await s.db.query("SELECT 1 FROM memories WHERE key = 'user.vehicle'");
      return eps.rows[0]!.n === 3 && vehicle.rows.length === 1;
    });
    const afterRestart = await s.events();
    const facts = afterRestart.filter((e): e is FactExtracted => e.type === 'FactExtracted');
    expect(facts.map((f) => f.payload.memoryId).length).toBe(new Set(facts.map((f) => f.payload.memoryId)).size);
    expect(facts.map((f) => `${f.userId}:${f.payload.key}`).sort()).toEqual([
      'u1:user.name',
      'u1:user.residence',
      'u1:user.vehicle',
      'u2:user.name',
      'u2:user.residence',
      'u3:user.name',
      'u3:user.residence',
    ]);
    expect(afterRestart.filter((e) => e.type === 'EpisodeCreated')).toHaveLength(3);
    for (const [i, who] of users.entries()) {
      const rows = await memoriesOf(s.db, who);
      expect(rows.find((r) => r.key === 'user.residence')!.content).toBe(`User lives in ${cities[i]}`);
    }
    await second.close();

    // A replay from the start of the log with the journal lost: every task is recognised as done.
    const replay = s.openConsolidator({
      stateDir: join(s.dir, 'consolidator-replay'),
      config: { fromBeginning: true },
    });
    await replay.start();
    await waitFor('replayed tasks drained', async () => {
      await replay.whenIdle();
      const j = await readFile(join(s.dir, 'consolidator-replay', 'tasks.jsonl'), 'utf8');
      return j.split('\n').filter((l) => l.includes('"op":"done"')).length === 4;
    });
    expect((await s.events()).length).toBe(afterRestart.length);
    // the three sessions are found in the log; the note's fact is now a restatement, so nothing is planned for it
    expect(
      s.logger.entries.filter((e) => e.msg === 'consolidation already appended by an earlier attempt'),
    ).toHaveLength(3);
  });
});
