import { describe, expect, it } from 'vitest';
import { change, facts, session } from './rules-sessions';

const at = '2025-01-15T10:00:00.000Z';

describe("a relative's statement is the relative's fact, never the user's (round 9)", () => {
  it.each([
    ['My cousin lives in Porto.', 'user.family.cousin.residence', 'Porto', "User's cousin lives in Porto"],
    [
      'My older sister works at Deloitte.',
      'user.family.sister.employer',
      'Deloitte',
      "User's older sister works at Deloitte",
    ],
    [
      'My wife works as a pharmacist.',
      'user.family.partner.occupation',
      'a pharmacist',
      "User's wife works as a pharmacist",
    ],
    [
      'My grandparents live in Kerala.',
      'user.family.grandparents.residence',
      'Kerala',
      "User's grandparents live in Kerala",
    ],
    ['My uncle just turned 58.', 'user.family.uncle.age', '58', "User's uncle is 58 years old"],
    [
      'We enrolled our daughter at Hillside Academy.',
      'user.family.daughter.school',
      'Hillside Academy',
      "User's daughter studies at Hillside Academy",
    ],
    ['我姐姐住在广州。', 'user.family.sister.residence', '广州', '用户的姐姐住在广州'],
    ['我老婆在招商银行上班。', 'user.family.partner.employer', '招商银行', '用户的老婆在招商银行工作'],
    ['我爸妈住在成都。', 'user.family.parents.residence', '成都', '用户的爸妈住在成都'],
    ['我哥哥在鴻海上班。', 'user.family.brother.employer', '鴻海', '用戶的哥哥在鴻海工作'],
  ])('%s → %s', async (text, key, value, content) => {
    const fs = await session([text], at);
    const f = fs.find((x) => x.key === key);
    expect(f, JSON.stringify(facts(fs))).toBeDefined();
    expect([f!.object, f!.content]).toEqual([value, content]);
    // and nothing is filed under the user's own slot
    expect(fs.filter((x) => !x.key.startsWith('user.family.')).map((x) => x.key)).toEqual([]);
  });

  it('a change of the relative supersedes the relative, and the user keeps their own value', async () => {
    const { first, later } = await change(
      ['I live in Glasgow.', 'My brother lives in Cardiff.'],
      ['My brother moved to Bristol last spring.'],
    );
    expect(facts(first)).toEqual([
      ['user.residence', 'Glasgow', true],
      ['user.family.brother.residence', 'Cardiff', true],
    ]);
    expect(facts(later)).toEqual([['user.family.brother.residence', 'Bristol', true]]);
  });

  it('a relative said as a value, and the user with a relative, stay as they were', async () => {
    expect(facts(await session(['My brother is a dentist.'], at))).toEqual([
      ['user.family.brother', 'a dentist', true],
    ]);
    expect(facts(await session(['My husband and I moved to Galway.'], at))).toEqual([
      ['user.residence', 'Galway', true],
    ]);
    expect(facts(await session(['我妈妈是医生。'], at))).toEqual([['user.family.mother', '医生', true]]);
    // a month is no birthplace; a boss is no relative
    expect(facts(await session(['My son was born in March.'], at))).toEqual([]);
    expect(facts(await session(['My boss lives in Zurich.'], at))).toEqual([]);
  });
});
