import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openStack, scopeOf, type Stack } from './harness';

let s: Stack;
beforeAll(async () => {
  s = await openStack();
});
afterAll(async () => {
  await s.close();
});

describe('context renderer (R10): one renderer for every service', () => {
  it('renders core snapshot, known facts, relevant history and the conversation so far', async () => {
    const scope = scopeOf('ctx-sections');
    await s.app.writeMemory({ scope, type: 'USER', key: 'name', content: 'Name is Ada' });
    await s.app.writeMemory({
      scope,
      type: 'ENVIRONMENT',
      content: 'Deploy target is the Frankfurt cluster',
      pinned: true,
    });
    await s.app.writeMemory({ scope, type: 'ENVIRONMENT', content: 'The Frankfurt cluster runs Kubernetes 1.31' });
    await s.app.writeMemory({ scope, type: 'ENVIRONMENT', content: 'Unrelated fact about gardening' });
    await s.app.observeMessage({
      scope,
      sessionId: 'past',
      role: 'user',
      content: 'we migrated the Frankfurt cluster last week',
      at: '2026-01-01T10:00:00.000Z',
    });
    const last = await s.app.observeMessage({
      scope,
      sessionId: 'current',
      role: 'user',
      content: 'what version does the cluster run?',
    });
    const out = await s.app.context({
      scope,
      query: 'Frankfurt cluster version',
      sessionId: 'current',
      budgetChars: 2000,
      minPosition: last.position,
    });
    expect(out.context).toContain('## Core profile\n- Deploy target is the Frankfurt cluster\n- name: Name is Ada');
    expect(out.context).toMatch(/## Known facts\n- The Frankfurt cluster runs Kubernetes 1\.31/);
    expect(out.context).toMatch(
      /## Relevant history\n- \(2026-01-01\) user: we migrated the Frankfurt cluster last week/,
    );
    expect(out.context).toMatch(/## Conversation so far\n- \*\*user\*\*: what version does the cluster run\?/);
    // The current session's own messages are conversation, not history.
    expect(out.context.match(/what version does the cluster run/g)).toHaveLength(1);
    expect(out.sections).toMatchObject({ core: 2, history: 1, conversation: 1 });
    expect(out.sections.facts).toBeGreaterThanOrEqual(1);
    expect(out.context).not.toMatch(/## Known facts[^#]*Deploy target/);
  });

  it('keeps every section within its share of a small budget', async () => {
    const scope = scopeOf('ctx-budget');
    let position = '';
    for (let i = 0; i < 30; i++)
      position = (
        await s.app.writeMemory({
          scope,
          type: 'USER',
          content: `Preference number ${i} about tea brewing temperatures and timing`,
        })
      ).position!;
    const out = await s.app.context({ scope, query: 'tea', budgetChars: 400, minPosition: position });
    expect(out.context.length).toBeLessThanOrEqual(400 + 100);
    expect(out.sections.core).toBeGreaterThan(0);
    expect(out.sections.core).toBeLessThan(30);
  });

  it('holds current values only; a superseded value is marked with when and what replaced it; old history says what holds now', async () => {
    const scope = scopeOf('ctx-moved');
    await s.app.observeMessage({
      scope,
      sessionId: 's1',
      role: 'user',
      content: 'I live in Lisbon, near the river',
      at: '2025-01-10T09:00:00.000Z',
    });
    await s.app.writeMemory({
      scope,
      type: 'USER',
      key: 'user.residence',
      content: 'User lives in Lisbon',
      metadata: { object: 'Lisbon' },
      at: '2025-01-10T09:00:00.000Z',
    });
    const w = await s.app.writeMemory({
      scope,
      type: 'USER',
      key: 'user.residence',
      content: 'User lives in Montreal',
      metadata: { object: 'Montreal' },
      at: '2026-03-02T09:00:00.000Z',
    });
    const out = await s.app.context({
      scope,
      query: 'where does the user live? Lisbon or Montreal',
      minPosition: w.position!,
    });
    const [above] = out.context.split('## Relevant history');
    expect(above).toContain('## Core profile\n- user.residence: User lives in Montreal');
    for (const line of above!.split('\n').filter((l) => l.includes('Lisbon'))) {
      expect(line).toBe('- user.residence: User lives in Lisbon (superseded 2026-03-02: User lives in Montreal)');
    }
    expect(out.context).toMatch(
      /- \(2025-01-10\) user: I live in Lisbon, near the river \(outdated: Montreal since 2026-03-02\)/,
    );
  });

  it('asOf renders what was true then (as known now)', async () => {
    const scope = scopeOf('ctx-asof');
    await s.app.writeMemory({
      scope,
      type: 'USER',
      key: 'user.residence',
      content: 'User lives in Lisbon',
      metadata: { object: 'Lisbon' },
      at: '2024-01-10T09:00:00.000Z',
    });
    const w = await s.app.writeMemory({
      scope,
      type: 'USER',
      key: 'user.residence',
      content: 'User lives in Montreal',
      metadata: { object: 'Montreal' },
      at: '2026-03-02T09:00:00.000Z',
    });
    const then = await s.app.context({
      scope,
      query: 'where did the user live?',
      asOf: '2024-06-01T00:00:00.000Z',
      minPosition: w.position!,
    });
    expect(then.context).toContain('## Core profile (as of 2024-06-01)\n- user.residence: User lives in Lisbon');
    expect(then.context).not.toContain('Montreal');
    const now = await s.app.context({ scope, query: 'where does the user live?' });
    expect(now.context).toContain('- user.residence: User lives in Montreal');
  });
});
