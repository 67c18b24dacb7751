import { describe, expect, it } from 'vitest';
import { change, facts } from './rules-sessions';

/**
 * Statement frames of issue 17, round 7, one block per mechanism: sentences written for these
 * tests, none taken from a bench set. Each checks that the key holding the old value now holds the
 * new one (and that the old value is no longer stated as held).
 */
async function replaced(before: string[], after: string[], oldValue: string, newValue: string) {
  const { first, later } = await change(before, after);
  const old = first.find((f) => f.content.includes(oldValue));
  expect(old, JSON.stringify(facts(first))).toBeDefined();
  const hit = later.find((f) => f.key === old!.key && f.positive);
  expect(hit, JSON.stringify(facts(later))).toBeDefined();
  expect(hit!.content).toContain(newValue);
  expect(hit!.content).not.toMatch(new RegExp(`(?<!not )\\b${oldValue}\\b`));
}

describe('a correction sets the right value against the old one', () => {
  it.each([
    [
      ["I'm a paralegal."],
      ["Sorry, I misspoke: I'm a legal secretary, not a paralegal."],
      'paralegal',
      'legal secretary',
    ],
    [['I live in Leiden.'], ['Small correction, it is Haarlem I live in, not Leiden.'], 'Leiden', 'Haarlem'],
    [['My dog is called Rex.'], ['Oops, not Rex: his name is Bruno.'], 'Rex', 'Bruno'],
  ])('%j → %j', async (before, after, oldValue, newValue) => {
    await replaced(before, after, oldValue, newValue);
  });

  it.each([
    [['我在广州工作。'], ['我说错了，我工作的地方不是广州，是佛山。'], '广州', '佛山'],
    [['我是厨师。'], ['更正：我不是厨师，而是面点师。'], '厨师', '面点师'],
    [['我養了一隻貓叫湯圓。'], ['更正一下，牠叫的不是湯圓，是麻糬。'], '湯圓', '麻糬'],
  ])('ZH %j → %j', async (before, after, oldValue, newValue) => {
    const { first, later } = await change(before, after);
    const old = first.find((f) => f.content.includes(oldValue));
    expect(old, JSON.stringify(facts(first))).toBeDefined();
    const hit = later.find((f) => f.key === old!.key && f.positive);
    expect(hit, JSON.stringify(facts(later))).toBeDefined();
    expect(hit!.content).toContain(newValue);
  });

  it('a value ends before what it is set against ("peanuts, not shellfish")', async () => {
    const { later } = await change([], ['I am allergic to sesame, not soy.']);
    expect(later.map((f) => f.object)).toContain('sesame');
    expect(later.every((f) => !/soy/.test(f.content) || !f.positive || /not/.test(f.content))).toBe(true);
  });
});
