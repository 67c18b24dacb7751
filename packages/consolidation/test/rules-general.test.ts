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
      ['user.does.weigh.kg', '84 kg', true],
    ]);
    expect(
      (await change(['I weigh 92 kg.'], ['My goal is to get down to 80 kg.'])).later.filter(
        ([k]) => k === 'user.does.weigh.kg',
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
