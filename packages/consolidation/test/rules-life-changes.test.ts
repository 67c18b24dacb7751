import { describe, expect, it } from 'vitest';
import { change, facts } from './rules-sessions';

/** [said first, said later, key, value now]: the later session states the new value under the old value's key. */
type Case = [string[], string[], string, string];

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

describe('a surname taken at marriage or from a parent', () => {
  changes([
    [
      ['My surname is Brown.'],
      ["Since the wedding I've taken my husband's name, so it's Anna Kowalski now."],
      'user.surname',
      'Kowalski',
    ],
    [['My last name is Brown.'], ["I took my wife's surname, Novak."], 'user.surname', 'Novak'],
    [
      ['My last name is Brown.'],
      ["I took my husband's last name when we married. It's Novak now."],
      'user.surname',
      'Novak',
    ],
    [
      ['My surname is Smith.'],
      ['I went back to my maiden name after the divorce, it is Jones again.'],
      'user.surname',
      'Jones',
    ],
    [['我姓张。'], ['我改名了，现在随我妈姓刘。'], 'user.surname', '刘'],
    [['我姓张。'], ['我现在改姓刘了。'], 'user.surname', '刘'],
    [['我姓張。'], ['我結婚後改跟先生姓陳了。'], 'user.surname', '陳'],
  ]);

  it('a surname is never read from a question or from a parent named without 姓', async () => {
    const { later } = await change(['我姓张。'], ['我妈姓刘。', '用户姓什么？']);
    expect(later.find((f) => f.key === 'user.surname' && f.positive)).toBeUndefined();
  });
});

describe('a pastime replaced, the old one said to have faded', () => {
  changes([
    [['我的爱好是书法。'], ['最近迷上了陶艺，书法不怎么练了。'], 'user.hobby', '陶艺'],
    [['我的愛好是攝影。'], ['最近愛上了烘焙，攝影很少碰了。'], 'user.hobby', '烘焙'],
    [['My hobby is climbing.'], ["I gave up climbing, I'm into pottery now."], 'user.hobby', 'pottery'],
    [['My hobby is knitting.'], ["I've swapped knitting for pottery."], 'user.hobby', 'pottery'],
  ]);
});

describe('raises and promotions', () => {
  changes([
    [['我月薪一万二。'], ['老板给我涨到了一万五。'], 'user.salary', '一万五'],
    [['我工资八千。'], ['公司给我把工资调到一万了。'], 'user.salary', '一万'],
    [['我的薪水是九千。'], ['我的薪水涨到一万一了。'], 'user.salary', '一万一'],
    [['My salary is 50k.'], ['They bumped me to 58k after the review.'], 'user.salary', '58k'],
    [['My salary is $60,000.'], ['I just got a raise to $68,000.'], 'user.salary', '$68,000'],
    [['I earn $30 an hour.'], ['Got a raise to $34 an hour.'], 'user.hourly_rate', '$34 an hour'],
    [['我是副理。'], ['我升為經理了。'], 'user.occupation', '經理'],
    [
      ["I'm a junior developer."],
      ['I got promoted to senior developer last month.'],
      'user.occupation',
      'a senior developer',
    ],
  ]);

  it('a number raised by someone else is no salary unless a salary is named or known', async () => {
    const { later } = await change(['我住在北京。'], ['老板给我涨到了一万五。']);
    expect(later.find((f) => f.key === 'user.salary')).toBeUndefined();
  });
});

describe('going freelance or self-employed ends the employer', () => {
  changes([
    [['I work at Deloitte.'], ['I went freelance in March.'], 'user.employer', 'freelance'],
    [['I work at Google.'], ["I quit Google and I'm self-employed now."], 'user.employer', 'self-employed'],
    [['I work for Shopify.'], ["I'm a freelancer now, left Shopify in May."], 'user.employer', 'freelance'],
    [['I work at IBM.'], ['These days I work for myself.'], 'user.employer', 'self-employed'],
    [['我在华为上班。'], ['我现在自由职业了，不在华为了。'], 'user.employer', '自由职业'],
    [['我在阿里上班。'], ['我离开阿里，出来单干了。'], 'user.employer', '单干'],
    [['我在台積電上班。'], ['我現在是自由職業者了。'], 'user.employer', '自由職業'],
  ]);

  it.each([
    ["I'm a freelance photographer.", 'a freelance photographer'],
    ['我是自由撰稿人。', '自由撰稿人'],
  ])('%s stays the occupation', async (said, occupation) => {
    const { first } = await change([said], []);
    expect(facts(first)).toEqual([['user.occupation', occupation, true]]);
  });
});

describe('a school or university transfer', () => {
  changes([
    [
      ['I study at the University of Leeds.'],
      ["I've transferred to the University of York for my final year."],
      'user.school',
      'University of York',
    ],
    [['I go to Lincoln High School.'], ['I switched to Roosevelt High.'], 'user.school', 'Roosevelt High'],
    [["I'm a student at Ohio State."], ['I transferred to Penn State this fall.'], 'user.school', 'Penn State'],
    [['我在复旦大学读研究生。'], ['我已经转到浙江大学继续读研了。'], 'user.school', '浙江大学'],
    [['我在北大读书。'], ['我转学到清华了。'], 'user.school', '清华'],
    [['我兒子讀建國中學。'], ['我兒子轉學到師大附中了。'], 'user.family.son.school', '師大附中'],
    [['我女儿在实验小学上学。'], ['我女儿转到外国语小学了。'], 'user.family.daughter.school', '外国语小学'],
  ]);

  it('"switched to" a name that is no school is no school; 在读高中 is the level, not a school', async () => {
    const { first, later } = await change(['I go to Lincoln High School.', '我在读高中。'], ['I switched to Spotify.']);
    expect(later.find((f) => f.key === 'user.school')).toBeUndefined();
    expect(facts(first)).toContainEqual(['user.education_level', '高中', true]);
  });
});

describe('a slot named as changed carries its value into the next sentence', () => {
  changes([
    [['I study economics.'], ["I changed my major. It's philosophy now."], 'user.field_of_study', 'philosophy'],
  ]);
});

describe('a measure or a diet said with a remark, a label or the other side of 吃素', () => {
  changes([
    [["I'm 1.62 m tall."], ["The doctor measured me and I'm 1.60 m now, shrinking with age."], 'user.height', '1.60 m'],
    [['I weigh 80 kg.'], ["I'm 76 kg now, all that cycling paid off."], 'user.weight', '76 kg'],
    [['I weigh about 95 kilos.'], ['Lost 10 kilos since spring, so 85 now.'], 'user.weight', '85'],
    [["I'm vegetarian."], ['Quick update about me: vegan now.'], 'user.diet', 'vegan'],
    [["I'm vegan."], ['FYI: pescatarian now.'], 'user.diet', 'pescatarian'],
    [['我吃葷。'], ['現在吃素了。'], 'user.diet', '吃素'],
    [['我吃素。'], ['我最近开始吃肉了，不吃素了。'], 'user.diet', '吃肉'],
    [['我平时吃肉比较多。'], ['从上个月开始我不再吃肉了，改吃素。'], 'user.diet', '吃素'],
  ]);
  it('"I am 80 kg now, and my height is 1.8 m" keeps both measures', async () => {
    const { first } = await change(["I'm 80 kg now, and my height is 1.8 m."], []);
    expect(facts(first)).toEqual(
      expect.arrayContaining([
        ['user.weight', '80 kg', true],
        ['user.height', '1.8 m', true],
      ]),
    );
  });
});

describe('a home said value-first in Chinese', () => {
  changes([
    [['我住在天津。'], ['大连现在是我的家了，房子也买了。'], 'user.residence', '大连'],
    [['我住在台北。'], ['台中現在就是我的新家。'], 'user.residence', '台中'],
  ]);
  it('这里 / 公司 is no place named', async () => {
    const { later } = await change(['我住在上海。'], ['这里现在是我的家了。', '公司就是我的家。']);
    expect(later.find((f) => f.key === 'user.residence')).toBeUndefined();
  });
});

describe('a value said in the frame of the known one', () => {
  changes([
    [["I'm vegan."], ["These days I'm pescatarian, fish but no meat."], 'user.diet', 'pescatarian'],
    [["I'm vegan."], ["I'm not vegan anymore, I eat fish again, so pescatarian I guess."], 'user.diet', 'pescatarian'],
    [
      ["I'm a blue belt in jiu-jitsu."],
      ['Purple belt now! The grading was brutal.'],
      'user.identity.jiu_jitsu',
      'a purple belt in jiu-jitsu',
    ],
    [
      ['My golf handicap is 18.'],
      ["All that practice paid off, I'm down to a handicap of 11."],
      'user.golf_handicap',
      '11',
    ],
    [['我的围棋是业余三段。'], ['上个月比赛升段了，现在是业余四段。'], 'user.围棋', '业余四段'],
    [['我的生日是5月8日。'], ['我记错了，我生日其实是5月18日。'], 'user.birthday', '5月18日'],
    [['我是一名实习律师。'], ['我去年拿到了执业证，正式成了执业律师。'], 'user.occupation', '执业律师'],
    [['我是住院医师。'], ['我终于当上了主治医师。'], 'user.occupation', '主治医师'],
    [['我今年二十五岁。'], ['我上周过了二十六岁生日。'], 'user.age', '26'],
  ]);
  it('a fragment sharing no head with a known value, and 现在是 a time, set nothing', async () => {
    const { later } = await change(['I live in Paris.', '我住在北京。'], ['Big news now!', '现在是下午三点了。']);
    expect(later).toEqual([]);
  });
  it('an age said in Chinese numerals keeps them beside the digits', async () => {
    const { later } = await change(['我今年二十九岁。'], ['上周过生日，我满三十岁了。']);
    expect(later.find((f) => f.key === 'user.age')).toMatchObject({ object: '30', content: '用户三十岁（30岁）' });
  });
});

describe('changes said in passing (English)', () => {
  changes([
    [
      ['My surname is Walker.'],
      ["I got married in September and took my wife's name, so I'm Daniel Okafor now. How do I update my passport?"],
      'user.surname',
      'Okafor',
    ],
    [
      ['I play the violin.'],
      ["I haven't touched the violin in ages, these days I'm all about the ukulele."],
      'user.instrument',
      'ukulele',
    ],
    [
      ['My hobby is birdwatching.'],
      ['Birdwatching took a back seat since I discovered bouldering.'],
      'user.hobby',
      'bouldering',
    ],
    [
      ["I'm watching Breaking Bad."],
      ["I'm on season two of The Bear now, after wrapping up Breaking Bad."],
      'user.current_show',
      'season two of The Bear',
    ],
    [
      ['I wake up at 7:30 every day.'],
      ["Ever since the baby arrived I'm up at 5:45 most mornings."],
      'user.time.wake_up',
      '5:45',
    ],
    [
      ['I work at Deloitte.'],
      ["I'm planning a lunch for my new team at PwC, where I started last month."],
      'user.employer',
      'PwC',
    ],
    [
      ['I live in Austin.'],
      ["I said Austin before, but we've been in San Antonio since the spring."],
      'user.residence',
      'San Antonio',
    ],
    [["I'm vegetarian."], ['We went vegan as a household in March.'], 'user.diet', 'vegan'],
    [['I eat everything.'], ["I've gone pescatarian since the new year."], 'user.diet', 'pescatarian'],
  ]);
  it('"I\'m up at 5 for a flight tomorrow"-like times stay times of the clause; a new team without an organisation is no employer', async () => {
    const { later } = await change(['I work at Deloitte.'], ['I love my new team at work.']);
    expect(later.find((f) => f.key === 'user.employer')).toBeUndefined();
  });
  it('"been in X since" is a home only for a user whose home is known', async () => {
    const { first } = await change(["I've been in Lisbon since Monday for a conference."], []);
    expect(first.find((f) => f.key === 'user.residence')).toBeUndefined();
  });
});

describe('changes said in passing (Chinese, Simplified and Traditional)', () => {
  changes([
    [['我是一名普通程序员。'], ['部门里现在都叫我"李经理"了，五月份升了技术经理。'], 'user.occupation', '技术经理'],
    [['我是國中老師。'], ['我已經不教書了，現在在補習班當主任。'], 'user.occupation', '主任'],
    [
      ['我在一家国企上班，是中石化。'],
      ['在中石化干了十年，今年终于出来了，十月起在宁德时代做采购。'],
      'user.employer',
      '宁德时代',
    ],
    [['我男朋友叫阿杰。'], ['我和阿杰分手了，现在在和一个叫小林的人交往。'], 'user.partner', '小林'],
    [['我女朋友叫小美。'], ['我现在跟小雨在一起了。'], 'user.partner', '小雨'],
    [['我还是单身。'], ['告诉你个好消息，我过年的时候订婚了！'], 'user.marital_status', '已订婚'],
    [['我的直属领导是刘姐。'], ['刘姐六月份退休了，我现在向张总汇报。'], 'user.直属领导', '张总'],
    [['我老板是王总。'], ['我现在向李总汇报。'], 'user.family.boss', '李总'],
    [['我房租每月3500。'], ['房东涨租了，从这个月开始每个月交4200。'], 'user.rent', '每月4200'],
    [['我周末一般去钓鱼。'], ['自从迷上攀岩，钓鱼就不怎么去了。'], 'user.does.去.钓鱼', '攀岩'],
    [['我每天坐地铁上班。'], ['新修了自行车道，我现在天天骑车上班，不坐地铁了。'], 'user.commute', '骑车'],
    [['我在郑州大学读书。'], ['这学期我转学到武汉大学了。'], 'user.school', '武汉大学'],
    [['我平常吃蛋奶素。'], ['其實我現在連蛋和奶都不碰了，改吃全素。'], 'user.diet', '全素'],
  ]);
  it('a rent paid is read only for a user whose rent is known; 和朋友在一起 is no partner', async () => {
    const { later } = await change(['我住在北京。'], ['我每个月交4200。', '我现在和朋友在一起。']);
    expect(later.find((f) => f.key === 'user.rent' || f.key === 'user.partner')).toBeUndefined();
  });
});

describe('a relationship status keeps the word the user said', () => {
  it.each([
    ['我結婚了，上個月辦的婚禮。', '已婚', '用戶結婚了（已婚）'],
    ['我过年的时候订婚了', '已订婚', '用户订婚了（已订婚）'],
    ['我单身', '单身', '用户单身'],
  ])('%s', async (said, status, content) => {
    const { first } = await change([said], []);
    expect(first.find((f) => f.key === 'user.marital_status')).toMatchObject({ object: status, content });
  });
});
