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

describe('ZH: the first day somewhere, what the user told someone, what the user reads or watches, the time zone', () => {
  it.each([
    [['我在美的工作。'], ['这周一去格力报到了，有点紧张。'], '美的', '格力'],
    [['我在中山大学读本科。'], ['昨天去厦门大学报到，宿舍还不错。'], '中山大学', '厦门大学'],
    [['我在百度上班。'], ['正式入职滴滴了，工牌今天才拿到。'], '百度', '滴滴'],
    [['我住在合肥。'], ['我跟老同学说我现在住在芜湖了，他们都不信。'], '合肥', '芜湖'],
    [['我在顺丰上班。'], ['我爸逢人就说我现在在中通上班了。'], '顺丰', '中通'],
    [['我最近在读《围城》。'], ['《围城》读完了，现在在读《平凡的世界》。'], '围城', '平凡的世界'],
    [['我在追《狂飙》。'], ['最近改追《人世间》了。'], '狂飙', '人世间'],
    [['我的时区是东八区。'], ['出差期间，以后请按东京时间来安排会议。'], '东八区', '东京时间'],
    [['我用的是台灣時間。'], ['之後開會都用美東時間，我調到紐約了。'], '台灣時間', '美東時間'],
  ])('%j → %j', async (before, after, oldValue, newValue) => {
    const { first, later } = await change(before, after);
    const old = first.find((f) => f.content.includes(oldValue));
    expect(old, JSON.stringify(facts(first))).toBeDefined();
    const hit = later.find((f) => f.key === old!.key && f.positive);
    expect(hit, JSON.stringify(facts(later))).toBeDefined();
    expect(hit!.content).toContain(newValue);
  });

  it('an occasion of reading, a meeting time or a place is not the slot', async () => {
    const { later } = await change(['我住在上海。'], ['明天下午三点按北京时间开会。', '我现在在家了。']);
    expect(later.filter((f) => f.key === 'user.timezone' || f.key === 'user.employer')).toEqual([]);
  });
});

describe('EN: titles being read, watched, played or listened to; the time zone; the first day somewhere; how others name the user', () => {
  it.each([
    [
      ["I'm reading Middlemarch."],
      ['Now I am reading The Left Hand of Darkness.'],
      'Middlemarch',
      'The Left Hand of Darkness',
    ],
    [["I'm watching Succession."], ["I'm on season three of Slow Horses now."], 'Succession', 'Slow Horses'],
    [["I'm watching Succession."], ["I've moved on to The Wire now."], 'Succession', 'The Wire'],
    [["I'm on Mountain time."], ["I'm in UTC+2 now."], 'Mountain time', 'UTC+2'],
    [
      ['My time zone is PST.'],
      ['Please book everything in Central European Time from now on.'],
      'PST',
      'Central European Time',
    ],
    [['I work at Ikea.'], ['It was my first day at Volvo Cars and I loved it.'], 'Ikea', 'Volvo Cars'],
    [['I work as a sous chef.'], ['These days the whole kitchen calls me "the head chef".'], 'sous chef', 'head chef'],
  ])('%j → %j', async (before, after, oldValue, newValue) => {
    const { first, later } = await change(before, after);
    const old = first.find((f) => f.content.includes(oldValue));
    expect(old, JSON.stringify(facts(first))).toBeDefined();
    const hit = later.find((f) => f.key === old!.key && f.positive);
    expect(hit, JSON.stringify(facts(later))).toBeDefined();
    expect(hit!.content).toContain(newValue);
  });

  it('an instrument played, a lower-case phrase or nobody calling the user something is not a title or a role', async () => {
    const { later } = await change([], ['I am playing guitar these days.', 'Nobody calls me the boss.']);
    expect(later.filter((f) => /current_|occupation/.test(f.key))).toEqual([]);
  });
});

describe('counts said with any verb of having or keeping, and children as one count', () => {
  it.each([
    [['I keep 14 beehives.'], ['We lost two over winter, so I keep 12 beehives now.'], '14', '12'],
    [['I look after 6 foster cats.'], ['I am looking after 9 foster cats at the moment.'], '6', '9'],
    [['I have one daughter.'], ['Our twins arrived, so I have three kids now.'], 'one', 'three'],
    [['我收藏了40块手表。'], ['现在我收藏了55块手表了。'], '40块', '55块'],
    [['我鱼缸里养了12条金鱼。'], ['金鱼已经养到20条了。'], '12条', '20条'],
    [['我有一个儿子。'], ['我现在是两个孩子的爸爸了。'], '一个', '两个'],
  ])('%j → %j', async (before, after, oldValue, newValue) => {
    const { first, later } = await change(before, after);
    const old = first.find((f) => f.content.includes(oldValue));
    expect(old, JSON.stringify(facts(first))).toBeDefined();
    const hit = later.find((f) => f.key === old!.key && f.positive);
    expect(hit, JSON.stringify(facts(later))).toBeDefined();
    expect(hit!.content).toContain(newValue);
  });

  it('hours, kilometres and a single pet are no count of things', async () => {
    const { later } = await change([], ['I have 3 hours a day for this.', '我养了一只猫叫咪咪。']);
    expect(later.filter((f) => f.key.startsWith('user.count.'))).toEqual([]);
  });
});
