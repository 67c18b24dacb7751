import { describe, expect, it } from 'vitest';
import { chatRegister } from '../src/extraction/rules/chat-register';
import { change, facts, session } from './rules-sessions';

/** [said first, said later, key, value now]: the later session states the new value under the old value's key. */
type Case = [string[], string[], string, string];
const at = '2025-01-15T10:00:00.000Z';

const changes = (cases: Case[]) =>
  it.each(cases)('%j → %j', async (before, after, key, value) => {
    const { first, later } = await change(before, after);
    expect(
      first.some((f) => f.key === key),
      JSON.stringify(facts(first)),
    ).toBe(true);
    const hit = later.find((f) => f.key === key && f.positive);
    expect(hit?.object, JSON.stringify(facts(later))).toBe(value);
  });

/** Facts of one session that hold `key`. */
const keyed = async (turns: string[], key: string) => facts(await session(turns, at)).filter(([k]) => k === key);

describe('chat writing is read as the standard form (round 11)', () => {
  it('rewrites shorthand, laughter, emoji, flags, repeated marks and list numbers', () => {
    expect(chatRegister('Im 210 lbs rn lol')).toBe("I'm 210 lbs now");
    expect(chatRegister('i live in manchester, moved last wk')).toBe('I live in manchester, moved last week');
    expect(chatRegister('currently based in Lisbon 🇵🇹')).toBe('currently based in Lisbon');
    expect(chatRegister('quit teaching!!! im a full time illustrator now 🎨🎨')).toBe(
      "quit teaching! I'm a full time illustrator now",
    );
    expect(chatRegister('update: 1) new job at Microsoft 2) got a puppy')).toBe(
      'update. new job at Microsoft. got a puppy',
    );
    expect(chatRegister('離職了啦，現在在聯發科')).toBe('離職了，現在在聯發科');
    expect(chatRegister('本人是程序员一枚')).toBe('我是程序员');
    expect(chatRegister('豆豆去年走了😢 上周领养了一只小猫')).toBe('豆豆去年走了。上周领养了一只小猫');
    expect(chatRegister('汇报一下：1. 换工作了 2. 开始健身')).toBe('汇报一下。换工作了。开始健身');
  });

  it('keeps words that only look like shorthand', () => {
    expect(chatRegister('I took cash from the ATM.')).toBe('I took cash from the ATM.');
    expect(chatRegister('I drive a BMW i3.')).toBe('I drive a BMW i3.');
    expect(chatRegister('My rent is $1,200.50 a month.')).toBe('My rent is $1,200.50 a month.');
    expect(chatRegister('我住在哈尔滨。')).toBe('我住在哈尔滨。');
    expect(chatRegister('我在滴滴上班')).toBe('我在滴滴上班');
    expect(chatRegister('They are 5 and 7. I live in Rome.')).toBe('They are 5 and 7. I live in Rome.');
  });

  it('a first session in chat style is read (typos, lower case, emoji, subjectless clauses)', async () => {
    expect(facts(await session(['hey!! so im Priya, living in Leeds rn, work in marketing lol'], at))).toEqual([
      ['user.name', 'Priya', true],
      ['user.residence', 'Leeds', true],
      ['user.employer', 'marketing', true],
    ]);
    expect(await keyed(['Im 210 lbs rn'], 'user.weight')).toEqual([['user.weight', '210 lbs', true]]);
    expect(await keyed(['I work nights as a security guard'], 'user.occupation')).toEqual([
      ['user.occupation', 'a security guard', true],
    ]);
    expect(await keyed(['im a teacher at a primary school'], 'user.occupation')).toEqual([
      ['user.occupation', 'a teacher', true],
    ]);
    expect(await keyed(['currently based in Lisbon 🇵🇹'], 'user.residence')).toEqual([
      ['user.residence', 'Lisbon', true],
    ]);
    expect(await keyed(['本人是程序员一枚'], 'user.occupation')).toEqual([['user.occupation', '程序员', true]]);
    expect(await keyed(['我家有一只柯基叫豆豆。'], 'user.pet.dog')).toEqual([['user.pet.dog', '豆豆', true]]);
    expect(await keyed(['我学的是会计专业。'], 'user.field_of_study')).toEqual([['user.field_of_study', '会计', true]]);
    expect(await keyed(['我吃素好几年了。'], 'user.diet')).toHaveLength(1);
  });

  it('a subject that is someone else is not continued as the user', async () => {
    expect(await keyed(['My sister, living in Leeds now, is a nurse.'], 'user.residence')).toEqual([]);
    expect(await keyed(['我妈说住成都了'], 'user.residence')).toEqual([]);
  });
});

describe('changes said in chat style (round 11)', () => {
  changes([
    [['im a teacher'], ['quit teaching!!! im a full time illustrator now 🎨🎨'], 'user.occupation', 'an illustrator'],
    [['i live in manchester'], ['moved to liverpool last wk'], 'user.residence', 'liverpool'],
    [
      ['I work at Accenture.'],
      ['ok quick life update: 1) new job at Microsoft 2) got a puppy'],
      'user.employer',
      'Microsoft',
    ],
    [['我住在杭州'], ['搬家累死了😭 现在住成都了，火锅天天吃'], 'user.residence', '成都'],
    [['本人是程序员一枚'], ['辞职了！现在是全职up主，做视频哈哈'], 'user.occupation', 'up主'],
    [['我在台積電上班。'], ['離職了啦，現在在聯發科'], 'user.employer', '聯發科'],
    [['我在工商银行上班。'], ['汇报一下近况：1. 换工作了，去了招商银行 2. 开始健身'], 'user.employer', '招商银行'],
    [['我用的是华为P40。'], ['手机摔坏了，现在用iPhone 15'], 'user.phone', 'iPhone 15'],
    [['我学的是会计专业。'], ['我转专业了，现在读计算机'], 'user.field_of_study', '计算机'],
    [['我家有一只柯基叫豆豆。'], ['豆豆去年走了😢 上周领养了一只小猫，叫年糕'], 'user.pet.dog', '年糕'],
    [['我養了一隻兔子叫QQ。'], ['QQ上個月走了😢 現在養了一隻貓叫麻糬'], 'user.pet.rabbit', '麻糬'],
    [['我每天晚上喝啤酒。'], ['戒酒了，现在晚上只喝茶'], 'user.does.喝.啤酒', '茶'],
  ]);

  it('a changed slot takes only a value of its own verb, not the next activity', async () => {
    const { later } = await change(['我在工商银行上班。'], ['换工作了。开始健身了']);
    expect(later.filter((f) => f.key === 'user.employer' && f.positive)).toEqual([]);
  });

  it('a duration after a move is not the new home, and a negation particle is no value', async () => {
    const { later } = await change(['我住在南京。'], ['所以我们全家搬去深圳了，已经住了一个月']);
    expect(facts(later)).toEqual([['user.residence', '深圳', true]]);
    const sport = await change(['我平时打篮球。'], ['膝盖伤了，篮球打不了了']);
    expect(sport.later.some((f) => f.object === '不')).toBe(false);
  });
});

describe('amounts said without "now", rates, sizes (round 11)', () => {
  changes([
    [['I weigh 92kg.'], ['3 months of running paid off, scale said 85kg this morning'], 'user.weight', '85kg'],
    [['I make $62,000 a year.'], ['review went well, they bumped my salary to $70,000 🎉'], 'user.salary', '$70,000'],
    [['I earn $18 an hour.'], ['new job pays $24 an hour 🙌'], 'user.hourly_rate', '$24 an hour'],
    [
      ['I wear a size 9 shoe.'],
      ["feet grew during pregnancy apparently?? I'm a size 10 now"],
      'user.does.wear.shoe',
      'a size 10 shoe',
    ],
    [['我体重60公斤'], ['上次说错了，我其实是58公斤'], 'user.weight', '58公斤'],
    [['我每天吃二甲双胍500毫克。'], ['医生说二甲双胍加到1000毫克'], 'user.does.吃.二甲双胍', '二甲双胍1000毫克'],
  ]);

  it('an amount of change or an extra is not the value', async () => {
    for (const later of ['I lost 5 kg this month', 'I gained another 2 kg over the holidays']) {
      const { later: got } = await change(['I weigh 92 kg.'], [later]);
      expect(
        got.filter((f) => f.key === 'user.weight'),
        later,
      ).toEqual([]);
    }
  });

  it('"I get up at 6 now" is no count of "now"', async () => {
    expect(
      facts(await session(['I get up at 6 now.'], at)).filter(([k]) => String(k).startsWith('user.count.')),
    ).toEqual([]);
  });
});

describe('relationships said in passing (round 11)', () => {
  changes([
    [["I'm single."], ['Big news: I got engaged on Saturday!! 💍'], 'user.marital_status', 'engaged'],
    [['我还单身。'], ['报告！我脱单了🎉'], 'user.marital_status', '恋爱中'],
    [['我已經結婚了。'], ['我們去年離婚了，現在一個人住'], 'user.marital_status', '离异'],
    [
      ['My boyfriend Tom is a chef.'],
      ["Tom and I broke up in spring. I'm seeing someone new, her name is Alex."],
      'user.partner',
      'Alex',
    ],
    [
      ['My wife is a lawyer.'],
      ["my wife finally quit law, she's a yoga instructor now lol"],
      'user.family.partner.occupation',
      'a yoga instructor',
    ],
  ]);

  it('a named relative is the relative, what they do is theirs', async () => {
    expect(facts(await session(['My sister Anna lives in Dublin.'], at))).toEqual([
      ['user.family.sister', 'Anna', true],
      ['user.family.sister.residence', 'Dublin', true],
    ]);
    expect(await keyed(['My wife is a lawyer.'], 'user.partner')).toEqual([]);
    // a relative said as a value stays as it was (round 9)
    expect(await keyed(['My brother is a dentist.'], 'user.family.brother')).toEqual([
      ['user.family.brother', 'a dentist', true],
    ]);
  });

  it('a one-off on a day is no routine, a day of the week in the plural is', async () => {
    expect(
      facts(await session(['I got engaged on Saturday.'], at)).some(([k]) => String(k).startsWith('user.schedule.')),
    ).toBe(false);
    expect(
      facts(await session(['I have piano lessons on Saturdays.'], at)).some(([k]) =>
        String(k).startsWith('user.schedule.'),
      ),
    ).toBe(true);
  });

  it('"she" after a clause about the user is not a relative', async () => {
    const got = facts(await session(["I quit my job, she's a nurse now"], at));
    expect(got.some(([k]) => String(k).startsWith('user.family.'))).toBe(false);
  });
});

describe('polarity, alcohol, pets by kind, predicates (round 11)', () => {
  changes([
    [['我不吃牛肉。'], ['我现在也吃牛肉了'], 'user.diet.牛肉', '牛肉'],
    [["I don't eat beef."], ['I eat beef again now'], 'user.diet.beef', 'beef'],
    [
      ['I drink wine most evenings.'],
      ['I started drinking beer instead, wine gives me headaches. I drink beer now.'],
      'user.drinks.alcohol',
      'beer',
    ],
  ]);

  it('"I don\'t drink anymore" ends the drink the user stated, under the same key', async () => {
    const { first, later } = await change(['I drink wine most evenings.'], ["I don't drink anymore, 90 days sober"]);
    expect(facts(first)).toEqual([['user.drinks.alcohol', 'wine', true]]);
    expect(facts(later)).toEqual([['user.drinks.alcohol', 'alcohol', false]]);
    // coffee is no alcohol: a habit of its own
    expect(facts(await session(['I drink coffee every morning.'], at)).some(([k]) => k === 'user.drinks.alcohol')).toBe(
      false,
    );
  });

  it('a pet of one kind replaced leaves the pet of another kind', async () => {
    const { later } = await change(
      ['I have a cat called Mochi.', 'I also have a dog called Rufus.'],
      ['Mochi sadly died last month. We got a new kitten, her name is Pickle.'],
    );
    expect(facts(later)).toEqual([['user.pet.cat', 'Pickle', true]]);
    const zh = await change(['我养了一只仓鼠叫团团。', '我还养了一只猫叫咪咪。'], ['团团走了，又买了一只兔子叫雪球']);
    expect(zh.later.some((f) => f.key === 'user.pet.cat')).toBe(false);
  });

  it('stores no predicate or pronoun as a value', async () => {
    expect(
      facts(
        await session(
          ["I'm turning my business plan into a real company", 'My kids are getting excited about staying active'],
          at,
        ),
      ),
    ).toEqual([]);
    // "pretty much everything" is a value, not a degree word before a predicate
    expect(
      facts(
        (await change(["I'm pescatarian."], ["I'm not pescatarian anymore; I eat pretty much everything now."])).later,
      ).some(([k, , positive]) => k === 'user.diet' && positive),
    ).toBe(true);
    expect(await keyed(['I turned 30 last week.'], 'user.age')).toEqual([['user.age', '30', true]]);
  });
});
