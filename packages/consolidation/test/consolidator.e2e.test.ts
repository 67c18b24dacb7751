import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId, type FactExtracted } from '@engram/core';
import { episodeIdOf } from '../src/plan-session';
import { appendManualConsolidation } from '../src/triggers';
import { waitFor } from '@engram/testing';
import { activeByKey, converse, endSession, event, memoriesOf, openStack, type Stack, type Who } from './stack';

let stack: Stack;
beforeAll(async () => {
  stack = await openStack();
});
afterAll(async () => {
  await stack?.close();
});

const who = (userId: string): Who => ({ tenantId: 't1', userId, agentId: null });
const T0 = new Date('2026-11-01T09:00:00.000Z');

async function episodeOf(sessionEndedId: string) {
  return waitFor(`episode of ${sessionEndedId}`, async () => {
    const r = await stack.db.query<{
      id: string;
      session_key: string;
      summary: string;
      entity_ids: string[];
      source_message_ids: string[];
    }>('SELECT id, session_key, summary, entity_ids, source_message_ids FROM episodes WHERE id = $1', [
      episodeIdOf(sessionEndedId),
    ]);
    return r.rows[0];
  });
}

/** Waits for the consolidator to finish and the semantic projection to apply what it appended. */
async function settled(): Promise<void> {
  await stack.consolidator.whenIdle();
  const head = (await stack.log.head()).get(0) ?? 0;
  await waitFor('projections caught up', async () => {
    const r = await stack.db.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM projection_checkpoints WHERE partition = 0 AND next_offset >= $1 AND projection IN ('semantic','episodic','working')",
      [head],
    );
    return r.rows[0]!.n === 3;
  });
}

/** A user's first session (name, city, food, editor), consolidated: what the later tests build on, per user. */
async function introduced(user: Who, city: string): Promise<void> {
  await converse(
    stack.log,
    user,
    'intro',
    [
      ['user', `Hi, I'm ${user.userId}. I live in ${city} and I love sushi.`],
      ['assistant', `Nice to meet you! ${city} has great sushi places.`],
      ['user', 'My favourite editor is Helix.'],
    ],
    T0,
  );
  await episodeOf(await endSession(stack.log, user, 'intro', new Date(T0.getTime() + 5 * 60_000)));
  await settled();
}

// Each test has users of its own and sets up what it needs: none depends on another having run.
describe('consolidator end to end (file log + PGlite + projectors)', () => {
  it('turns a finished session into an episode and consolidated facts with lineage', async () => {
    const alice = who('alice');
    const ids = await converse(
      stack.log,
      alice,
      's1',
      [
        ['user', "Hi, I'm Alice. I live in Berlin and I love sushi."],
        ['assistant', 'Nice to meet you, Alice! Berlin has great sushi places.'],
        ['user', 'My favourite editor is Helix.'],
      ],
      T0,
    );
    const ended = await endSession(stack.log, alice, 's1', new Date(T0.getTime() + 5 * 60_000));
    const episode = await episodeOf(ended);
    await settled();
    expect(episode.session_key).toBe('s1');
    expect(episode.source_message_ids).toEqual(ids);
    expect(episode.summary).toContain('Berlin');
    expect(episode.entity_ids).toContain('berlin');

    const rows = await memoriesOf(stack.db, alice);
    const byKey = new Map(rows.map((r) => [r.key, r]));
    expect([...byKey.keys()].sort()).toEqual([
      'user.favourite_editor',
      'user.name',
      'user.preference.sushi',
      'user.residence',
    ]);
    for (const r of rows) {
      expect(r.source).toBe('consolidated');
      expect(r.tier).toBe('SEMANTIC');
      expect(r.type).toBe('USER');
      expect(r.episode_id).toBe(episode.id);
      expect(r.metadata.extractor).toBe('rules@1');
    }
    expect(byKey.get('user.residence')!.content).toBe('User lives in Berlin');
    expect(byKey.get('user.residence')!.source_message_ids).toEqual([ids[0]]);
    expect(byKey.get('user.favourite_editor')!.source_message_ids).toEqual([ids[2]]);
    const facts = (await stack.events()).filter(
      (e): e is FactExtracted => e.type === 'FactExtracted' && e.userId === 'alice',
    );
    expect(facts).toHaveLength(4);
    expect(facts.every((f) => f.causationId === ended)).toBe(true);
  });

  it('supersedes the old residence when a later session says the user moved, leaving other facts alone', async () => {
    const alice = who('alma');
    await introduced(alice, 'Berlin');
    const before = await memoriesOf(stack.db, alice);
    const oldResidence = before.find((m) => m.key === 'user.residence')!;
    await converse(
      stack.log,
      alice,
      's2',
      [
        ['user', 'Quick update: I moved to Munich last month.'],
        ['assistant', 'Congrats on the move!'],
      ],
      new Date(T0.getTime() + 86_400_000),
    );
    await endSession(stack.log, alice, 's2', new Date(T0.getTime() + 86_400_000 + 600_000));
    await waitFor('new residence', async () =>
      (await activeByKey(stack.db, alice, 'user.residence')).find((m) => m.content.includes('Munich')),
    );
    await settled();
    const after = await memoriesOf(stack.db, alice);
    const active = after.filter((m) => m.key === 'user.residence' && m.tier === 'SEMANTIC');
    expect(active.map((m) => m.content)).toEqual(['User lives in Munich']);
    const old = after.find((m) => m.id === oldResidence.id)!;
    expect(old.tier).toBe('ARCHIVAL');
    expect(old.superseded_by).toBe(active[0]!.id);
    for (const m of before.filter((x) => x.key !== 'user.residence')) {
      const now = after.find((x) => x.id === m.id)!;
      expect(now.tier).toBe('SEMANTIC');
      expect(now.content).toBe(m.content);
    }
    const c = await stack.db.query<{
      entry_a_id: string;
      entry_b_id: string;
      resolution: string;
      resolved_by: string;
      candidate: unknown;
    }>(
      "SELECT entry_a_id, entry_b_id, resolution, resolved_by, candidate FROM contradictions WHERE tenant_id = 't1' AND user_id = 'alma'",
    );
    expect(c.rows).toEqual([
      {
        entry_a_id: oldResidence.id,
        entry_b_id: active[0]!.id,
        resolution: 'b_wins',
        resolved_by: 'recency',
        candidate: null,
      },
    ]);
  });

  it('does not write a fact that only restates what is known', async () => {
    const alice = who('ada');
    await introduced(alice, 'Munich');
    const factsBefore = (await stack.events()).filter((e) => e.type === 'FactExtracted' && e.userId === 'ada').length;
    await converse(
      stack.log,
      alice,
      's3',
      [['user', 'As you know, I live in Munich and I really love sushi.']],
      new Date(T0.getTime() + 2 * 86_400_000),
    );
    const ended = await endSession(stack.log, alice, 's3', new Date(T0.getTime() + 2 * 86_400_000 + 60_000));
    await episodeOf(ended);
    await settled();
    const factsAfter = (await stack.events()).filter((e) => e.type === 'FactExtracted' && e.userId === 'ada').length;
    expect(factsAfter).toBe(factsBefore);
  });

  it('keeps a user_stated entry and records a pending contradiction instead of overwriting it', async () => {
    const bob = who('bob');
    const stated = event(
      'MemoryWritten',
      bob,
      null,
      {
        memoryId: '5d7c9a52-0000-4000-8000-000000000001',
        type: 'USER',
        tier: 'SEMANTIC',
        key: 'user.residence',
        content: 'I live in Paris',
        tags: [],
        importance: 0.5,
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
    );
    await stack.log.append([stated]);
    await converse(
      stack.log,
      bob,
      'b1',
      [['user', 'I live in Lyon now. I hate cold weather.']],
      new Date(T0.getTime() + 3_600_000),
    );
    const ended = await endSession(stack.log, bob, 'b1', new Date(T0.getTime() + 3_700_000));
    await episodeOf(ended);
    await settled();
    const residence = await activeByKey(stack.db, bob, 'user.residence');
    expect(residence.map((m) => [m.content, m.source])).toEqual([['I live in Paris', 'user_stated']]);
    expect((await activeByKey(stack.db, bob, 'user.preference.cold_weather')).map((m) => m.content)).toEqual([
      'User dislikes cold weather',
    ]);
    const c = await stack.db.query<{
      entry_a_id: string;
      resolution: string | null;
      candidate: { key: string; content: string; source: string; sourceMessageIds: string[] };
    }>("SELECT entry_a_id, resolution, candidate FROM contradictions WHERE tenant_id = 't1' AND user_id = 'bob'");
    expect(c.rows).toHaveLength(1);
    expect(c.rows[0]!.entry_a_id).toBe('5d7c9a52-0000-4000-8000-000000000001');
    expect(c.rows[0]!.resolution).toBeNull();
    expect(c.rows[0]!.candidate).toMatchObject({
      key: 'user.residence',
      content: 'User lives in Lyon',
      source: 'consolidated',
      sourceMessageIds: ['b1-m0'],
    });
    const rejected = await stack.db.query("SELECT 1 FROM memory_history WHERE user_id = 'bob' AND action = 'rejected'");
    expect(rejected.rows).toHaveLength(0); // the consolidator never even tried to overwrite it
  });

  it('does the same in Chinese', async () => {
    const li = who('lilei');
    await converse(
      stack.log,
      li,
      'z1',
      [
        ['user', '你好，我叫李雷，我住在北京，我喜欢喝茶。'],
        ['assistant', '你好李雷！'],
      ],
      T0,
    );
    await endSession(stack.log, li, 'z1', new Date(T0.getTime() + 120_000));
    await waitFor('chinese facts', async () => (await memoriesOf(stack.db, li)).length >= 3);
    await settled();
    const first = await memoriesOf(stack.db, li);
    expect(first.map((m) => [m.key, m.content]).sort()).toEqual([
      ['user.name', '用户叫李雷'],
      ['user.preference.tea', '用户喜欢喝茶'],
      ['user.residence', '用户住在北京'],
    ]);
    const beijing = first.find((m) => m.key === 'user.residence')!;
    await converse(
      stack.log,
      li,
      'z2',
      [['user', '告诉你，我上个月搬到了上海。']],
      new Date(T0.getTime() + 86_400_000),
    );
    await endSession(stack.log, li, 'z2', new Date(T0.getTime() + 86_400_000 + 60_000));
    await waitFor('shanghai', async () =>
      (await activeByKey(stack.db, li, 'user.residence')).find((m) => m.content === '用户住在上海'),
    );
    await settled();
    const after = await memoriesOf(stack.db, li);
    const shanghai = after.find((m) => m.content === '用户住在上海')!;
    expect(after.find((m) => m.id === beijing.id)).toMatchObject({ tier: 'ARCHIVAL', superseded_by: shanghai.id });
    expect(
      after
        .filter((m) => m.tier === 'SEMANTIC')
        .map((m) => m.key)
        .sort(),
    ).toEqual(['user.name', 'user.preference.tea', 'user.residence']);
  });

  it('a new employer said as "现在在招商银行" changes the employer and leaves the home where it was', async () => {
    const zhao = who('zhaolei');
    await converse(stack.log, zhao, 'b1', [['user', '我在中国银行上班。我住在合肥。']], T0);
    await endSession(stack.log, zhao, 'b1', new Date(T0.getTime() + 120_000));
    await waitFor('first facts', async () => (await activeByKey(stack.db, zhao, 'user.residence')).length === 1);
    await settled();
    const hefei = (await activeByKey(stack.db, zhao, 'user.residence'))[0]!;
    await converse(
      stack.log,
      zhao,
      'b2',
      [['user', '我已经不在中国银行干了，现在在招商银行。']],
      new Date(T0.getTime() + 86_400_000),
    );
    await endSession(stack.log, zhao, 'b2', new Date(T0.getTime() + 86_400_000 + 60_000));
    await waitFor('new employer', async () =>
      (await activeByKey(stack.db, zhao, 'user.employer')).find((m) => m.content.includes('招商银行')),
    );
    await settled();
    const homes = await activeByKey(stack.db, zhao, 'user.residence');
    expect(homes.map((m) => [m.id, m.content])).toEqual([[hefei.id, hefei.content]]);
  });

  it('a fact in the log under a key older rules wrote (user.房租, user.月薪) is superseded by the new value under the current key', async () => {
    const qian = who('qianwei');
    const at = T0.toISOString();
    const legacy = (key: string, content: string, object: string, messageId: string) =>
      event(
        'FactExtracted',
        qian,
        'old1',
        {
          memoryId: newId(),
          kind: 'fact',
          type: 'USER',
          key,
          content,
          tags: [key.slice('user.'.length), 'fact', 'zh'],
          importance: 0.6,
          confidence: 0.85,
          source: 'consolidated',
          subject: 'user',
          predicate: key.slice('user.'.length),
          object,
          timeHint: null,
          sourceMessageIds: [messageId],
          episodeId: null,
          extractor: 'rules@7',
          validFrom: at,
          validTo: null,
        },
        at,
      );
    await stack.log.append([
      legacy('user.房租', '用户的房租是每月3800', '每月3800', 'old1-m0'),
      legacy('user.月薪', '用户的月薪是一万二', '一万二', 'old1-m1'),
    ]);
    await waitFor('legacy facts', async () => (await activeByKey(stack.db, qian, 'user.月薪')).length === 1);
    const later = new Date(T0.getTime() + 86_400_000);
    await converse(stack.log, qian, 'n1', [['user', '从这个月开始每个月交4200。老板给我涨到了一万五。']], later);
    await endSession(stack.log, qian, 'n1', new Date(later.getTime() + 60_000));
    await waitFor('new salary', async () => (await activeByKey(stack.db, qian, 'user.salary')).length === 1);
    await settled();
    const rows = await memoriesOf(stack.db, qian);
    const byKey = (k: string) => rows.filter((m) => m.key === k);
    const [rent] = byKey('user.rent');
    const [salary] = byKey('user.salary');
    expect([rent?.content, salary?.content]).toEqual(['用户的房租是每月4200', '用户的工资是一万五']);
    expect(byKey('user.房租').map((m) => m.superseded_by)).toEqual([rent!.id]);
    expect(byKey('user.月薪').map((m) => m.superseded_by)).toEqual([salary!.id]);
    expect([rent!.superseded_by, salary!.superseded_by]).toEqual([null, null]);
  });

  it('records blocked candidates as WriteRejected instead of facts (P2)', async () => {
    const eve = who('eve');
    await converse(
      stack.log,
      eve,
      'e1',
      [
        ['user', 'My name is Ev\u200Be.'],
        ['user', 'I work at Initech.'],
      ],
      T0,
    );
    const ended = await endSession(stack.log, eve, 'e1', new Date(T0.getTime() + 60_000));
    const episode = await episodeOf(ended);
    await settled();
    expect(episode.summary).toContain('withheld');
    const keys = (await memoriesOf(stack.db, eve)).map((m) => m.key);
    expect(keys).toEqual(['user.employer']);
    const rej = await stack.db.query<{ attempted: string; code: string; match: string }>(
      "SELECT attempted, code, match FROM write_rejections WHERE user_id = 'eve' ORDER BY attempted",
    );
    expect(rej.rows).toEqual([
      { attempted: 'episode', code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE', match: 'U+200B' },
      { attempted: 'fact', code: 'CONTENT_BLOCKED_INVISIBLE_UNICODE', match: 'U+200B' },
    ]);
  });

  it('ends idle sessions (K1 idle) and consolidates them; manual trigger works too', async () => {
    const ida = who('ida');
    await converse(
      stack.log,
      ida,
      'i1',
      [['user', 'I drive a Volvo XC40.']],
      new Date(stack.clock.now().getTime() - 2 * 3_600_000),
    );
    await waitFor(
      'session row',
      async () => (await stack.db.query("SELECT 1 FROM sessions WHERE user_id = 'ida'")).rows.length > 0,
    );
    expect(await stack.consolidator.checkIdleSessions()).toBe(1);
    await waitFor('vehicle', async () => (await activeByKey(stack.db, ida, 'user.vehicle')).length > 0);
    const ends = (await stack.events()).filter((e) => e.type === 'SessionEnded' && e.userId === 'ida');
    expect(ends.map((e) => (e.payload as { reason: string }).reason)).toEqual(['idle']);
    await settled();
    expect(await stack.consolidator.checkIdleSessions()).toBe(0);

    await converse(stack.log, ida, 'i2', [['user', 'My email is ida@example.org.']], stack.clock.now());
    await appendManualConsolidation(stack.log, ida, 'i2', { clock: stack.clock });
    await waitFor('email', async () => (await activeByKey(stack.db, ida, 'user.contact.email')).length > 0);
  });

  it('distills a high-importance note at once (K4)', async () => {
    const kay = who('kay');
    await stack.log.append([
      event(
        'MemoryWritten',
        kay,
        'k1',
        {
          memoryId: '5d7c9a52-0000-4000-8000-0000000000aa',
          type: 'USER',
          tier: 'WORKING',
          key: null,
          content: 'I work at Acme Robotics.',
          tags: [],
          importance: 0.9,
          pinned: false,
          source: 'user_stated',
          confidence: 1,
          scope: null,
          metadata: {},
          sourceMessageIds: ['k1-m7'],
          episodeId: null,
          validFrom: null,
          validTo: null,
        },
        T0.toISOString(),
      ),
    ]);
    const [employer] = await waitFor('employer', async () => {
      const rows = await activeByKey(stack.db, kay, 'user.employer');
      return rows.length ? rows : null;
    });
    expect(employer!.content).toBe('User works at Acme Robotics');
    expect(employer!.source_message_ids).toEqual(['k1-m7']);
  });

  it('archives decayed ENVIRONMENT entries, never USER or pinned ones (D1)', async () => {
    const dee = who('dee');
    const old = new Date(stack.clock.now().getTime() - 400 * 86_400_000).toISOString();
    const write = (id: string, type: 'USER' | 'ENVIRONMENT', pinned: boolean, key: string) =>
      event(
        'MemoryWritten',
        dee,
        null,
        {
          memoryId: id,
          type,
          tier: 'SEMANTIC',
          key,
          content: `${key} content`,
          tags: [],
          importance: 0.5,
          pinned,
          source: 'user_stated',
          confidence: 1,
          scope: null,
          metadata: {},
          sourceMessageIds: [],
          episodeId: null,
          validFrom: null,
          validTo: null,
        },
        old,
      );
    await stack.log.append([
      write('5d7c9a52-0000-4000-8000-0000000000d1', 'ENVIRONMENT', false, 'env.project.db'),
      write('5d7c9a52-0000-4000-8000-0000000000d2', 'ENVIRONMENT', true, 'env.project.ci'),
      write('5d7c9a52-0000-4000-8000-0000000000d3', 'USER', false, 'user.nickname'),
    ]);
    await waitFor('entries', async () => (await memoriesOf(stack.db, dee)).length === 3);
    expect(await stack.consolidator.runDecay({ tenantId: 't1', userId: 'dee' })).toBe(1);
    await waitFor(
      'archived',
      async () => (await memoriesOf(stack.db, dee)).find((m) => m.key === 'env.project.db')?.tier === 'ARCHIVAL',
    );
    const rows = await memoriesOf(stack.db, dee);
    expect(
      rows
        .filter((m) => m.tier === 'SEMANTIC')
        .map((m) => m.key)
        .sort(),
    ).toEqual(['env.project.ci', 'user.nickname']);
    const archived = (await stack.events()).filter((e) => e.type === 'MemoryArchived' && e.userId === 'dee');
    expect(archived.map((e) => e.payload)).toEqual([
      { memoryId: '5d7c9a52-0000-4000-8000-0000000000d1', reason: 'decay', effectiveImportance: expect.any(Number) },
    ]);
    expect((archived[0]!.payload as { effectiveImportance: number }).effectiveImportance).toBeLessThan(0.05);
    expect(await stack.consolidator.runDecay({ tenantId: 't1', userId: 'dee' })).toBe(0);
  });
});
