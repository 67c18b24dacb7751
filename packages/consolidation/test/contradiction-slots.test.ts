import { describe, expect, it } from 'vitest';
import type { Logger } from '@engram/core';
import { decide } from '../src/contradictions/resolve';
import { currentKeyName } from '../src/legacy-keys';
import type { CandidateFact } from '../src/extraction/types';
import type { ActiveEntry } from '../src/read-models';

const logger = { warn: () => undefined } as unknown as Logger;

const entry = (key: string, object: string, content: string): ActiveEntry => ({
  id: `e-${key}`,
  type: 'fact' as ActiveEntry['type'],
  key,
  content,
  tags: [],
  source: 'consolidated',
  pinned: false,
  importance: 0.5,
  accessCount: 0,
  lastAccessed: null,
  createdAt: '2025-01-01T10:00:00.000Z',
  object,
  predicate: null,
  lastEventId: 'ev',
});

const candidate = (key: string, object: string, content: string): CandidateFact => ({
  key,
  content,
  kind: 'profile' as CandidateFact['kind'],
  type: 'fact' as CandidateFact['type'],
  subject: 'user',
  predicate: 'is',
  object,
  positive: true,
  timeHint: null,
  validFrom: null,
  validTo: null,
  confidence: 0.8,
  importance: 0.5,
  tags: [],
  sourceMessageIds: ['m1'],
  language: /\p{Script=Han}/u.test(content) ? 'zh' : 'en',
});

/** Which of the entries the candidate replaces (said months later, same provenance). */
async function replaced(c: CandidateFact, entries: ActiveEntry[]): Promise<string[]> {
  const d = await decide(c, 'consolidated', '2025-06-01T10:00:00.000Z', entries, undefined, logger);
  if (d.action === 'restatement') return ['(restatement)'];
  if (d.action === 'misfiled') return ['(misfiled)'];
  return d.conflicts.filter((k) => k.outcome === 'b_wins').map((k) => k.entry.key ?? '');
}

describe('an update replaces the fact of the same slot under another name', () => {
  const cases: Array<[ActiveEntry, CandidateFact]> = [
    [
      entry('user.does.eat.normal_diet', 'a normal diet', 'User eats a normal diet'),
      candidate('user.diet', 'gluten-free', 'User is gluten-free'),
    ],
    [entry('user.does.吃.蛋奶素', '蛋奶素', '用户吃蛋奶素'), candidate('user.diet', '全素', '用户吃全素')],
    [
      entry('user.favourite_football_team', 'Arsenal', 'User supports Arsenal'),
      candidate('user.sports_team', 'Brighton', 'User supports Brighton'),
    ],
    [
      entry('user.usual_coffee', 'a flat white', 'User usually orders a flat white'),
      candidate('user.favourite_order', 'an oat latte', 'User usually orders an oat latte'),
    ],
    [
      entry('user.time.gym', '6 am', 'User goes to the gym at 6 am'),
      candidate('user.time.work_out', '7 pm', 'User works out at 7 pm'),
    ],
    [
      entry('user.field_of_study', 'at the University of Leeds', 'User studies at the University of Leeds'),
      candidate('user.school', 'Durham University', 'User studies at Durham University'),
    ],
    [
      entry('user.identity.招商银行', '招商银行', '用户是招商银行的'),
      candidate('user.employer', '平安保险', '用户在平安保险工作'),
    ],
    [entry('user.identity.副理', '副理', '用户是副理'), candidate('user.occupation', '經理', '用戶的職業是經理')],
    [entry('user.identity.护士', '护士', '用户是护士'), candidate('user.identity.律师', '律师', '用户是律师')],
    [entry('user.weight', '60公斤', '用户体重60公斤'), candidate('user.identity.58公斤', '58公斤', '用户是58公斤')],
    [entry('user.identity.92kg', '92kg', 'User is 92kg'), candidate('user.weight', '85kg', 'User weighs 85kg')],
    [entry('user.height', '1.72m', 'User is 1.72m tall'), candidate('user.identity.1_75m', '1.75m', 'User is 1.75m')],
  ];
  it.each(cases)('%# %s', async (old, c) => {
    expect(await replaced(c, [old])).toEqual([old.key]);
  });

  it('a restatement under another name of the slot is a restatement', async () => {
    const old = entry('user.favourite_drink', 'green tea', 'User likes green tea best');
    expect(await replaced(candidate('user.usual_drink', 'green tea', 'User usually drinks green tea'), [old])).toEqual([
      '(restatement)',
    ]);
  });
});

describe('an update never replaces an unrelated fact', () => {
  const cases: Array<[string, ActiveEntry, CandidateFact]> = [
    [
      'a family member’s slot is not the user’s',
      entry('user.family.son.diet', 'vegetarian', "User's son is vegetarian"),
      candidate('user.diet', 'vegan', 'User is vegan'),
    ],
    [
      'a food eaten is not a diet',
      entry('user.does.eat.oatmeal', 'oatmeal', 'User eats oatmeal'),
      candidate('user.diet', 'keto', 'User is on a keto diet'),
    ],
    [
      'a wake-up time is not a workout time',
      entry('user.time.wake_up', '6:30', 'User wakes up at 6:30'),
      candidate('user.time.gym', '7 pm', 'User goes to the gym at 7 pm'),
    ],
    [
      'a field of study is not a school',
      entry('user.field_of_study', 'chemistry', 'User studies chemistry'),
      candidate('user.school', 'Durham University', 'User studies at Durham University'),
    ],
    [
      'a membership is not the occupation',
      entry('user.identity.会员', '会员', '用户是会员'),
      candidate('user.occupation', '护士', '用户的职业是护士'),
    ],
    [
      'an English identity is not the occupation',
      entry('user.identity.runner', 'a runner', 'User is a runner'),
      candidate('user.occupation', 'nurse', 'User works as a nurse'),
    ],
    [
      'an identity that is no measure of the body is not the weight',
      entry('user.weight', '60公斤', '用户体重60公斤'),
      candidate('user.identity.护士', '护士', '用户是护士'),
    ],
    [
      'a weight is not a height',
      entry('user.height', '175cm', 'User is 175cm tall'),
      candidate('user.identity.80kg', '80kg', 'User is 80kg'),
    ],
    [
      'an identity that is not a company is not the employer',
      entry('user.employer', 'Google', 'User works at Google'),
      candidate('user.identity.runner', 'a runner', 'User is a runner'),
    ],
  ];
  it.each(cases)('%s', async (_, old, c) => {
    expect(await replaced(c, [old])).toEqual([]);
  });

  it('an organisation or a role read as the residence is misfiled: not written, so the home it would displace under the key stays', async () => {
    for (const [old, c] of [
      [entry('user.residence', '合肥', '用户住在合肥'), candidate('user.residence', '招商银行', '用户住在招商银行')],
      [
        entry('user.residence', '高雄', '用戶住在高雄'),
        candidate('user.residence', '補習班當主任', '用戶住在補習班當主任'),
      ],
      [
        entry('user.residence', 'Leeds', 'User lives in Leeds'),
        candidate('user.residence', 'Barclays Bank', 'User lives in Barclays Bank'),
      ],
    ] as const)
      expect(await replaced(c, [old]), c.content).toEqual(['(misfiled)']);
  });

  it('a place still replaces a place under the same key', async () => {
    const old = entry('user.residence', '合肥', '用户住在合肥');
    expect(await replaced(candidate('user.residence', '南京', '用户住在南京'), [old])).toEqual(['user.residence']);
  });
});

describe('keys older rules wrote, read under the current name of their slot', () => {
  it('a Chinese attribute word that now has a slot is that slot; every other key is itself', () => {
    expect(['user.月薪', 'user.工资', 'user.薪水', 'user.年薪', 'user.房租', 'user.租金'].map(currentKeyName)).toEqual([
      'user.salary',
      'user.salary',
      'user.salary',
      'user.salary',
      'user.rent',
      'user.rent',
    ]);
    // Traditional as Simplified; a word without a slot, another person's fact, other namespaces and keys as they are
    expect(currentKeyName('user.薪資')).toBe('user.salary');
    for (const key of ['user.底薪', 'user.family.mother.月薪', 'env.月薪', 'user.salary', 'user.residence'])
      expect(currentKeyName(key)).toBe(key);
    expect(currentKeyName(null)).toBeNull();
  });
});
