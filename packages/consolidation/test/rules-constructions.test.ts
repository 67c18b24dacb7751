import { describe, expect, it } from 'vitest';
import { change, facts, session } from './rules-sessions';

/**
 * One test per linguistic construction of a change (issue 17, round 5): sentences written for
 * these tests, none taken from a bench set.
 */
const at = '2025-01-15T10:00:00.000Z';
const current = async (before: string[], after: string[], key: string) => {
  const { later } = await change(before, after);
  const hit = later.find((f) => f.key === key && f.positive);
  expect(hit, JSON.stringify(facts(later))).toBeDefined();
  return hit!;
};

describe('a tag asking for agreement leaves the statement stated', () => {
  it.each([
    [
      ['My rent is $900 a month.'],
      ['Ugh, the landlord raised my rent to $1,000 a month, isn’t that wild?'],
      'user.rent',
      '$1,000 a month',
    ],
    [['I live in Oslo.'], ['We moved to Bergen in May, right?'], 'user.residence', 'Bergen'],
    [['我住在北京。'], ['我们搬到上海了，你敢信？'], 'user.residence', '上海'],
  ])('%j → %j', async (before, after, key, value) => {
    expect((await current(before, after, key)).object).toBe(value);
  });
});

describe('a relative named in passing is that relative, not a possession', () => {
  it('EN: "a younger brother named Kai"', async () => {
    expect(facts(await session(['I have a younger brother named Kai.'], at))).toEqual([
      ['user.family.brother', 'Kai', true],
    ]);
  });
  it('ZH: 我有一个弟弟叫王磊 / 我有个姐姐，名叫美玲 / 我有一個兒子', async () => {
    expect(facts(await session(['我有一个弟弟叫王磊。'], at))).toEqual([['user.family.brother', '王磊', true]]);
    expect(facts(await session(['我有个姐姐，名叫美玲。'], at))).toEqual([['user.family.sister', '美玲', true]]);
    const [son] = await session(['我有一個兒子。'], at);
    expect(son).toMatchObject({ key: 'user.possession.son', positive: true });
  });
});

describe('Chinese: a verb of change before the verb (改喝, 改骑, 改学, 改吃) changes the known fact of that verb', () => {
  it.each([
    [['我每天晚上喝牛奶。'], ['我晚上改喝酸奶了。'], 'user.does.喝.牛奶', '酸奶'],
    [['我骑的是捷安特自行车。'], ['捷安特卖了，改骑美利达。'], 'user.vehicle', '美利达'],
    [['我在学法语。'], ['法语学不动了，改学西班牙语。'], 'user.learning.法语', '西班牙语'],
    [['我吃全素。'], ['我现在改吃鱼素了。'], 'user.diet', '鱼素'],
    [['我每天坐公交上班。'], ['最近改骑电动车上班了。'], 'user.commute', '骑电动车'],
  ])('%j → %j', async (before, after, key, value) => {
    expect((await current(before, after, key)).object).toBe(value);
  });
  it('"学不动", "开始…" are no values', async () => {
    const { later } = await change(['我每周打网球。'], ['我不打网球了，开始练瑜伽。']);
    expect(facts(later)).toEqual([
      ['user.does.打.网球', '网球', false],
      ['user.does.练.瑜伽', '瑜伽', true],
    ]);
    expect(later.some((f) => f.key === 'user.vehicle')).toBe(false);
  });
  it('a diet is not a medication (吃全素)', async () => {
    expect(facts(await session(['我吃全素。'], at))).toEqual([['user.diet', '全素', true]]);
  });
});

describe('Chinese: the slot named as the topic of a change (手机换成了…, QQ号改成…, 网站迁到…, 新组长是…)', () => {
  it.each([
    [['我们的网站部署在AWS上。'], ['网站已经全部迁到Azure了。'], 'env.website.runs_on', 'Azure'],
    [['我用的是OPPO手机。'], ['手机换成了vivo X100。'], 'user.phone', 'vivo X100'],
    [['我用的是华为P50。'], ['我的手机换成iPhone 15了。'], 'user.phone', 'iPhone 15'],
    [['我的QQ号是123456。'], ['QQ号改成654321了。'], 'user.qq号', '654321'],
    [['我们项目的后端用的是Django。'], ['我们项目把后端换成了FastAPI。'], 'env.project.backend', 'FastAPI'],
    [['我的组长是陈哥。'], ['陈哥调走了，新组长是小林。'], 'user.组长', '小林'],
  ])('%j → %j', async (before, after, key, value) => {
    expect((await current(before, after, key)).object).toBe(value);
  });
  it('a number for 手机号 goes to the number, not to the phone itself', async () => {
    const { later } = await change(['我的手机号是13800001111。', '我用的是小米13。'], ['手机号改成13900002222了。']);
    expect(facts(later)).toEqual([['user.contact.phone', '13900002222', true]]);
  });
});

describe('Chinese: a thing of a known kind replaces the one known thing of that kind (换成用…, 改用…)', () => {
  it.each([
    [['我用的是OPPO Find X5。'], ['我换成用华为Mate60了。'], 'user.phone', '华为Mate60'],
    [['我用的电脑是Windows系统。'], ['现在我改用Linux了。'], 'user.operating_system', 'Linux'],
  ])('%j → %j', async (before, after, key, value) => {
    expect((await current(before, after, key)).object).toBe(value);
  });
});

describe('Chinese: openers of time and occasion, subjects carried over, numbers as written', () => {
  it('从今年开始我… / 今年起我…', async () => {
    expect((await current(['我在京东上班。'], ['从今年开始我在拼多多上班。'], 'user.employer')).object).toBe('拼多多');
  });
  it('a later subjectless clause with no one else as subject is the speaker’s (…，现在定居福州)', async () => {
    expect((await current(['我住在厦门。'], ['厦门的房子卖了，现在定居福州。'], 'user.residence')).object).toBe('福州');
    const { later } = await change(['我住在厦门。'], ['我朋友卖了房子，现在定居福州。']);
    expect(later.some((f) => f.key === 'user.residence' && f.object === '福州')).toBe(false);
  });
  it('an age in Chinese numerals keeps the numerals and gives the digits (过完生日我就四十岁了)', async () => {
    const hit = await current(['我今年三十九岁。'], ['过完生日我就四十岁了。'], 'user.age');
    expect(hit).toMatchObject({ object: '40', content: '用户四十岁（40岁）' });
  });
  it('an ended habit keeps its own sentence (我不再喝酒了)', async () => {
    const { later } = await change(['我平时喝酒比较多。'], ['我不再喝酒了。']);
    expect(later.map((f) => [f.key, f.positive, f.content])).toEqual([['user.does.喝.酒', false, '用户不再喝酒了']]);
  });
});

describe('English: a value left for another, in any order of the sentence', () => {
  it.each([
    [
      ['Our app is hosted on Netlify.'],
      ['We moved hosting off Netlify onto Vercel last week.'],
      'env.app.hosted_on',
      'Vercel',
    ],
    [
      ['We stream everything on Hulu.'],
      ['We cancelled Hulu and signed up for Max.'],
      'user.does.stream.everything_on_hulu',
      'Max',
    ],
    [
      ['I ride a Giant mountain bike.'],
      ['My Giant got stolen, so I bought a Cannondale hybrid.'],
      'user.vehicle',
      'a Cannondale hybrid',
    ],
    [
      ['I live in Bristol.'],
      ['Bristol is behind us now, we have settled into a house in Bath.'],
      'user.residence',
      'Bath',
    ],
    [["I'm vegetarian."], ["These days I'm completely vegan, no cheese at all."], 'user.diet', 'vegan'],
  ])('%j → %j', async (before, after, key, value) => {
    expect((await current(before, after, key)).object).toBe(value);
  });
  it('a new pet of another kind is described as the user named it (a tortoise)', async () => {
    const hit = await current(
      ['I have a hamster named Pip.'],
      ['Pip died, and now we have a tortoise called Rocky.'],
      'user.pet.hamster',
    );
    expect(hit.content).toBe('User has a tortoise named Rocky');
  });
});

describe('a thing held one at a time, under a key of its own, replaces the one known thing of its kind', () => {
  it('"the database is MySQL now" is the backend database', async () => {
    const hit = await current(
      ['Our backend uses MongoDB for the database.'],
      ['We ripped MongoDB out, the database is MySQL now.'],
      'env.backend.database',
    );
    expect(hit.object).toBe('MySQL');
  });
});

describe('a second value said as additional keeps the first (too, also, 也会)', () => {
  it.each([
    [['I speak French.'], ['I speak Spanish too.'], 'user.spoken_languages.spanish'],
    [['我会说英语。'], ['我也会说日语。'], 'user.spoken_languages.日语'],
  ])('%j → %j', async (before, after, key) => {
    await current(before, after, key);
  });
  it('"please do too" or "我也开始…" is no second value', async () => {
    expect(
      (await current(['My name is Ana.'], ['Everyone calls me Annie now, please do too.'], 'user.name')).object,
    ).toBe('Annie');
    expect(
      (await current(['我主要用Java。'], ['组里改用Kotlin了，我也开始写Kotlin。'], 'user.programming_language')).object,
    ).toBe('Kotlin');
  });
  it('a denied value said positive takes its own sentence, not the denial (我现在也吃牛肉了)', async () => {
    const hit = await current(['我不吃牛肉。'], ['我现在也吃牛肉了。'], 'user.diet.牛肉');
    expect(hit.content).not.toMatch(/不吃/u);
  });
});

describe('a slot named by the noun of a known habit’s verb is that habit', () => {
  it('"my usual order is …" after "I always order …"', async () => {
    const hit = await current(
      ['I always order a cappuccino.'],
      ['My usual order is a cortado now.'],
      'user.does.order.cappuccino',
    );
    expect(hit).toMatchObject({ object: 'a cortado', content: 'User orders a cortado' });
  });
  it('an unrelated attribute keeps its own key', async () => {
    const { later } = await change(['I always order a cappuccino.'], ['My favourite colour is green.']);
    expect(facts(later)).toEqual([['user.favourite_color', 'green', true]]);
  });
});
