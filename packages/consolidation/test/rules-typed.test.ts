import { describe, expect, it } from 'vitest';
import { change, facts, session } from './rules-sessions';

const at = '2025-01-15T10:00:00.000Z';

describe('the value type names the slot (round 8)', () => {
  it.each([
    ["I'm 76 kg.", 'user.weight', '76 kg'],
    ['Back to 64 kilos now.', 'user.weight', '64 kilos'],
    ["I'm 1.75 m tall.", 'user.height', '1.75 m'],
    ['I just turned 52 on Friday.', 'user.age', '52'],
    ['我现在68公斤。', 'user.weight', '68公斤'],
    ['我胖到一百二十斤了。', 'user.weight', '一百二十斤'],
    ['我满二十五岁了。', 'user.age', '25'],
  ])('%s → %s %s', async (text, key, value) => {
    const fs = await session([text], at);
    expect(fs.find((f) => f.key === key && f.positive)?.object, JSON.stringify(facts(fs))).toBe(value);
  });

  it.each([
    // a difference by an amount is not the value
    ['I lost 6 kg over the summer.', 'user.weight'],
    ['我瘦了10斤。', 'user.weight'],
    // a measure of something else, a number of years of something
    ['The suitcase is 23 kg.', 'user.weight'],
    ['My dad turned 70 last week.', 'user.age'],
  ])('%s: no %s', async (text, key) => {
    const fs = await session([text], at);
    expect(
      fs.some((f) => f.key === key && f.positive),
      JSON.stringify(facts(fs)),
    ).toBe(false);
  });
});

describe('"X now" fragments and the value said first', () => {
  it.each([
    [['I eat a vegetarian diet.'], ['Pescatarian now.'], 'user.diet', 'pescatarian'],
    [['I live in Porto.'], ['Lisbon these days, actually.'], 'user.residence', 'Lisbon'],
    [['I weigh 88 kg.'], ['So 81 now.'], 'user.weight', '81'],
    [['I live in Quito.'], ['Cuenca is home now.'], 'user.residence', 'Cuenca'],
    [['My rent is £900 a month.'], ['The landlord raised it to £980.'], 'user.rent', '£980'],
  ])('%j then %j → %s %s', async (before, after, key, value) => {
    const { later } = await change(before, after);
    expect(later.find((f) => f.key === key && f.positive)?.object, JSON.stringify(facts(later))).toBe(value);
  });

  it.each([
    // a name alone is a place only for a user whose home is known
    [['I work at a school.'], ['Lisbon now.'], 'user.residence'],
    // a subject that is not the user's value
    [['I live in Porto.'], ['It is raining now.'], 'user.residence'],
    // a bare number with no measure stated before
    [['I live in Porto.'], ['So 81 now.'], 'user.weight'],
  ])('%j then %j: no %s', async (before, after, key) => {
    const { later } = await change(before, after);
    expect(
      later.some((f) => f.key === key && f.positive),
      JSON.stringify(facts(later)),
    ).toBe(false);
  });
});

describe('households, "with X now" and subjectless 现在在X了 (round 9)', () => {
  it.each([
    [['We eat anything at home.'], ["We're a pescatarian family now."], 'user.diet', 'pescatarian'],
    [['我们家什么都吃。'], ['我们家现在改吃素了。'], 'user.diet', '素'],
    [['I work at Unilever.'], ["I'm with KPMG now, better hours."], 'user.employer', 'KPMG'],
    [['我在百度上班。'], ['目前在网易了，离家近。'], 'user.employer', '网易'],
    [['我开车上班。'], ['最近坐地铁上班了，不堵。'], 'user.commute', '坐地铁'],
    [['我们家啥都吃。'], ['我们一家从上周开始吃素了。'], 'user.diet', '吃素'],
  ])('%s → %s: %s %s', async (before, after, key, value) => {
    const { first, later } = await change(before, after);
    expect(first.some((f) => f.key === key)).toBe(true);
    expect(later.find((f) => f.key === key && f.positive)?.object, JSON.stringify(facts(later))).toContain(value);
  });

  it.each([
    // a person the user is with, or no known employer; "on the way" is no place
    [['I work at Unilever.'], ["I'm with Jonas now."]],
    [['I live in Leeds.'], ['I am with BT now.']],
    [['我住在西安。'], ['现在在路上了。']],
  ])('%s → %s: no new value', async (before, after) => {
    const { later } = await change(before, after);
    expect(facts(later)).toEqual([]);
  });
});
