import { describe, expect, it } from 'vitest';
import { change as changed, facts, session } from './rules-sessions';

/** What a later session says, as [key, object, positive]. */
async function change(before: string[], after: string[]) {
  const r = await changed(before, after);
  return { first: r.first, later: facts(r.later) };
}

describe('any habit stated with a verb of the speaker’s own', () => {
  it('is read under its verb and thing, and a later "these days" statement with the same verb replaces it', async () => {
    const { first, later } = await change(['I always order a cappuccino.'], ['These days I order a cortado.']);
    expect(first.map((f) => [f.key, f.object])).toEqual([['user.does.order.cappuccino', 'a cappuccino']]);
    expect(first[0]!.content).toBe('User orders a cappuccino');
    expect(later).toEqual([['user.does.order.cappuccino', 'a cortado', true]]);
  });

  it('keeps two values of one verb as two facts, and a new one without a change marker beside them', async () => {
    const { first, later } = await change(
      ['I volunteer at the library.', 'I volunteer at the animal shelter.'],
      ['I volunteer at the food bank.'],
    );
    expect(first.map((f) => f.key).sort()).toEqual([
      'user.does.volunteer_at.animal_shelter',
      'user.does.volunteer_at.library',
    ]);
    expect(later).toEqual([['user.does.volunteer_at.food_bank', 'food bank', true]]);
  });

  it('the quantity is the value’s, not the slot’s (EN and ZH)', async () => {
    expect(
      (await change(['I drink two cups of coffee a day.'], ['I drink one cup of coffee a day now.'])).later,
    ).toEqual([['user.does.drink.coffee', 'one cup of coffee', true]]);
    expect((await change(['我每天喝两杯咖啡。'], ['我现在每天只喝一杯咖啡。'])).later).toEqual([
      ['user.does.喝.咖啡', '一杯咖啡', true],
    ]);
  });

  it('a progressive states a habit too ("I am training for …")', async () => {
    expect((await change(["I'm training for a 10k."], ["Now I'm training for a marathon."])).later).toEqual([
      ['user.does.train_for.10k', 'a marathon', true],
    ]);
  });

  it('adverbs, quantifiers, moods and the rest of a clause are no habit (chat fillers)', async () => {
    for (const t of [
      'I totally agree with you.',
      'I definitely will!',
      'I last spoke to her in May.',
      'We both face the same challenges.',
      "I'm staying positive.",
      'I am hanging in there.',
      'I cannot wait to hear more.',
      'I think running can really boost your mood.',
      "I'm working together would be great.",
      "I'm pushing ourselves.",
    ]) {
      expect(
        (await session([t], '2025-01-15T10:00:00.000Z')).filter((f) => f.key.includes('.does.')),
        t,
      ).toEqual([]);
    }
  });

  it('a progressive and a simple form of one verb share the slot (the silent e restored)', async () => {
    const { first, later } = await change(["I'm chasing a pilot's licence."], ['I chase a sailing licence now.']);
    expect(first.map((f) => f.key)).toEqual(['user.does.chase.pilot_s_licence']);
    expect(later).toEqual([['user.does.chase.pilot_s_licence', 'a sailing licence', true]]);
  });

  it('verbs of thought, wishes and requests state nothing about the speaker', async () => {
    for (const t of [
      'I need a new laptop.',
      'I think it will rain.',
      'I hope you can help.',
      'I wonder about it.',
      'I gave it away.',
      '我想喝咖啡。',
    ]) {
      expect(
        (await session([t], '2025-01-15T10:00:00.000Z')).filter((f) => f.key.includes('.does.')),
        t,
      ).toEqual([]);
    }
  });

  it('a thing of a known kind keeps its slot (我骑一台光阳机车 is the vehicle)', async () => {
    const f = await session(['我骑一台捷安特自行车。'], '2025-01-15T10:00:00.000Z');
    expect(f.map((x) => x.key)).toEqual(['user.vehicle']);
  });
});

describe('a new amount in the unit of one known value is its change', () => {
  it('EN: "down to 84 kg" changes "I weigh 92 kg"; a goal does not', async () => {
    expect((await change(['I weigh 92 kg.'], ["I'm down to 84 kg now."])).later).toEqual([
      ['user.weight', '84 kg', true],
    ]);
    expect(
      (await change(['I weigh 92 kg.'], ['My goal is to get down to 80 kg.'])).later.filter(
        ([k]) => k === 'user.weight',
      ),
    ).toEqual([]);
  });

  it('ZH: 瘦到70公斤 changes 体重80公斤', async () => {
    expect((await change(['我的体重是80公斤。'], ['我现在瘦到70公斤了。'])).later).toEqual([
      ['user.weight', '70公斤', true],
    ]);
  });
});

describe('slots matched by meaning, not wording', () => {
  it('a named companion is a pet whatever its kind, and the one adopted after it died replaces it', async () => {
    const { first, later } = await change(
      ['We have a corgi named Biscuit.'],
      ['Biscuit died last spring. We adopted a husky called Storm.'],
    );
    expect(first.map((f) => [f.key, f.object])).toEqual([['user.pet.corgi', 'Biscuit']]);
    expect(later).toEqual([['user.pet.corgi', 'Storm', true]]);
  });

  it('"my phone" that is not a number is the device', async () => {
    expect(
      (await change(['I have an iPhone 12.'], ['Upgraded my phone to a Pixel 9 over the weekend.'])).later,
    ).toEqual([['user.phone', 'Pixel 9', true]]);
  });

  it('"a new accountant, Ms. Park" names the attribute', async () => {
    expect((await change(['My accountant is Mr. Lee.'], ['I hired a new accountant, Ms. Park.'])).later).toEqual([
      ['user.accountant', 'Ms. Park', true],
    ]);
  });

  it('"it is my favourite album now" gives the value just stated to the slot named', async () => {
    const { later } = await change(['My favourite album is Blue.'], ["I love Currents, it's my favourite album now."]);
    expect(later).toContainEqual(['user.favourite_album', 'Currents', true]);
  });

  it('the head of a key is its last content word ("deadline is" is the deadline)', async () => {
    expect(
      (await change(['The project deadline is May 3.'], ['The client moved our deadline to June 9.'])).later,
    ).toEqual([['env.project.deadline_is', 'June 9', true]]);
  });

  it('a routine is ended by naming its activity ("gave up squash")', async () => {
    expect(
      (await change(['I play squash every Friday.'], ['I gave up squash after my shoulder surgery.'])).later,
    ).toEqual([['user.frequency.play_squash', 'every friday', false]]);
  });
});

describe('Chinese: time words, dropped subjects and value boundaries', () => {
  it('我们 + any time word + a move', async () => {
    expect((await change(['我住在杭州。'], ['跟你说，我们前几天搬到宁波了。'])).later).toEqual([
      ['user.residence', '宁波', true],
    ]);
  });

  it('在做 + an occupation after a resignation', async () => {
    expect((await change(['我是一名会计。'], ['我辞职了，现在在做健身教练。'])).later).toEqual([
      ['user.occupation', '健身教练', true],
    ]);
  });

  it('转到/考到 a school followed by what is studied there', async () => {
    expect((await change(['我在南京大学读本科。'], ['我已经考到北京大学读研了。'])).later).toEqual([
      ['user.school', '北京大学', true],
    ]);
  });

  it('用 + a Latin tool name + what it is for: the tool is the value', async () => {
    const f = await session(['我主要用Rust写后端。'], '2025-01-15T10:00:00.000Z');
    expect(f.map((x) => [x.key, x.object])).toEqual([['user.programming_language', 'Rust']]);
  });

  it('a new number in the clause after 换了新号码', async () => {
    expect((await change(['我的电话是138-0013-8000。'], ['我换了新号码，139-0013-9000。'])).later).toEqual([
      ['user.contact.phone', '139-0013-9000', true],
    ]);
  });

  it('改去 a new employer after leaving the old one, in Traditional characters', async () => {
    expect((await change(['我在星巴克打工。'], ['我不在星巴克打工了，改去麥當勞了。'])).later).toEqual([
      ['user.employer', '麥當勞', true],
    ]);
  });

  it('改成骑电动车上班 is a commute, not a vehicle', async () => {
    expect((await change(['我每天坐地铁上班。'], ['现在我改成骑电动车上班了。'])).later).toEqual([
      ['user.commute', '骑电动车', true],
    ]);
  });

  it('被调到 an employer, 被提拔为 a role, 我家 as the user', async () => {
    expect((await change(['我在百度工作。'], ['我被调到了阿里巴巴。'])).later).toEqual([
      ['user.employer', '阿里巴巴', true],
    ]);
    expect((await change(['我是普通员工。'], ['我被提拔为部门经理了。'])).later).toEqual([
      ['user.occupation', '部门经理', true],
    ]);
    expect((await change(['我住在济南。'], ['我家搬去青岛了。'])).later).toEqual([['user.residence', '青岛', true]]);
  });
});

describe('more English shapes of a change', () => {
  it('"X hired me", "I have been hired by X"', async () => {
    expect(
      (await change(['I work at Accenture.'], ['Accenture let me go in March, but Infosys hired me a month later.']))
        .later,
    ).toEqual([['user.employer', 'Infosys', true]]);
    expect((await change(['I work at Wipro.'], ["I've been hired by Capgemini!"])).later).toEqual([
      ['user.employer', 'Capgemini', true],
    ]);
  });

  it('"I call X home now"', async () => {
    expect((await change(['I live in Perth.'], ['I call Adelaide home now.'])).later).toEqual([
      ['user.residence', 'Adelaide', true],
    ]);
  });

  it('a value named by the head of its noun phrase, replaced by a bare value said to hold now', async () => {
    expect(
      (await change(['I drink black tea in the mornings.'], ['Not tea anymore, coffee every morning now.'])).later,
    ).toEqual([['user.does.drink.black_tea', 'coffee', true]]);
  });
});

describe('a change told as the occasion of a sentence, by the user’s name, or as a label (session 4)', () => {
  const later = async (before: string[], after: string[]) => (await change(before, after)).later;

  it('the occasion a sentence opens with is a statement ("since …", "ever since …", "after …")', async () => {
    expect(await later(['I work at Canva.'], ['Since taking the job at Atlassian, I sleep better.'])).toEqual([
      ['user.employer', 'Atlassian', true],
    ]);
    expect(
      await later(['I live in Bruges.'], ['Ever since we moved to Ghent, the bakery downstairs knows my order.']),
    ).toEqual([['user.residence', 'Ghent', true]]);
  });

  it('the user named in the third person is the user', async () => {
    expect(
      await later(
        ['My name is Ravi.', 'I live in Delhi.'],
        ['Ever since Ravi (yes, me) relocated to Pune, I cook more.'],
      ),
    ).toEqual([['user.residence', 'Pune', true]]);
    expect(await later(['My name is Ravi.', 'I live in Delhi.'], ['Ravi moved to Chennai last spring.'])).toEqual([
      ['user.residence', 'Chennai', true],
    ]);
  });

  it('"my new boss, Helena", "new email: …": a slot named as new with its value beside it', async () => {
    expect(await later(['My boss is Marek.'], ['My new boss, Helena, is much calmer.'])).toEqual([
      ['user.family.boss', 'Helena', true],
    ]);
    expect(await later(['My email is ravi@old.in.'], ['new email: ravi.k@pune.in'])).toEqual([
      ['user.contact.email', 'ravi.k@pune.in', true],
    ]);
  });

  it('"requalified as", "HR moved me to …" (in the slot of the known value of the same kind)', async () => {
    expect(await later(['I am a welder.'], ['I requalified as an electrician during the winter.'])).toEqual([
      ['user.occupation', 'an electrician', true],
    ]);
    expect(await later(['I work at the Tokyo branch.'], ['HR moved me to the Osaka branch.'])).toEqual([
      ['user.employer', 'Osaka branch', true],
    ]);
  });

  it('a new count of a counted thing, and the kind of a tool naming a project slot', async () => {
    expect(await later(['I have three dogs.'], ['We took in a rescue, so five dogs now.'])).toEqual([
      ['user.count.dog', 'five', true],
    ]);
    expect(await later(['Our app uses Vue for the frontend.'], ['We rebuilt it, the app uses Svelte now.'])).toEqual([
      ['env.app.web_framework', 'Svelte', true],
    ]);
  });

  it('Chinese: 自打…以后, 从A换成B, 换工作了…现在在, 改名了…现在叫, 满N岁, 很久没…了, a pet of another kind', async () => {
    expect(await later(['我住在泉州。'], ['自打搬到厦门以后，我天天吃沙茶面。'])).toEqual([
      ['user.residence', '厦门', true],
    ]);
    expect(await later(['我的邮箱是li@a.cn。'], ['我的邮箱从li@a.cn换成了lisi@b.cn。'])).toEqual([
      ['user.contact.email', 'lisi@b.cn', true],
    ]);
    expect(await later(['我在搜狐工作。'], ['我换工作了，现在在网易。'])).toEqual([['user.employer', '网易', true]]);
    expect(await later(['我叫李四。'], ['我改名了，现在叫李思远。'])).toEqual([['user.name', '李思远', true]]);
    expect(await later(['我今年三十九岁。'], ['我上个月满四十岁了。'])).toEqual([['user.age', '40', true]]);
    expect(await later(['我的爱好是弹钢琴。'], ['最近爱上了滑雪，钢琴很久没弹了。'])).toEqual([
      ['user.hobby', '滑雪', true],
    ]);
    const pet = await changed(['我养了一只兔子叫雪球。'], ['雪球前年走了，后来我们养了一只猫叫团子。']);
    expect(facts(pet.later)).toEqual([['user.pet.rabbit', '团子', true]]);
    expect(pet.later[0]!.content).toContain('猫');
  });
});
