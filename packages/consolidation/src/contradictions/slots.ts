/**
 * Matching an update to the fact it replaces by meaning, not by the key's spelling: the slot a
 * fact fills (its subject is part of it: only the user's own slots, never a family member's), and
 * the kind of value the slot takes.
 */

import { foldChinese } from '@engram/core';
import { isChineseOccupation } from '../extraction/rules/lexicon';

/** What the user eats as a whole: a diet, not one food ("vegetarian", "gluten-free", 吃素, 蛋奶素). */
const DIET_VALUE =
  /\b(?:vegetarian|vegan|pescatarian|keto|paleo|gluten[- ]free|dairy[- ]free|plant[- ]based|halal|kosher|(?:\w+[- ])?diet)\b|素|荤|肉|蛋奶|清真/iu;

/** A value that is a body weight or height as a whole ("58公斤", "85 kg", "1.72m", "5'9\""). */
const MASS_VALUE =
  /^(?:about |around )?[\d一二三四五六七八九十百两]+(?:[.,]\d+)?\s?(?:kg|kgs|kilos?|kilograms?|lbs?|pounds|公斤|千克|斤)$/iu;
const HEIGHT_VALUE =
  /^(?:[12][.,]\d{1,2}\s?m|1\d{2}\s?(?:cm|厘米|公分)|[4-7]\s?(?:ft|foot|feet|')\s?(?:\d{1,2}\s?(?:in|inches|")?)?|[12][.]\d{1,2}米|[一两]米[一二三四五六七八九]{1,2})$/iu;

/** Belonging to a group is no job, though it ends like one (会员, 党员). */
const MEMBERSHIP = /(?:会员|党员|成员|团员|粉丝)$/u;

/**
 * Single-valued slots that extraction names in several ways; the pattern is matched against the key
 * without its `user.` prefix, so another person's slot (user.family.son.diet) never matches.
 */
const SLOT_ALIASES: Array<{ slot: string; key: RegExp; value?: RegExp | ((v: string) => boolean) }> = [
  { slot: 'diet', key: /^diet$/ },
  // a habit of eating whose object is a diet ("does.eat.normal_diet", "does.吃.蛋奶素")
  { slot: 'diet', key: /^does\.(?:eat|吃|食)\.[^.]+$/u, value: DIET_VALUE },
  {
    slot: 'usual_drink',
    key: /^(?:favou?rite|usual|regular|go_to)_(?:drink|coffee|tea|order|beverage)$/,
  },
  { slot: 'sports_team', key: /^(?:sports_team|(?:favou?rite|supported)(?:_[a-z]+)?_team)$/ },
  { slot: 'time.workout', key: /^time\.(?:gym|work_out|workout|exercise|training|run|running)$/ },
  { slot: 'school', key: /^(?:school|university|college)$/ },
  // a field of study whose value names the institution is where the user studies
  { slot: 'school', key: /^field_of_study$/, value: /\b(?:university|college)\b|大学|大學|学院|學院/iu },
  { slot: 'employer', key: /^employer$/ },
  { slot: 'occupation', key: /^occupation$/ },
  // "我其实是58公斤" / "I'm 85kg now" read as an identity: a measure of the body is the weight or height
  { slot: 'weight', key: /^weight$/ },
  { slot: 'weight', key: /^identity\.[^.]+$/u, value: (v) => MASS_VALUE.test(v) },
  { slot: 'height', key: /^height$/ },
  { slot: 'height', key: /^identity\.[^.]+$/u, value: (v) => HEIGHT_VALUE.test(v) },
  // "我是副理" read as an identity: an identity that is a Chinese job title is the occupation
  // (English identities are left alone: "User is a runner" is no job, whatever its suffix)
  {
    slot: 'occupation',
    key: /^identity\.[^.]+$/u,
    value: (v) => /\p{Script=Han}/u.test(v) && isChineseOccupation(foldChinese(v)) && !MEMBERSHIP.test(foldChinese(v)),
  },
  // "我是招商银行的" read as an identity: an identity that is a company is the employer
  {
    slot: 'employer',
    key: /^identity\.[^.]+$/u,
    value: /\b(?:bank|inc|ltd|llc|gmbh|corp(?:oration)?|company)\b|银行|銀行|公司|集团|集團|保险|保險/iu,
  },
];

/** The slot a user fact fills when its key is one of several names for it; null when the key is its only name. */
export function slotOf(key: string | null, value: string | null): string | null {
  if (key === null || !key.startsWith('user.')) return null;
  const rest = key.slice('user.'.length);
  for (const a of SLOT_ALIASES) {
    if (!a.key.test(rest)) continue;
    if (a.value instanceof RegExp && !a.value.test(`${rest.replace(/[._]/g, ' ')} ${value ?? ''}`)) continue;
    if (typeof a.value === 'function' && !a.value((value ?? '').trim())) continue;
    return a.slot;
  }
  return null;
}

/** Slots whose value is a place: an organisation or a role there is not a new value of them. */
const PLACE_SLOT = /^user\.(?:residence|hometown|home|city|country|birthplace|location)$/;
const ORGANISATION =
  /\b(?:bank|inc|ltd|llc|gmbh|corp(?:oration)?|company|agency|hospital|clinic|school|university|college|firm)\b|银行|銀行|公司|集团|集團|保险|保險|医院|醫院|学校|學校|大学|大學|学院|學院|补习班|補習班|事务所|事務所|工作室/iu;
const ROLE = /(?:当|當|做|担任|擔任)\S|\b(?:as\s+an?|work(?:ing)?\s+as)\b/iu;

/**
 * Whether the candidate's value is of a kind the entry's slot cannot take, so the two are not the
 * same fact whatever their keys say ("我跳槽到招商银行" read as a residence does not move the user
 * out of 合肥).
 */
export function valueKindConflicts(key: string, entryValue: string | null, candidateValue: string | null): boolean {
  if (!PLACE_SLOT.test(key) || candidateValue === null) return false;
  const foreign = (v: string) => ORGANISATION.test(v) || ROLE.test(v);
  return foreign(candidateValue) && !(entryValue !== null && foreign(entryValue));
}
