import { describe, expect, it } from 'vitest';
import { createRulesEngine } from '../src/extraction/rules/rules-engine';
import type { CandidateFact, ExtractionMessage } from '../src/extraction/types';

const AT = '2026-11-30T10:00:00.000Z'; // a Monday
const engine = createRulesEngine();

async function factsOf(
  text: string,
  role: ExtractionMessage['role'] = 'user',
  existing: Array<{ key: string; content: string }> = [],
): Promise<CandidateFact[]> {
  const r = await engine.extract({
    sessionId: 's1',
    messages: [{ messageId: 'm1', role, content: text, at: AT }],
    existingFacts: existing.map((e, i) => ({
      id: `e${i}`,
      key: e.key,
      content: e.content,
      source: 'consolidated' as const,
    })),
  });
  return r.facts;
}

async function one(text: string, existing: Array<{ key: string; content: string }> = []): Promise<CandidateFact> {
  const facts = await factsOf(text, 'user', existing);
  if (facts.length !== 1)
    throw new Error(`expected one fact from "${text}", got ${JSON.stringify(facts.map((f) => [f.key, f.content]))}`);
  return facts[0]!;
}

// [sentence, key, content fragment, positive]
const ENGLISH: Array<[string, string, string, boolean?]> = [
  ['My name is Alice Chen.', 'user.name', 'Alice Chen'],
  ["Hi there, I'm Priya.", 'user.name', 'Priya'],
  ['Everyone calls me Jojo.', 'user.name', 'Jojo'],
  ['Please call me Sam from now on.', 'user.name', 'Sam'],
  ['I go by Kit.', 'user.name', 'Kit'],
  ['I work at Google.', 'user.employer', 'User works at Google'],
  ["I've been working for Stripe since 2021.", 'user.employer', 'Stripe'],
  ['I just started a new job at Datadog last week.', 'user.employer', 'Datadog'],
  ['I joined Anthropic in March.', 'user.employer', 'Anthropic'],
  ['I no longer work at Meta.', 'user.employer', 'User no longer works at Meta', false],
  ["I'm a nurse.", 'user.occupation', 'a nurse'],
  ['I work as a data scientist.', 'user.occupation', 'a data scientist'],
  ['I am now a product manager.', 'user.occupation', 'a product manager'],
  ["I'm vegetarian.", 'user.diet', 'vegetarian'],
  ['I went vegan last year.', 'user.diet', 'vegan'],
  ["I'm not vegetarian anymore.", 'user.diet', 'no longer vegetarian', false],
  ['I love sushi.', 'user.preference.sushi', 'User likes sushi'],
  ['I really enjoy hiking in the mountains.', 'user.preference.hiking_in_the_mountains', 'hiking'],
  ["I don't like cilantro.", 'user.preference.cilantro', 'User dislikes cilantro', false],
  ["Honestly I can't stand jazz.", 'user.preference.jazz', 'dislikes jazz', false],
  ["I'm a huge fan of Studio Ghibli films.", 'user.preference.studio_ghibli_films', 'Studio Ghibli films'],
  ['I prefer tea over coffee.', 'user.preference.tea', 'prefers tea over coffee'],
  ['I live in Berlin.', 'user.residence', 'User lives in Berlin'],
  ["I'm based in Lisbon these days.", 'user.residence', 'Lisbon'],
  ['I moved to Amsterdam last month.', 'user.residence', 'Amsterdam'],
  ['We relocated? no: I relocated to Toronto for work.', 'user.residence', 'Toronto'],
  ["I don't live in Paris anymore.", 'user.residence', 'no longer lives in Paris', false],
  ['My favourite editor is Helix.', 'user.favourite_editor', 'Helix'],
  ['My favorite color is teal.', 'user.favourite_color', 'teal'],
  ['Neovim is my favorite editor now.', 'user.favourite_editor', 'Neovim'],
  ['I switched from Vim to Emacs.', 'user.editor', 'Emacs'],
  ['I use VS Code for everything.', 'user.editor', 'VS Code'],
  ['I mostly code in Rust.', 'user.programming_language', 'Rust'],
  ['My email is alice@example.com.', 'user.contact.email', 'alice@example.com'],
  ['You can reach me at bob.smith@mail.co.uk.', 'user.contact.email', 'bob.smith@mail.co.uk'],
  ['My phone number is +1 415 555 0100.', 'user.contact.phone', '+1 415 555 0100'],
  ['My birthday is on March 3rd.', 'user.birthday', 'March 3rd'],
  ['I was born on 1990-05-17.', 'user.birthday', 'User'],
  ['I drive a Tesla Model 3.', 'user.vehicle', 'Tesla Model 3'],
  ['My car is a 2015 Honda Civic.', 'user.vehicle', 'Honda Civic'],
  ['I have a dog named Biscuit.', 'user.pet.dog', 'Biscuit'],
  ["My cat's name is Luna.", 'user.pet.cat', 'Luna'],
  ['My wife is Maria.', 'user.partner', 'Maria'],
  ["I'm married to Tom.", 'user.partner', 'Tom'],
  ['I study computer science.', 'user.field_of_study', 'computer science'],
  ['I graduated from Stanford.', 'user.school', 'Stanford'],
  ["I'm 34 years old.", 'user.age', '34'],
  ['My shoe size is 42.', 'user.shoe_size', 'shoe size is 42'],
  ['My timezone is now CET.', 'user.timezone', 'CET'],
  ["I'm allergic to peanuts.", 'user.allergy.peanuts', 'allergic to peanuts'],
  ['I speak German and Japanese.', 'user.spoken_languages', 'German and Japanese'],
  ['Our project is written in TypeScript.', 'env.project.written_in', 'TypeScript'],
  ["My husband's name is David.", 'user.partner', 'David'],
  ["I've switched to Neovim.", 'user.editor', 'Neovim'],
  ['I was born in 1988.', 'user.birth_year', '1988'],
  ["I'm from Canada originally.", 'user.hometown', 'User is from Canada'],
  ['I recently relocated from Boston to Denver.', 'user.residence', 'Denver'],
  ['These days I quit my job at IBM.', 'user.employer', 'no longer works at IBM', false],
];

const CHINESE: Array<[string, string, string, boolean?]> = [
  ['我叫李雷。', 'user.name', '用户叫李雷'],
  ['你可以叫我小王。', 'user.name', '小王'],
  ['我的名字是张伟。', 'user.name', '张伟'],
  ['我在腾讯工作。', 'user.employer', '用户在腾讯工作'],
  ['我现在在字节跳动上班了。', 'user.employer', '字节跳动'],
  ['我跳槽到了阿里巴巴。', 'user.employer', '阿里巴巴'],
  ['我是一名软件工程师。', 'user.occupation', '软件工程师'],
  ['我是素食者。', 'user.diet', '素食者'],
  ['我不再吃素了。', 'user.diet', '不再', false],
  ['我喜欢喝咖啡。', 'user.preference.coffee', '用户喜欢喝咖啡'],
  ['我特别喜欢爬山。', 'user.preference.爬山', '爬山'],
  ['我不喜欢香菜。', 'user.preference.香菜', '用户不喜欢香菜', false],
  ['我讨厌下雨天。', 'user.preference.下雨天', '不喜欢下雨天', false],
  ['我住在上海。', 'user.residence', '用户住在上海'],
  ['我现在住在深圳。', 'user.residence', '深圳'],
  ['我搬到了杭州。', 'user.residence', '杭州'],
  ['我上个月搬家到成都了。', 'user.residence', '成都'],
  ['我已经不住在北京了。', 'user.residence', '不再住在北京', false],
  ['我的邮箱是 lilei@example.cn。', 'user.contact.email', 'lilei@example.cn'],
  ['我的手机号是13800138000。', 'user.contact.phone', '13800138000'],
  ['我的生日是5月20日。', 'user.birthday', '5月20日'],
  ['我最喜欢的颜色是蓝色。', 'user.favourite_color', '蓝色'],
  ['我的编辑器现在是Neovim。', 'user.editor', 'Neovim'],
  ['我从Vim换成了VS Code。', 'user.editor', 'VS Code'],
  ['我开的是比亚迪汉。', 'user.vehicle', '比亚迪汉'],
  ['我养了一只猫，叫咪咪。', 'user.pet.cat', '咪咪'],
  ['我老婆叫小红。', 'user.partner', '小红'],
  ['我在清华大学读书。', 'user.school', '清华大学'],
  ['我今年二十八岁。', 'user.age', '28'],
  ['我对花生过敏。', 'user.allergy.花生', '花生'],
  ['我是上海人。', 'user.hometown', '上海'],
  ['我们的项目用Go写的。', 'env.project.uses', 'Go'],
  ['我已经不在百度工作了。', 'user.employer', '不再在百度工作', false],
  ['我女朋友叫小美。', 'user.partner', '小美'],
  ['我现在用的是Emacs。', 'user.editor', 'Emacs'],
];

describe('rules engine: English statements', () => {
  it.each(ENGLISH)('%s', async (text, key, fragment, positive = true) => {
    const f = await one(text);
    expect(f.key).toBe(key);
    expect(f.content).toContain(fragment);
    expect(f.positive).toBe(positive);
    expect(f.confidence).toBeGreaterThanOrEqual(0.6);
    expect(f.sourceMessageIds).toEqual(['m1']);
    expect(f.language).toBe('en');
  });
});

describe('rules engine: Chinese statements', () => {
  it.each(CHINESE)('%s', async (text, key, fragment, positive = true) => {
    const f = await one(text);
    expect(f.key).toBe(key);
    expect(f.content).toContain(fragment);
    expect(f.positive).toBe(positive);
    expect(f.language).toBe('zh');
  });
});

describe('rules engine: what must not become a fact', () => {
  it.each([
    'Do I live in Berlin?',
    'What is my name?',
    'If I lived in Rome I would eat pasta daily.',
    'I would like a coffee please.',
    'I want to move to Japan someday.',
    'The weather is nice today.',
    '我住在哪里？',
    '如果我住在北京就好了。',
    '今天天气不错。',
  ])('%s', async (text) => {
    expect(await factsOf(text)).toEqual([]);
  });

  it('ignores statements made by the assistant', async () => {
    expect(await factsOf('I live in Berlin and I love sushi.', 'assistant')).toEqual([]);
  });

  it('lowers the confidence of hedged statements and drops those below 0.6', async () => {
    const facts = await factsOf('I think I might be allergic to cats maybe.');
    expect(facts.every((f) => f.confidence >= 0.6)).toBe(true);
    const hedged = await factsOf('Maybe I live in Oslo.');
    const sure = await factsOf('I live in Oslo.');
    expect(sure[0]!.confidence).toBeGreaterThan(hedged[0]?.confidence ?? 0);
  });
});

describe('rules engine: several facts, time and lineage', () => {
  it('splits compound sentences into separate facts', async () => {
    const facts = await factsOf(
      "I'm Dana, I live in Seattle and work at Amazon as a software engineer, and I hate cold brew.",
    );
    const keys = facts.map((f) => f.key).sort();
    expect(keys).toEqual([
      'user.employer',
      'user.name',
      'user.occupation',
      'user.preference.cold_brew',
      'user.residence',
    ]);
  });

  it('splits Chinese clauses that share the subject', async () => {
    const facts = await factsOf('我叫王芳，住在广州，在华为工作，喜欢打羽毛球。');
    expect(facts.map((f) => f.key).sort()).toEqual([
      'user.employer',
      'user.name',
      'user.preference.羽毛球',
      'user.residence',
    ]);
  });

  it('resolves relative dates against the message time', async () => {
    const [move] = await factsOf('I moved to Madrid two weeks ago.');
    expect(move!.validFrom).toBe('2026-11-16');
    const [event] = await factsOf('I have a dentist appointment tomorrow at 3pm.');
    expect(event!.kind).toBe('event');
    expect(event!.timeHint).toBe('2026-12-01T15:00');
    const [zh] = await factsOf('我下周三要去北京出差。');
    expect(zh!.kind).toBe('event');
    expect(zh!.timeHint).toBe('2026-12-09');
    const [zhAbs] = await factsOf('我2025年3月8日开始在小米工作。');
    expect(zhAbs!.key).toBe('user.employer');
    expect(zhAbs!.validFrom).toBe('2025-03-08');
  });

  it('keeps a birthday said without a year as month and day', async () => {
    expect((await one('My birthday is December 5.')).timeHint).toBe('--12-05');
    expect((await one('我生日是八月十五号。')).timeHint).toBe('--08-15');
    expect((await one('My birthday is on 1990-03-02.')).timeHint).toBe('1990-03-02');
  });

  it('keeps the last statement of a key within a session and merges restatements', async () => {
    const r = await engine.extract({
      sessionId: 's',
      existingFacts: [],
      messages: [
        { messageId: 'a', role: 'user', content: 'I live in Rome.', at: AT },
        { messageId: 'b', role: 'assistant', content: 'Nice!', at: AT },
        { messageId: 'c', role: 'user', content: 'Actually I moved to Milan.', at: AT },
        { messageId: 'd', role: 'user', content: 'I love espresso. I really love espresso.', at: AT },
      ],
    });
    const residence = r.facts.filter((f) => f.key === 'user.residence');
    expect(residence.map((f) => f.object)).toEqual(['Milan']);
    expect(residence[0]!.sourceMessageIds).toEqual(['c']);
    const espresso = r.facts.find((f) => f.key === 'user.preference.espresso')!;
    expect(espresso.sourceMessageIds).toEqual(['d']);
  });

  it('reuses the key of a known fact when the user switches away from it', async () => {
    const f = await one('I switched from Notion to Obsidian.', [{ key: 'user.note_app', content: 'User uses Notion' }]);
    expect(f.key).toBe('user.note_app');
    expect(f.object).toBe('Obsidian');
  });

  it('writes an episode summary, entities and importance', async () => {
    const r = await engine.extract({
      sessionId: 's',
      existingFacts: [],
      messages: [
        { messageId: 'a', role: 'user', content: 'Hi, I am Nora and I live in Vienna.', at: AT },
        { messageId: 'b', role: 'assistant', content: 'Hello Nora!', at: AT },
      ],
    });
    expect(r.episode.summary).toContain('Vienna');
    expect(r.episode.entityIds).toContain('vienna');
    expect(r.episode.importance).toBeGreaterThan(0.3);
    expect(r.extractor).toBe('rules@1');
  });

  it('learns a skill from a request, numbered steps and the user confirming success', async () => {
    const r = await engine.extract({
      sessionId: 's',
      existingFacts: [],
      messages: [
        { messageId: 'a', role: 'user', content: 'How do I rotate the TLS certificate on the staging box?', at: AT },
        {
          messageId: 'b',
          role: 'assistant',
          content: '1. Run certbot renew\n2. Reload nginx\n3. Check the expiry with openssl',
          at: AT,
        },
        { messageId: 'c', role: 'user', content: 'That worked, thanks!', at: AT },
      ],
    });
    expect(r.skills).toHaveLength(1);
    expect(r.skills[0]!.steps).toEqual(['Run certbot renew', 'Reload nginx', 'Check the expiry with openssl']);
    expect(r.skills[0]!.success).toBe(true);
    expect(r.skills[0]!.name).toContain('rotate the TLS certificate');
  });
});
