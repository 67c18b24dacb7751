import { describe, expect, it } from 'vitest';
import { laterStatements } from '@engram/core';

const GAP = 12 * 3_600_000;
const fact = (id: string, content: string, key: string, at: string) => ({ id, content, key, tags: [], at });

describe('laterStatements: what the user said about a fact on a later occasion (context, issue 17 item 2)', () => {
  it('quotes the latest later statement sharing the fact’s value, key or slot words (English and Chinese)', () => {
    const facts = [
      fact('gym', 'User trains at the Iron Temple gym', 'user.membership', '2026-01-10T09:00:00.000Z'),
      fact('tea', '用户每天早上喝乌龙茶', 'user.does.喝.乌龙茶', '2026-01-10T09:00:00.000Z'),
      fact('sis', "User's sister is called Noor", 'user.family.sister', '2026-01-10T09:00:00.000Z'),
    ];
    const said = [
      { content: 'I quit the Iron Temple, the membership got too pricey', at: '2026-03-01T09:00:00.000Z' },
      { content: 'Signed up at Basefit, best gym membership in town', at: '2026-05-01T09:00:00.000Z' },
      { content: '我现在不喝乌龙茶了，改喝美式', at: '2026-05-02T09:00:00.000Z' },
      { content: 'The weather is lovely today', at: '2026-05-03T09:00:00.000Z' },
    ];
    const got = laterStatements(facts, said, GAP);
    expect(got.get('gym')?.content).toBe(said[1]!.content);
    expect(got.get('tea')?.content).toBe(said[2]!.content);
    expect(got.has('sis')).toBe(false);
  });

  it('a statement of the same occasion (the one the fact came from), an earlier one, or an unkeyed fact gets nothing', () => {
    const f = fact('gym', 'User trains at the Iron Temple gym', 'user.membership', '2026-01-10T09:00:00.000Z');
    const sameSession = [{ content: 'I train at the Iron Temple gym', at: '2026-01-10T08:59:00.000Z' }];
    expect(laterStatements([f], sameSession, GAP).size).toBe(0);
    expect(
      laterStatements([f], [{ content: 'Iron Temple gym opened', at: '2025-12-01T09:00:00.000Z' }], GAP).size,
    ).toBe(0);
    const unkeyed = { ...f, key: null };
    expect(laterStatements([unkeyed], [{ content: 'gym gym', at: '2026-05-01T09:00:00.000Z' }], GAP).size).toBe(0);
  });
});
