import { describe, expect, it } from 'vitest';
import { mergeSessionFacts } from '../src/extraction/rules/rules-engine';
import { foldCantonese } from '../src/extraction/rules/chinese';
import { sentences } from '../src/extraction/rules/text';
import { alignKey } from '../src/extraction/rules/value-match';
import { draft } from '../src/extraction/rules/draft';
import { change, facts, session } from './rules-sessions';

describe('slot frames: a statement read by what it says about which slot', () => {
  const cases: Array<[string[], string[], string, string]> = [
    // [first session, later session, key, value now]
    [
      ['I live in Austin, Texas.'],
      ['Texas summers got to us, so we relocated up to Minneapolis.'],
      'user.residence',
      'Minneapolis',
    ],
    [
      ['I live in Salt Lake City.'],
      ["Any good brunch spots you'd recommend? I'm in Boulder these days."],
      'user.residence',
      'Boulder',
    ],
    [['I work at Deloitte.'], ['I am starting at KPMG on Monday.'], 'user.employer', 'KPMG'],
    [['My manager is Priya.'], ['I report to Marcus now.'], 'user.family.manager', 'Marcus'],
    [
      ['I take metformin for my diabetes.'],
      ['I started taking insulin for my diabetes.'],
      'user.medication',
      'insulin',
    ],
    [['I make $65,000 a year.'], ["I'm on $72,000 now."], 'user.salary', '$72,000'],
    [['我住在成都。'], ['现在人在大理。'], 'user.residence', '大理'],
    [['我在销售部工作。'], ['公司把我调到市场部了。'], 'user.team', '市场部'],
    [['我在吃二甲双胍。'], ['我现在每天打胰岛素。'], 'user.medication', '胰岛素'],
  ];
  it.each(cases)('%s → %s', async (before, after, key, value) => {
    const { later } = await change(before, after);
    const hit = later.find((f) => f.key === key && f.positive);
    expect(hit, JSON.stringify(facts(later))).toBeDefined();
    expect(hit!.object).toBe(value);
  });

  it('a place without a known city or a word of time is not where the user lives', async () => {
    const { later } = await change(['I am a nurse.'], ['I am in Boulder.']);
    expect(later.some((f) => f.key === 'user.residence')).toBe(false);
  });

  it('reads a company named after the clause that says where the user works (我在一家外企上班，叫西门子)', async () => {
    const [f] = await session(['我在一家外企上班，叫西门子。'], '2025-01-15T10:00:00.000Z', []);
    expect(f).toMatchObject({ key: 'user.employer', object: '西门子' });
  });

  it('reads school and major from one clause (我在清华读计算机专业)', async () => {
    const fs = await session(['我在清华读计算机专业。'], '2025-01-15T10:00:00.000Z', []);
    expect(facts(fs)).toEqual([
      ['user.school', '清华', true],
      ['user.field_of_study', '计算机', true],
    ]);
  });

  it('a single character is never a drug: 我不再吃素了 ends a diet', async () => {
    const [f] = await session(['我不再吃素了。'], '2025-01-15T10:00:00.000Z', []);
    expect(f).toMatchObject({ key: 'user.diet', positive: false });
  });

  it('folds Cantonese function words to Mandarin before the rules read them', async () => {
    expect(foldCantonese('我哋搬咗去沙田')).toBe('我们搬了去沙田');
    const { later } = await change(['我住在旺角。'], ['我哋上個月搬咗去沙田。']);
    expect(later.find((f) => f.key === 'user.residence' && f.positive)?.object).toBe('沙田');
  });

  it('an emoji between two statements ends the first', () => {
    expect(sentences('Bubbles died 😢 we got a new goldfish').map((s) => s.text)).toEqual([
      'Bubbles died',
      'we got a new goldfish',
    ]);
  });
});

describe('value changes: a known value retired anywhere in a message', () => {
  it('"X is out, Y is in" replaces X under its key', async () => {
    const { first, later } = await change(['I work at Boeing.'], ['Boeing is out, Airbus is in!']);
    expect(first.map((f) => f.key)).toEqual(['user.employer']);
    expect(facts(later)).toEqual([['user.employer', 'Airbus', true]]);
  });

  it('"no longer in X" with the new value in the next sentence', async () => {
    const { later } = await change(["I'm based in Berlin."], ['Heads up — no longer in Berlin. Munich is home now.']);
    expect(later.find((f) => f.key === 'user.residence' && f.positive)?.object).toBe('Munich');
  });

  it('"left X for Y" replaces X', async () => {
    const { later } = await change(
      ['My wife and I live in Phoenix.'],
      ['My wife and I packed up and left Phoenix for Tucson in the spring.'],
    );
    expect(later.find((f) => f.key === 'user.residence' && f.positive)?.object).toBe('Tucson');
  });

  it('a value that ended with nothing in its place is recorded as ended', async () => {
    const { later } = await change(['I have a goldfish named Bubbles.'], ['Sadly Bubbles died last week.']);
    expect(later.find((f) => f.object === 'Bubbles')).toMatchObject({ positive: false });
  });

  it("someone else's change does not touch the user's fact", async () => {
    const { later } = await change(['I work at Google.'], ['My brother left Google last year.']);
    expect(later.filter((f) => f.key === 'user.employer')).toEqual([]);
  });

  it('"my wife and I left X" is the user\'s own change', async () => {
    const { later } = await change(['I live in Phoenix.'], ['My wife and I left Phoenix last year.']);
    expect(later.find((f) => f.key === 'user.residence')).toMatchObject({ object: 'Phoenix', positive: false });
  });

  it('a fact that merely shares no value with the message is never touched', async () => {
    const { later } = await change(['I live in Paris.', 'My cat is called Mochi.'], ['I quit my job at the bank.']);
    expect(later.some((f) => f.key === 'user.residence' || f.key.startsWith('user.pet'))).toBe(false);
  });

  it('Chinese: 那边我不干了，去了X replaces the employer', async () => {
    const { later } = await change(['我在滴滴上班。'], ['滴滴那边我不干了，去了快手。']);
    expect(later.find((f) => f.key === 'user.employer' && f.positive)?.object).toBe('快手');
  });

  it('ending another value of the same key within a session does not undo the one just stated', async () => {
    const fs = mergeSessionFacts(await session(['我开始生酮饮食了，不再吃素。'], '2025-01-15T10:00:00.000Z', []));
    expect(facts(fs)).toContainEqual(['user.diet', '生酮饮食', true]);
    expect(fs.filter((f) => f.key === 'user.diet')).toHaveLength(1);
  });
});

describe('alignKey: a slot named in other words is the known slot', () => {
  const known = [
    { key: 'user.usual_coffee_order', content: "User's usual coffee order is a flat white", object: 'a flat white' },
    { key: 'user.residence', content: 'User lives in Paris', object: 'Paris' },
  ];

  it('"usual order" is the known "usual coffee order"', () => {
    const d = alignKey(draft('usual_order', 'an oat latte', 0.85), known);
    expect(d.suffix).toBe('usual_coffee_order');
    expect(d.content).toBe("User's usual coffee order is an oat latte");
  });

  it('a draft whose key is known, or an unrelated slot, keeps its key', () => {
    expect(alignKey(draft('residence', 'Lyon', 0.9), known).suffix).toBe('residence');
    expect(alignKey(draft('favourite_colour', 'green', 0.9), known).suffix).toBe('favourite_colour');
  });

  it('names, residence, employer and other identity slots are never re-keyed', () => {
    const k = [{ key: 'user.hometown', content: 'User is from Ohio', object: 'Ohio' }];
    expect(alignKey(draft('residence', 'Ohio City', 0.9), k).suffix).toBe('residence');
  });

  it('two known slots that both fit: none is chosen', () => {
    const two = [
      { key: 'user.coffee_order', content: "User's coffee order is a latte", object: 'a latte' },
      { key: 'user.usual_coffee_order', content: "User's usual coffee order is a flat white", object: 'a flat white' },
    ];
    expect(alignKey(draft('order', 'a mocha', 0.85), two).suffix).toBe('order');
  });
});

describe('paraphrase classes: a known slot named in other words (core slot-words)', () => {
  const cases: Array<[string[], string[], string, string]> = [
    [['I live in Glasgow.'], ['Finally made the move to Edinburgh last month!'], 'user.residence', 'Edinburgh'],
    [['I use Sublime Text.'], ['These days I do all my coding in Zed.'], 'user.editor', 'Zed'],
    [['我每天七点起床。'], ['现在我改成六点起床了。'], 'user.time.起床', '六点'],
    [['我学的是金融专业。'], ['我把专业换成了计算机。'], 'user.field_of_study', '计算机'],
  ];
  it.each(cases)('%s → %s', async (before, after, key, value) => {
    const { later } = await change(before, after);
    expect(facts(later)).toContainEqual([key, value, true]);
  });

  it('a fallback key is not moved onto a slot of another kind of value', async () => {
    const { later } = await change(['I live in Glasgow.'], ['I made the move to 3 days a week at the office.']);
    expect(later.some((f) => f.key === 'user.residence')).toBe(false);
  });
});

describe('changes by a verb of change, a faded habit, a place named elsewhere', () => {
  const cases: Array<[string[], string[], string, string]> = [
    [['我在华为上班。'], ['我从华为跳槽到了小米。'], 'user.employer', '小米'],
    [['我的爱好是钓鱼。'], ['最近不怎么钓鱼了，迷上了摄影。'], 'user.hobby', '摄影'],
    [['我在京东工作。'], ['京东那边我已经辞职了，下周去美团报到。'], 'user.employer', '美团'],
    [['我开的是本田雅阁。'], ['雅阁卖了，换了一辆理想L7。'], 'user.vehicle', '理想L7'],
    [
      ['I mostly write Java.'],
      ["I barely touch Java now, it's all Kotlin at my job."],
      'user.programming_language',
      'Kotlin',
    ],
    [
      ['My hobby is painting.'],
      ["I haven't painted in months, pottery is what I do on weekends now."],
      'user.hobby',
      'pottery',
    ],
    [['I get up at 7am.'], ['With the new job I have to get up at 5:30am.'], 'user.time.wake_up', '5:30am'],
    [
      ['I go swimming twice a week.'],
      ["I'm swimming four times a week now to train for a triathlon."],
      'user.frequency.swim',
      'four times a week',
    ],
    [
      ['I live in Atlanta.'],
      ['Can you help me find a pediatrician in Charlotte? We just relocated there.'],
      'user.residence',
      'Charlotte',
    ],
    [['我住在青岛。'], ['能推荐一下杭州的早餐店吗？我刚搬过来。'], 'user.residence', '杭州'],
  ];
  it.each(cases)('%s → %s', async (before, after, key, value) => {
    const { later } = await change(before, after);
    expect(facts(later)).toContainEqual([key, value, true]);
  });

  it.each([
    [['I work at J.P. Morgan.'], ['I moved to Goldman Sachs in Feb.'], 'user.employer', 'Goldman Sachs'],
    [['我住在成都。'], ['我已经不住成都了，去年底搬到了重庆。'], 'user.residence', '重庆'],
    [['我们的项目用Redis做缓存。'], ['我们项目的缓存从Redis换成了Memcached。'], 'env.project.缓存', 'Memcached'],
    [
      ['My gym membership costs $40 a month.'],
      ['The gym raised its price to $55 a month.'],
      'user.gym_membership',
      '$55 a month',
    ],
  ] as Array<[string[], string[], string, string]>)('%s → %s', async (before, after, key, value) => {
    const { later } = await change(before, after);
    expect(facts(later)).toContainEqual([key, value, true]);
  });

  it('a trip is not a change: 从北京出差到上海 leaves the city alone', async () => {
    const { later } = await change(['我住在北京。'], ['我下周从北京出差到上海。']);
    expect(later.some((f) => f.key === 'user.residence' && f.positive && f.object === '上海')).toBe(false);
  });

  it('"there" without a place named before it stays unresolved', async () => {
    const { later } = await change(['I live in Atlanta.'], ['We just relocated there.']);
    expect(later.some((f) => f.key === 'user.residence' && f.positive)).toBe(false);
  });
});

describe('first statements of common attributes', () => {
  it.each([
    ['I have two kids.', 'user.count.kid', 'two'],
    ['I run marathons.', 'user.activity.marathon', 'marathons'],
    ['I teach yoga.', 'user.activity.yoga', 'yoga'],
    ['我在读研究生。', 'user.education_level', '研究生'],
  ])('%s', async (text, key, value) => {
    expect(facts(await session([text], '2025-01-15T10:00:00.000Z', []))).toEqual([[key, value, true]]);
  });

  it('an activity verb followed by a time or place is not an activity ("I run on Tuesdays", "I teach at Lincoln High")', async () => {
    for (const text of ['I run on Tuesdays and Thursdays.', 'I teach at Lincoln High.']) {
      const fs = await session([text], '2025-01-15T10:00:00.000Z', []);
      expect(fs.some((f) => f.key.startsWith('user.activity.'))).toBe(false);
    }
  });
});
