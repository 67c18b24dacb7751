import { draft, type FactDraft } from './draft';
import type { ClauseContext } from './clause';
import { DIETS, isLikeKnownEmployer, isOrganisation } from './lexicon';
import { parseChineseNumber } from './time-expressions';
import { attributeKey } from './clause';
import { draftForKey } from './value-match';

/**
 * Statements whose slot is named by the value's type, not by the words around it (issue 17, round 8):
 * a body measure with its unit ("i am 84 kg", "down to 79 kg now", 我现在84公斤, 瘦到79公斤了) is the
 * weight or height, "turned N" / 满N岁 is the age, and a fragment "X now" / "X these days" fills the
 * slot whose kind the value has (a diet word the diet, a relationship status, work status, a place
 * for a user whose home is known). A measure after a verb of change by an amount ("lost 10 kilos",
 * 瘦了10斤) is a difference, not the value, and is left alone.
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;
const knows = (ctx: ClauseContext, suffix: string) => ctx.known.some((k) => k.key === `user.${suffix}`);

const EN_WEIGHT = String.raw`(\d{2,3}(?:[.,]\d)?\s?(?:kg|kgs|kilos?|kilograms?|lbs?|pounds))`;
const EN_HEIGHT = String.raw`([12][.,]\d{1,2}\s?m|1\d{2}\s?cm|[4-7]\s?(?:ft|foot|feet)(?:\s?\d{1,2}(?:\s?in(?:ches)?)?)?)`;
const EN_LEAD = String.raw`^(?:(?:so|and|but|now)\s+)*(?:i\s+am\s+|i\s+(?:now\s+)?weigh\s+|my\s+weight\s+is\s+)?(?:(?:now|about|around|roughly|nearly|almost|just|only|finally)\s+)*(?:(?:down|up|back)\s+to\s+)?`;
// "i am 1.60 m now, shrinking with age": a remark after a comma is no part of the measure
const EN_NOW = String.raw`(?:\s+(?:now|these\s+days|at\s+the\s+moment|currently|again|tall|heavy|today))*(?:\s*,\s+(?!(?:and|but|or)\b)[a-z][^,]*)?$`;
const WEIGHT_RE = new RegExp(`${EN_LEAD}${EN_WEIGHT}${EN_NOW}`, 'i');
const HEIGHT_RE = new RegExp(`${EN_LEAD}${EN_HEIGHT}${EN_NOW}`, 'i');
const TURNED = /^i\s+(?:(?:just|finally|officially|recently)\s+)*turned\s+(\d{1,3})\b/i;
// "so 85 now", "lost 10 kilos since spring, so 85 now": the number said last, after the change
const BARE_NOW = /(?:^|,\s*)(?:(?:so|and)\s+)*(\d{1,3}(?:\.\d)?)\s+(?:now|these\s+days)$/i;

const DIET = new RegExp(`^(?:${DIETS.map((d) => d.replace(/[-\s]/g, '[-\\s]')).join('|')})$`, 'i');
const RELATIONSHIP = /^(?:single|engaged|married|divorced|separated|widowed)$/i;
const WORK_STATUS =
  /^(?:freelance|freelancing|self-employed|retired|unemployed|between\s+jobs|a\s+freelancer|a\s+contractor)$/i;
const FRAGMENT =
  /^(?:(?:quick\s+)?update(?:\s+about\s+me)?\s*:\s*|about\s+me\s*:\s*|(?:fyi|news|btw|status)\s*:\s*)?([\p{L}][\p{L}.'’ -]{1,40}?)\s*,?\s+(?:now|these\s+days|nowadays)(?:\s*,?\s*(?:actually|though|btw))?(?:\s*,.*)?$/iu;

/** "I'm with BP now": an organisation the user is with, said as a change, for a user whose employer is known. */
const WITH_NOW =
  /^[Ii]\s+am\s+(?:now\s+)?with\s+(\p{Lu}[\p{L}\d&.'’-]*(?:\s+\p{Lu}[\p{L}\d&.'’-]*){0,3})\s+(?:now|these\s+days|nowadays)\b/u;

/** "i am pescatarian, fish but no meat", "so pescatarian i guess": a diet word said with a remark or a hedge. */
const DIET_SAID = new RegExp(
  String.raw`(?:^i\s+am\s+(?:(?:now|mostly|fully|strictly|basically|officially)\s+)*|(?:^|,\s*)so\s+(?:i\s+am\s+)?(?:now\s+)?)(${DIETS.map((d) => d.replace(/[-\s]/g, '[-\\s]')).join('|')})(?:\s+(?:now|these\s+days|again))?(?:\s+i\s+(?:guess|suppose|think)|\s*,\s*[^,]*)?$`,
  'i',
);
/** "i am down to a handicap of 11", "i am up to a pace of 5:10": the attribute named, its value after "of". */
const TO_A_X_OF =
  /^i\s+am\s+(?:now\s+)?(?:down|up|back)\s+to\s+(?:a|an|the|my)\s+([a-z][a-z ]{1,24}?)\s+of\s+([\w.:$€£-]+)/i;
const STOP_HEADS = /^(?:now|one|thing|time|days|way|bit|lot|more|again|new|the|and)$/i;

/** "Purple belt now" after "I'm a blue belt in jiu-jitsu": a fragment whose head noun is in exactly one known value. */
function sameHeadFragment(v: string, ctx: ClauseContext): FactDraft[] | null {
  const words = v.toLowerCase().split(/\s+/);
  const head = words[words.length - 1]!;
  if (words.length < 2 || words.length > 3 || head.length < 3 || STOP_HEADS.test(head)) return null;
  const re = new RegExp(`\\b${head.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`, 'i');
  const hits = ctx.known.filter(
    (k) => k.key.startsWith('user.') && !/^user\.family\./.test(k.key) && k.object && re.test(k.object),
  );
  if (new Set(hits.map((k) => k.key)).size !== 1) return null;
  const k = hits[hits.length - 1]!;
  if (k.object!.toLowerCase().includes(v.toLowerCase())) return null;
  // the old phrase ending in the head, replaced ("a blue belt in jiu-jitsu" → "a purple belt in jiu-jitsu")
  const said = /^\p{Lu}\p{Ll}/u.test(v) && !/\s\p{Lu}/u.test(v) ? v.toLowerCase() : v;
  const object = k.object!.replace(new RegExp(`(?:[\\p{L}\\d'’-]+\\s+){${words.length - 1}}${head}\\b`, 'iu'), said);
  if (object === k.object) return null;
  const content = k.content.includes(k.object!) ? k.content.replace(k.object!, object) : undefined;
  return [draftForKey(k.key, object, 0.78, content ? { content } : {})];
}

export const ENGLISH_TYPED_RULES: Rule[] = [
  (c) => {
    const m = DIET_SAID.exec(c);
    return m ? [draft('diet', m[1]!.toLowerCase(), 0.85)] : null;
  },
  (c) => {
    const m = TO_A_X_OF.exec(c);
    const slot = m ? attributeKey(m[1]!) : null;
    return m && slot ? [draft(slot.suffix, m[2]!.replace(/[.,!]+$/, ''), 0.82, { label: slot.label })] : null;
  },
  (c, ctx) => {
    const m = WITH_NOW.exec(c);
    // an organisation by its name ("Acme Ltd", "BP"), not a person the user is with
    const org = m && (isOrganisation(m[1]!) || /^[A-Z&]{2,6}$/.test(m[1]!) || isLikeKnownEmployer(m[1]!, ctx.known));
    return m && org && knows(ctx, 'employer') ? [draft('employer', m[1]!, 0.8)] : null;
  },
  (c) => {
    const m = WEIGHT_RE.exec(c);
    return m ? [draft('weight', m[1]!, 0.85, { content: `User weighs ${m[1]}` })] : null;
  },
  (c) => {
    const m = HEIGHT_RE.exec(c);
    return m && /^i\s+am\b/i.test(c) ? [draft('height', m[1]!, 0.85, { content: `User is ${m[1]} tall` })] : null;
  },
  (c) => {
    const m = TURNED.exec(c);
    return m && +m[1]! > 0 && +m[1]! < 130 ? [draft('age', m[1]!, 0.9)] : null;
  },
  // "so 85 now": a bare number for the one measure the user has stated
  (c, ctx) => {
    const m = BARE_NOW.exec(c);
    if (!m) return null;
    const slots = ['weight', 'age'].filter((s) => knows(ctx, s));
    if (slots.length !== 1) return null;
    return slots[0] === 'age' && !/^\d+$/.test(m[1]!) ? null : [draft(slots[0]!, m[1]!, 0.8)];
  },
  (c, ctx) => {
    const m = FRAGMENT.exec(c);
    if (!m) return null;
    const v = m[1]!.trim();
    if (/^(?:i|we|it|that|this|he|she|they|you)\b/i.test(v)) return null;
    if (DIET.test(v)) return [draft('diet', v.toLowerCase(), 0.85)];
    if (RELATIONSHIP.test(v)) return [draft('marital_status', v.toLowerCase(), 0.85)];
    if (WORK_STATUS.test(v))
      return [
        draft('employer', v.toLowerCase(), 0.8, { content: `User is ${v.toLowerCase().replace(/^a\s+/, 'a ')}` }),
      ];
    const same = sameHeadFragment(v, ctx);
    if (same) return same;
    // a name alone, for a user whose home is known: where the user lives
    if (/^\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2}$/u.test(v) && knows(ctx, 'residence'))
      return [draft('residence', v, 0.78, { content: `User lives in ${v}` })];
    return null;
  },
];

const ZH_NUM = String.raw`(?:\d{1,3}(?:\.\d)?|[一二三四五六七八九十百两]{1,5})`;
const ZH_WEIGHT = new RegExp(
  `^(?:我)?(?:现在|目前|已经|最近|又|终于|总算)*(?:体重)?(?:是|有)?(?:瘦到|胖到|减到|降到|涨到|长到|掉到|到)?了?(${ZH_NUM}(?:公斤|千克|斤|kg))(?:左右)?了?$`,
  'iu',
);
const ZH_AGE = new RegExp(`^(?:我)?(?:今年|现在|已经|刚|都)*(?:满|到)?(${ZH_NUM})(?:岁|周岁)?了$`, 'u');
export const CHINESE_TYPED_RULES: Rule[] = [
  // 我什么都吃 / 我们家啥都吃 / 不挑食: no diet is the diet
  (c) => {
    const m = /^我(?:现在|平时|一直|基本上)*(什么都吃|啥都吃|不挑食|荤素都吃)$/u.exec(c);
    return m ? [draft('diet', m[1]!, 0.8, { content: `用户${m[1]}` })] : null;
  },
  (c) => {
    const m = ZH_WEIGHT.exec(c);
    return m ? [draft('weight', m[1]!, 0.85, { content: `用户体重${m[1]}` })] : null;
  },
  // 我满30岁了 / 41岁了 / 我32了 (a number alone only with 我, or for a user whose age is known)
  (c, ctx) => {
    const m = ZH_AGE.exec(c);
    if (!m) return null;
    const n = parseChineseNumber(m[1]!);
    if (n === null || n <= 0 || n >= 130) return null;
    if (!/岁/u.test(c) && !/^我/u.test(c) && !knows(ctx, 'age')) return null;
    const written = /(\d+|[一二三四五六七八九十百两]+)/u.exec(m[1]!)![1]!;
    return [
      draft('age', String(n), 0.88, { content: written === String(n) ? `用户${n}岁` : `用户${written}岁（${n}岁）` }),
    ];
  },
];
