import { describe, expect, it } from 'vitest';
import { deterministicId, isEngramError } from '@engram/core';
import {
  DEFAULT_INTENT_CONFIG,
  detectQueryIntent,
  intentWeights,
  resolveIntentConfig,
  type Candidate,
  type QueryIntent,
} from '@engram/retrieval';
import { candidate as testCandidate } from './candidate';

const NOW = new Date('2026-03-01T00:00:00.000Z');

const candidate = (over: Partial<Candidate>): Candidate =>
  testCandidate({ content: 'some text', ...over }, 'intent-test');

const only = (...on: Array<keyof QueryIntent>): QueryIntent => ({
  freshness: on.includes('freshness'),
  temporal: on.includes('temporal'),
  preference: on.includes('preference'),
  identity: on.includes('identity'),
  past: on.includes('past'),
});

describe('detectQueryIntent', () => {
  it.each([
    ['Where does Caroline live now?', only('freshness')],
    ['What is my current job?', only('freshness')],
    ['Which phone does she use these days', only('freshness')],
    ['Is he still with Acme?', only('freshness')],
    ['What was the latest book I read', only('freshness')],
    ['我现在住在哪里', only('freshness')],
    ['他最近在忙什么', only('freshness')],
    ['她还在那家公司工作吗', only('freshness')],
    ['目前用的是什么编辑器', only('freshness')],
    ['When did Melanie paint a sunrise?', only('temporal')],
    ['What date is the dentist appointment', only('temporal')],
    ['我们什么时候去的东京', only('temporal')],
    ['哪天开会', only('temporal')],
    ['What kind of music do I like?', only('preference')],
    ['Which editor do I prefer', only('preference')],
    ["What's my favorite colour", only('preference')],
    ['我喜欢吃什么', only('preference')],
    ['我的饮食偏好', only('preference')],
    ['Who am I?', only('identity')],
    ["What's my name", only('identity')],
    ['我叫什么名字', only('identity')],
    ['我的工作是什么', only('identity')],
    ['How does the deploy pipeline work', only()],
    ['What does the dashboard look like', only()],
    ['Something like this error again', only()],
    ['你想喝茶还是咖啡', only()],
    ['项目用的数据库是什么', only()],
    ['I know the answer', only()],
  ])('%s', (query, expected) => {
    expect(detectQueryIntent(query)).toEqual(expected);
  });

  it('reports several intents at once', () => {
    expect(detectQueryIntent('What food do I like now?')).toEqual(only('freshness', 'preference'));
    expect(detectQueryIntent('When did I change my name?')).toEqual(only('temporal', 'identity'));
  });
});

describe('intentWeights', () => {
  it('is neutral (1 for every candidate) when the query shows no intent', () => {
    const cs = [
      candidate({ at: '2025-01-01T00:00:00.000Z', supersededBy: deterministicId('x') }),
      candidate({ type: 'USER', tags: ['preference'] }),
    ];
    const w = intentWeights('deploy pipeline configuration', cs, NOW);
    expect([...w.values()]).toEqual([1, 1]);
    expect([...w.keys()]).toEqual(cs.map((c) => c.id));
  });

  it('freshness: the newest competitor gets the boost, older ones fall toward 1, a superseded one drops below 1', () => {
    const newest = candidate({ content: 'lives in Berlin', at: '2026-02-01T00:00:00.000Z' });
    const monthOlder = candidate({ content: 'lives in Paris', at: '2026-01-02T00:00:00.000Z' });
    const yearOlder = candidate({ content: 'lives in Rome', at: '2025-02-01T00:00:00.000Z' });
    const superseded = candidate({ content: 'lives in Oslo', at: '2026-02-01T00:00:00.000Z', supersededBy: newest.id });
    const w = intentWeights('Where do I live now?', [newest, monthOlder, yearOlder, superseded], NOW);
    expect(w.get(newest.id)).toBeCloseTo(DEFAULT_INTENT_CONFIG.freshnessBoost, 10);
    // 30 days behind with a 30-day half-life: half the boost.
    expect(w.get(monthOlder.id)).toBeCloseTo(1 + (DEFAULT_INTENT_CONFIG.freshnessBoost - 1) / 2, 10);
    expect(w.get(yearOlder.id)!).toBeGreaterThan(1);
    expect(w.get(yearOlder.id)!).toBeLessThan(1.001);
    expect(w.get(superseded.id)).toBeCloseTo(
      DEFAULT_INTENT_CONFIG.freshnessBoost * DEFAULT_INTENT_CONFIG.supersededWeight,
      10,
    );
    expect(w.get(superseded.id)!).toBeLessThan(1);
  });

  it('freshness is relative to the newest candidate, not the clock, and a future date counts as now', () => {
    const old = candidate({ at: '2019-05-01T00:00:00.000Z' });
    const older = candidate({ at: '2019-04-01T00:00:00.000Z' });
    const w = intentWeights('what is the latest version', [old, older], NOW);
    expect(w.get(old.id)).toBeCloseTo(DEFAULT_INTENT_CONFIG.freshnessBoost, 10);
    expect(w.get(older.id)!).toBeLessThan(w.get(old.id)!);
    const future = candidate({ at: '2027-01-01T00:00:00.000Z' });
    const today = candidate({ at: NOW.toISOString() });
    const wf = intentWeights('currently', [future, today], NOW);
    expect(wf.get(future.id)).toBeCloseTo(wf.get(today.id)!, 10);
  });

  it('temporal: documents carrying a date are preferred', () => {
    const hinted = candidate({ metadata: { timeHint: '2025-06-01' }, content: 'Went to Tokyo' });
    const event = candidate({ metadata: { memoryKind: 'event' }, content: 'Conference talk' });
    const written = candidate({ kind: 'message', type: null, content: 'We flew out on June 3rd' });
    const zh = candidate({ kind: 'message', type: null, content: '我们去年去了东京' });
    const undated = candidate({ kind: 'message', type: null, content: 'Tokyo was amazing' });
    const w = intentWeights('When did we go to Tokyo?', [hinted, event, written, zh, undated], NOW);
    for (const c of [hinted, event, written, zh]) expect(w.get(c.id)).toBeCloseTo(DEFAULT_INTENT_CONFIG.datedBoost, 10);
    expect(w.get(undated.id)).toBe(1);
  });

  it('preference: preference memories by tag, key or predicate are boosted, others not', () => {
    const byTag = candidate({ type: 'USER', tags: ['preference', 'fact', 'en'], content: 'User likes sushi' });
    const byKey = candidate({ type: 'USER', key: 'user.favourite_color', content: 'Blue' });
    const byPredicate = candidate({
      type: 'USER',
      metadata: { predicate: 'dislikes' },
      content: 'User dislikes olives',
    });
    const plain = candidate({
      type: 'USER',
      key: 'user.residence',
      tags: ['residence'],
      content: 'User lives in Berlin',
    });
    const msg = candidate({ kind: 'message', type: null, tags: [], content: 'I like sushi' });
    const w = intentWeights('What food do I like?', [byTag, byKey, byPredicate, plain, msg], NOW);
    for (const c of [byTag, byKey, byPredicate])
      expect(w.get(c.id)).toBeCloseTo(DEFAULT_INTENT_CONFIG.preferenceBoost, 10);
    expect(w.get(plain.id)).toBe(1);
    expect(w.get(msg.id)).toBe(1);
  });

  it('identity: USER memories are boosted, ENVIRONMENT memories and history are not', () => {
    const user = candidate({ type: 'USER', content: 'The user is called Robin' });
    const env = candidate({ type: 'ENVIRONMENT', content: 'The service is called Robin' });
    const episode = candidate({ kind: 'episode', type: null, tier: 'EPISODIC', content: 'Robin introduced themself' });
    const w = intentWeights('我叫什么名字', [user, env, episode], NOW);
    expect(w.get(user.id)).toBeCloseTo(DEFAULT_INTENT_CONFIG.identityBoost, 10);
    expect(w.get(env.id)).toBe(1);
    expect(w.get(episode.id)).toBe(1);
  });

  it('combined multipliers stay within [minWeight, maxWeight]', () => {
    const cfg = resolveIntentConfig({
      preferenceBoost: 2,
      identityBoost: 2,
      freshnessBoost: 2,
      maxWeight: 1.6,
      supersededWeight: 0.1,
      minWeight: 0.7,
    });
    const strong = candidate({ type: 'USER', tags: ['preference'], at: NOW.toISOString() });
    const weak = candidate({ at: '2020-01-01T00:00:00.000Z', supersededBy: strong.id });
    const w = intentWeights('what is my name and what do I like now', [strong, weak], NOW, cfg);
    expect(w.get(strong.id)).toBe(1.6);
    expect(w.get(weak.id)).toBe(0.7);
  });
});

describe('resolveIntentConfig', () => {
  it('fills defaults and normalises preference tags', () => {
    expect(resolveIntentConfig()).toEqual({ ...DEFAULT_INTENT_CONFIG });
    expect(resolveIntentConfig({ preferenceTags: [' Likes '] }).preferenceTags).toEqual(['likes']);
  });

  it.each([
    [{ freshnessBoost: 0.9 }, 'memory.intent.freshnessBoost'],
    [{ identityBoost: 5 }, 'memory.intent.identityBoost'],
    [{ freshnessHalfLifeDays: 0 }, 'memory.intent.freshnessHalfLifeDays'],
    [{ supersededWeight: 0 }, 'memory.intent.supersededWeight'],
    [{ minWeight: 1.2 }, 'memory.intent.minWeight'],
    [{ maxWeight: 0.9 }, 'memory.intent.maxWeight'],
    [{ preferenceTags: [''] }, 'memory.intent.preferenceTags'],
  ])('rejects %j', (partial, field) => {
    try {
      resolveIntentConfig(partial);
      expect.unreachable();
    } catch (e) {
      expect(isEngramError(e) && e.code).toBe('CONFIG_INVALID');
      expect((e as Error).message).toContain(field);
    }
  });
});
