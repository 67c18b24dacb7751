import type { CandidateKind } from '../types';

/**
 * Readable content for a fact, in the user's language, from its key suffix (the part after
 * "user." / "env."), its object and polarity. `label` is the attribute as the user said it, used for
 * keys without a template ("my shoe size is 42" → "User's shoe size is 42").
 */
export function describe(suffix: string, object: string, positive: boolean, lang: 'en' | 'zh', label?: string): string {
  const family = suffix.split('.')[0]!;
  const en = lang === 'en';
  const o = object;
  const t = (enPos: string, enNeg: string, zhPos: string, zhNeg: string) =>
    en ? (positive ? enPos : enNeg) : positive ? zhPos : zhNeg;
  switch (family) {
    case 'name':
      return t(`User's name is ${o}`, `User is no longer called ${o}`, `用户叫${o}`, `用户不再叫${o}`);
    case 'nickname':
      return t(`User goes by ${o}`, `User no longer goes by ${o}`, `用户的昵称是${o}`, `用户的昵称不再是${o}`);
    case 'surname':
      return t(`User's surname is ${o}`, `User's surname is not ${o}`, `用户姓${o}`, `用户不姓${o}`);
    case 'residence':
      return t(`User lives in ${o}`, `User no longer lives in ${o}`, `用户住在${o}`, `用户不再住在${o}`);
    case 'hometown':
      return t(`User is from ${o}`, `User is not from ${o}`, `用户来自${o}`, `用户不是来自${o}`);
    case 'birthplace':
      return t(`User was born in ${o}`, `User was not born in ${o}`, `用户出生在${o}`, `用户不是出生在${o}`);
    case 'employer':
      return t(`User works at ${o}`, `User no longer works at ${o}`, `用户在${o}工作`, `用户不再在${o}工作`);
    case 'occupation':
      return t(`User works as ${o}`, `User no longer works as ${o}`, `用户的职业是${o}`, `用户不再是${o}`);
    case 'diet':
      if (suffix !== 'diet') {
        return t(`User eats ${o}`, `User does not eat ${o}`, `用户吃${o}`, `用户不吃${o}`);
      }
      return t(
        `User is ${o}`,
        `User is no longer ${o}`,
        /[者]$/.test(o) ? `用户是${o}` : `用户${o}`,
        /[者]$/.test(o) ? `用户不再是${o}` : `用户不再${o}`,
      );
    case 'preference':
      return t(`User likes ${o}`, `User dislikes ${o}`, `用户喜欢${o}`, `用户不喜欢${o}`);
    case 'contact':
      if (suffix.endsWith('email'))
        return t(`User's email is ${o}`, `User's email is no longer ${o}`, `用户的邮箱是${o}`, `用户的邮箱不再是${o}`);
      if (suffix.endsWith('phone'))
        return t(
          `User's phone number is ${o}`,
          `User's phone number is no longer ${o}`,
          `用户的电话是${o}`,
          `用户的电话不再是${o}`,
        );
      break;
    case 'birthday':
      return t(`User's birthday is ${o}`, `User's birthday is not ${o}`, `用户的生日是${o}`, `用户的生日不是${o}`);
    case 'birth_year':
      return t(`User was born in ${o}`, `User was not born in ${o}`, `用户出生于${o}年`, `用户不是出生于${o}年`);
    case 'age':
      return t(`User is ${o} years old`, `User is not ${o} years old`, `用户${o}岁`, `用户不是${o}岁`);
    case 'vehicle':
      return t(`User drives ${o}`, `User no longer drives ${o}`, `用户开${o}`, `用户不再开${o}`);
    case 'pet': {
      // the animal as the user said it ("a tortoise", "a golden retriever"), else the key's kind
      const said = label?.replace(/^(?:a|an|the|my|our)\s+/i, '');
      const animal =
        en && said && /^[a-z][a-z -]*$/.test(said) && said.split(/\s+/).length <= 3
          ? said
          : (suffix.split('.')[1] ?? 'pet');
      const named = o && o !== animal && o !== suffix.split('.')[1];
      return en
        ? positive
          ? named
            ? `User has a ${animal} named ${o}`
            : `User has a ${animal}`
          : named
            ? `User no longer has the ${animal} ${o}`
            : `User no longer has a ${animal}`
        : positive
          ? named
            ? `用户养了${label ?? '宠物'}，叫${o}`
            : `用户养了${label ?? '宠物'}`
          : `用户不再养${label ?? '宠物'}`;
    }
    case 'partner':
      return t(`User's partner is ${o}`, `User is no longer with ${o}`, `用户的伴侣是${o}`, `用户不再和${o}在一起`);
    case 'family':
      return t(
        `User's ${label ?? suffix.split('.')[1]} is ${o}`,
        `User's ${label ?? suffix.split('.')[1]} is not ${o}`,
        `用户的${label ?? ''}是${o}`,
        `用户的${label ?? ''}不是${o}`,
      );
    case 'school':
      return t(`User studies at ${o}`, `User no longer studies at ${o}`, `用户在${o}上学`, `用户不再在${o}上学`);
    case 'field_of_study':
      return t(`User studies ${o}`, `User no longer studies ${o}`, `用户学的是${o}`, `用户不再学${o}`);
    case 'nationality':
      return t(`User is ${o}`, `User is not ${o}`, `用户的国籍是${o}`, `用户的国籍不是${o}`);
    case 'marital_status':
      return t(`User is ${o}`, `User is no longer ${o}`, `用户${o}`, `用户不再${o}`);
    case 'identity':
      return t(`User is ${o}`, `User is no longer ${o}`, `用户是${o}`, `用户不再是${o}`);
    case 'spoken_languages':
      return t(`User speaks ${o}`, `User no longer speaks ${o}`, `用户会说${o}`, `用户不会说${o}`);
    case 'allergy':
      return t(`User is allergic to ${o}`, `User is not allergic to ${o}`, `用户对${o}过敏`, `用户对${o}不过敏`);
    case 'editor':
    case 'programming_language':
    case 'operating_system':
    case 'browser':
    case 'shell':
    case 'phone':
    case 'uses':
    case 'tool':
      return t(`User uses ${o}`, `User no longer uses ${o}`, `用户使用${o}`, `用户不再使用${o}`);
    default:
      break;
  }
  if (family.startsWith('favourite_')) {
    const what = label ?? family.slice('favourite_'.length).replace(/_/g, ' ');
    return t(
      `User's favourite ${what} is ${o}`,
      `User's favourite ${what} is no longer ${o}`,
      `用户最喜欢的${what}是${o}`,
      `用户最喜欢的${what}不再是${o}`,
    );
  }
  const what = label ?? suffix.replace(/[._]/g, ' ');
  return t(`User's ${what} is ${o}`, `User's ${what} is not ${o}`, `用户的${what}是${o}`, `用户的${what}不是${o}`);
}

const PROFILE = new Set([
  'name',
  'nickname',
  'surname',
  'residence',
  'hometown',
  'birthplace',
  'employer',
  'occupation',
  'contact',
  'birthday',
  'birth_year',
  'age',
  'partner',
  'school',
  'field_of_study',
  'nationality',
  'marital_status',
  'native_language',
  'diet',
  'spoken_languages',
  'pronouns',
  'address',
]);

export function kindOf(suffix: string): CandidateKind {
  const family = suffix.split('.')[0]!;
  if (family === 'event' || family === 'planned_move') return 'event';
  return PROFILE.has(family) ? 'profile' : 'fact';
}

export function importanceOf(suffix: string): number {
  const family = suffix.split('.')[0]!;
  if (['name', 'contact', 'birthday', 'allergy'].includes(family)) return 0.85;
  if (kindOf(suffix) === 'profile') return 0.8;
  // a habit read from any verb of one's own restates the message it came from: ranked below it
  if (family === 'does') return 0.4;
  if (kindOf(suffix) === 'event') return 0.5;
  return 0.6;
}
