import { draft, type FactDraft } from './draft';
import { ZH_ADV } from './chinese-adverbs';
import type { ClauseContext } from './clause';
import { cleanChineseObject } from './text';
import { DIETS, isChineseOccupation } from './lexicon';
import { draftForKey } from './value-match';
import { parseChineseNumber } from './time-expressions';
import { valueSpan } from './english-changes';

/**
 * Changes of life said in their own words, whose slot no attribute word names (issue 17, round 10):
 * a surname taken at marriage or from a parent ("took my husband's name, Kowalski", 随我妈姓刘, 改姓陈),
 * going freelance or self-employed (an employer that is no organisation: "went freelance", 自由职业了,
 * 出来单干了), a school or university transfer ("transferred to Durham University", 转到浙江大学读研),
 * and a raise set by the employer ("they bumped me to 58k", "got a raise to $34 an hour", 老板给我涨到了一万五).
 */

type Rule = (c: string, ctx: ClauseContext) => FactDraft[] | null;
const knows = (ctx: ClauseContext, suffix: string) => ctx.known.some((k) => k.key === `user.${suffix}`);

const EN_S = String.raw`^i\s+(?:(?:have|had|just|recently|finally|officially|now|also|then|eventually|actually)\s+)*`;
const SPOUSE = String.raw`(?:husband|wife|partner|spouse|fianc[eé]e?)`;
/** A surname is one word, or a double-barrelled one; a full name said for it keeps its last part. */
export const surnameOf = (v: string) => {
  const words = v
    .replace(/[.!]+$/, '')
    .trim()
    .split(/\s+/);
  return words.length > 1 && words.every((w) => /^\p{Lu}/u.test(w)) ? words[words.length - 1]! : v.trim();
};
const PROPER_NAME = /^\p{Lu}[\p{L}'’-]+(?:\s+\p{Lu}[\p{L}'’-]+){0,2}$/u;

const FREELANCE: Array<[RegExp, string]> = [
  [
    new RegExp(EN_S + String.raw`(?:went|gone|going|turned|am\s+going)\s+(freelance|self-employed|independent)\b`, 'i'),
    '$1',
  ],
  [
    /^i\s+am\s+(?:(?:now|officially|fully|finally)\s+)*(?:a\s+)?(freelancer|freelance|freelancing|self-employed|my\s+own\s+boss)(?=\s*$|\s*[,;]|\s+(?:now|these\s+days|nowadays|again|full-time|since|after|as\s+of|from)\b)/i,
    '$1',
  ],
  [new RegExp(EN_S + String.raw`(?:am\s+)?work(?:ing)?\s+for\s+myself\b`, 'i'), 'self-employed'],
  [
    new RegExp(
      EN_S +
        String.raw`(?:started|launched|set\s+up|opened|founded|am\s+running|run)\s+my\s+own\s+(business|company|firm|practice|studio|consultancy|agency|shop)\b`,
      'i',
    ),
    'own $1',
  ],
];
const FREELANCE_WORD: Record<string, string> = {
  freelancer: 'freelance',
  freelancing: 'freelance',
  'my own boss': 'self-employed',
  independent: 'freelance',
};

/** Words a school's name ends or starts with ("Roosevelt High", "Penn State", "University of York"). */
const SCHOOL_NAME =
  /\b(?:University|College|School|Academy|Institute|Polytechnic|Conservatory|High|Elementary|Primary|Secondary|State|Uni)\b/;

/** "I took my husband's name", "went back to my maiden name": the surname changed, its value said next ("so it's Anna Kowalski now"). */
export function changedSurname(clause: string): FactDraft | null {
  return new RegExp(
    EN_S +
      String.raw`(?:(?:took|taken|take|am\s+taking|adopted)\s+my\s+${SPOUSE}['’]s|(?:went|gone|going|changed|switched|reverted)\s+back\s+to\s+my\s+(?:maiden|old|birth|original))\s+(?:sur|last\s+|family\s+)?name(?:\s+(?:when|after|before|at|since|once|as|because)\b.*)?$`,
    'i',
  ).test(clause)
    ? { suffix: 'surname', object: '', positive: false, confidence: 0.8 }
    : null;
}

const DIET_WORDS = DIETS.map((d) => d.replace(/[-\s]/g, '[-\\s]')).join('|');
const TIME = String.raw`(\d{1,2}(?::\d{2})?\s*(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2})`;

export const ENGLISH_LIFE_RULES: Rule[] = [
  // "we've gone vegetarian (as a household)", "I went vegan in January", "turned pescatarian"
  (c) => {
    const m = new RegExp(
      EN_S + String.raw`(?:went|gone|going|turned|am\s+going)\s+(?:fully\s+)?(${DIET_WORDS})\b`,
      'i',
    ).exec(c);
    return m ? [draft('diet', m[1]!.toLowerCase(), 0.85)] : null;
  },
  // "I'm up at 5:45 most mornings": the time the user wakes
  (c) => {
    const m = new RegExp(
      String.raw`^i\s+am\s+(?:usually\s+|now\s+|always\s+)?up\s+(?:at|by|around)\s+${TIME}`,
      'i',
    ).exec(c);
    return m
      ? [draft('time.wake_up', m[1]!.toLowerCase(), 0.84, { content: `User wakes up at ${m[1]!.toLowerCase()}` })]
      : null;
  },
  // "… for my new team at PwC, where I started last month": the organisation of a new job
  (c) => {
    const m =
      /\b(?:my|our)\s+new\s+(?:team|job|role|position|colleagues|coworkers|co-workers|office|boss|manager)\s+(?:at|with)\s+(\p{Lu}[\p{L}\d&.'’-]*(?:\s+\p{Lu}[\p{L}\d&.'’-]*){0,3})/u.exec(
        c,
      );
    return m ? [draft('employer', m[1]!.replace(/[.,]+$/, ''), 0.8)] : null;
  },
  // "we've been in San Antonio since the spring", for a user whose home is known: where the user lives
  (c, ctx) => {
    const m =
      /^i\s+(?:have|had)\s+been\s+(?:living\s+|based\s+)?in\s+(\p{Lu}[\p{L}.'’-]*(?:\s+\p{Lu}[\p{L}.'’-]*){0,2})\s+(?:since|for)\b/u.exec(
        c,
      );
    return m && knows(ctx, 'residence') ? [draft('residence', m[1]!, 0.8, { content: `User lives in ${m[1]}` })] : null;
  },
  // "I took my husband's name, Kowalski", "I've taken my wife's surname (Novak)", "went back to my maiden name, Jones"
  (c) => {
    const m =
      new RegExp(
        EN_S +
          String.raw`(?:took|taken|take|am\s+taking|adopted|kept)\s+my\s+${SPOUSE}['’]s\s+(?:sur|last\s+|family\s+)?name\b\s*[,:(—–-]?\s*(?:so\s+)?(?:it\s+is\s+|i\s+am\s+)?(?:now\s+)?(.*)$`,
        'i',
      ).exec(c) ??
      new RegExp(
        EN_S +
          String.raw`(?:went|gone|going|changed|switched|reverted)\s+back\s+to\s+my\s+(?:maiden|old|birth|original)\s+(?:sur|last\s+)?name\b\s*[,:(—–-]?\s*(?:so\s+)?(?:it\s+is\s+|i\s+am\s+)?(.*)$`,
        'i',
      ).exec(c);
    if (!m) return null;
    const v = valueSpan(m[1]!.replace(/\)$/, ''));
    return v && PROPER_NAME.test(v) ? [draft('surname', surnameOf(v), 0.86)] : null;
  },
  // "I went freelance", "I'm self-employed now", "I work for myself", "started my own business"
  (c, ctx) => {
    for (const [re, value] of FREELANCE) {
      const m = re.exec(c);
      if (!m) continue;
      const said = value.replace('$1', m[1] ?? '').toLowerCase();
      const v = FREELANCE_WORD[said] ?? said;
      // "i am freelancing" is also what "I'm not freelancing anymore" negates: a state said without "now" is only read for a user known to be freelance
      if (
        said === 'freelancing' &&
        !/\b(?:now|these\s+days|nowadays|full-time)\b/i.test(c) &&
        !ctx.known.some((k) => k.key === 'user.employer' && k.object === 'freelance')
      )
        return null;
      const content = /^own /.test(v)
        ? `User runs their ${v}`
        : `User is ${said === 'freelancer' ? 'a freelancer' : said === 'freelancing' ? 'freelance' : said}`;
      return [draft('employer', v, 0.82, { content })];
    }
    return null;
  },
  // "I transferred to Durham University", "switched (schools) to Roosevelt High", "moved to Penn State" (a school by its name)
  (c, ctx) => {
    const m = new RegExp(
      EN_S +
        String.raw`(?:transferred|switched|moved|changed)\s+(?:(?:schools?|universities|unis?|colleges?)\s+)?(?:over\s+)?to\s+(?:the\s+)?(\p{Lu}.+)$`,
      'iu',
    ).exec(c);
    if (!m) return null;
    const where = valueSpan(m[1]!);
    if (!where || !/^\p{Lu}/u.test(where)) return null;
    if (!SCHOOL_NAME.test(where) && !(knows(ctx, 'school') && /\b(?:schools?|universit|colleges?|unis?)\b/i.test(c)))
      return null;
    return [draft('school', where, 0.85, { content: `User studies at ${where}` })];
  },
  // "they bumped me to 58k", "got a raise to $34 an hour", "I'm getting a pay rise to £40,000"
  (c) => {
    const MONEY = String.raw`((?:[$€£¥]\s?\d[\d,.]*(?:\s?[kKmM])?|\d[\d,.]*\s?(?:dollars|euros|pounds|bucks|k|an\s+hour|grand))(?:\s+(?:a|per|an)\s+(?:year|month|week|hour|day))?)`;
    const m =
      new RegExp(
        String.raw`^(?:they|he|she|(?:my|the|our)\s+(?:boss|company|employer|manager|firm|work))\s+(?:just\s+|finally\s+)?(?:bumped|raised|upped|moved|put)\s+me\s+(?:up\s+)?to\s+${MONEY}`,
        'i',
      ).exec(c) ??
      new RegExp(
        String.raw`^(?:i\s+)?(?:(?:just|finally|have)\s+)*(?:got|get|am\s+getting|was\s+given|received)\s+(?:a\s+)?(?:raise|pay\s+rise|pay\s+raise|pay\s+bump|bump|salary\s+bump|promotion)\s+(?:up\s+)?to\s+${MONEY}`,
        'i',
      ).exec(c);
    if (!m) return null;
    const v = m[1]!.trim();
    return [draft(/\ban\s+hour\b|per\s+hour/i.test(v) ? 'hourly_rate' : 'salary', v, 0.85)];
  },
];

const ZADV = ZH_ADV;
const PARENT_OR_SPOUSE = '(?:妈妈?|母亲|爸爸?|父亲|先生|老公|丈夫|太太|妻子|老婆|外公|姥爷|继父|养父|养母)';
/** 结婚后 / 离婚以后: the occasion of the change, said before it */
const OCCASION = '[\\u4e00-\\u9fff]{1,4}(?:后|以后|之后)';
const ZH_SCHOOL = /(?:大学|学院|学校|中学|小学|高中|初中|附中|附小|一中|二中|实验|分校|校区|大|高|中)$/u;

/** The one known value sharing a two-character start or end with `v` (业余三段 for 业余四段), of the same length. */
function sameFrameKnown(v: string, ctx: ClauseContext) {
  const hits = ctx.known.filter(
    (k) =>
      k.key.startsWith('user.') &&
      !/^user\.family\./.test(k.key) &&
      k.object &&
      k.object !== v &&
      k.object.length === v.length &&
      (k.object.slice(0, 2) === v.slice(0, 2) || k.object.slice(-2) === v.slice(-2)),
  );
  return new Set(hits.map((k) => k.key)).size === 1 ? hits[hits.length - 1]! : null;
}

/** 和朋友在一起 / 跟家人在一起: company, not a partner */
export const NOT_A_PARTNER =
  /^(?:(?:一些|几个|我的?)?(?:朋友|同事|同学|家人|家里人|室友|孩子|爸妈|父母|大家)|他们|她们|我们)/u;

export const CHINESE_LIFE_RULES: Rule[] = [
  // 现在在和一个叫小林的人交往 / 我跟小林在一起了: the one the user is seeing is the partner
  (c) => {
    const m =
      new RegExp(
        `^我${ZADV}(?:在)?(?:和|跟|与)(?:一个|一位)?叫([\\u4e00-\\u9fffA-Za-z]{1,6}?)的(?:人|男生|女生|男孩|女孩|姑娘|小伙)?(?:在)?(?:交往|谈恋爱|恋爱|在一起|约会)`,
        'u',
      ).exec(c) ??
      new RegExp(
        `^我${ZADV}(?:在)?(?:和|跟|与)([\\u4e00-\\u9fffA-Za-z]{1,6}?)(?:在)?(?:交往|谈恋爱|恋爱|在一起)了?$`,
        'u',
      ).exec(c);
    if (!m || NOT_A_PARTNER.test(m[1]!)) return null;
    return [draft('partner', m[1]!, 0.84)];
  },
  // 我现在向张总汇报 / 改成向王经理汇报: the one the user reports to
  (c, ctx) => {
    const m = new RegExp(
      `^我${ZADV}(?:改成|改为|改)?(?:向|给|跟)([\\u4e00-\\u9fffA-Za-z]{1,5}?)(?:直接)?汇报(?:工作)?了?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    // the slot the user's boss is known under (我的直属领导是… / 我老板是…), else the boss
    const held = ctx.known.find((k) =>
      /^user\.(?:family\.(?:boss|manager)|boss|manager|[^.]*(?:领导|上司|主管|老板))$/u.test(k.key),
    );
    const suffix = held ? held.key.slice('user.'.length) : 'family.boss';
    const content =
      held?.object && held.content.includes(held.object)
        ? held.content.replace(held.object, m[1]!)
        : `用户的领导是${m[1]}`;
    return [draft(suffix, m[1]!, 0.82, { content })];
  },
  // 从这个月开始每个月交4200 / 现在房租每月4200: the rent paid, for a user whose rent is known
  (c, ctx) => {
    const m = new RegExp(
      `^我?${ZADV}(?:从[^，,。]{1,6}?(?:开始|起))?(?:每个?月|一个月)(?:要)?(?:交|付)(?:房租|租金)?([\\d一二三四五六七八九十两百千万.]+(?:块|元)?)`,
      'u',
    ).exec(c);
    return m && knows(ctx, 'rent')
      ? [draft('rent', `每月${m[1]}`, 0.82, { content: `用户的房租是每月${m[1]}` })]
      : null;
  },
  // 正式成了执业律师 / 我终于当上了主治医生 / 成为一名律师: the occupation become
  (c) => {
    const m = new RegExp(
      `^(?:我)?${ZADV}(?:正式|终于|总算)?(?:成了|成为了?|当上了?|转正成了?|升了|升为|升任|晋升为?|被提拔为|提拔为|升职为|升职成)(?:一名|一个|一位|名)?([^，,。了]{2,10}?)了?$`,
      'u',
    ).exec(c);
    const role = m ? cleanChineseObject(m[1]!) : '';
    return role && isChineseOccupation(role) ? [draft('occupation', role, 0.85)] : null;
  },
  // 现在是业余四段 after 我的围棋是业余三段: a value of the same frame as one known value is its new value
  (c, ctx) => {
    const m = /^(?:我)?(?:现在|目前|如今)(?:已经|都)?(?:是|到了)([\u4e00-\u9fff\d]{3,8}?)了?$/u.exec(c);
    const k = m ? sameFrameKnown(m[1]!, ctx) : null;
    if (!m || !k) return null;
    const content = k.content.includes(k.object!) ? k.content.replace(k.object!, m[1]!) : undefined;
    return [draftForKey(k.key, m[1]!, 0.8, content ? { content } : {})];
  },
  // 我上周过了二十六岁生日 / 刚过完30岁生日: the age reached
  (c) => {
    const m = new RegExp(
      `^我${ZADV}(?:过了|过完了?|庆祝了)([\\d一二三四五六七八九十两]+)(?:周)?岁(?:的)?生日`,
      'u',
    ).exec(c);
    const age = m ? parseChineseNumber(m[1]!) : null;
    if (!m || !age || age >= 130) return null;
    return [draft('age', String(age), 0.88, m[1] === String(age) ? {} : { content: `用户${m[1]}岁（${age}岁）` })];
  },
  // 大连现在是我的家了 / 成都就是我的新家: the place said first, as home (EN "Denver is home now")
  (c) => {
    const m =
      /^([\u4e00-\u9fff]{2,6}?)(?:现在|如今|目前|已经|就|也)*(?:是|成了|成为了?)我(?:们)?(?:的)?(?:新)?家了?$/u.exec(c);
    if (!m || /^(?:这里|那里|这儿|那儿|这边|那边|这|那|哪|它|他|她|公司|学校)/u.test(m[1]!)) return null;
    return [draft('residence', m[1]!, 0.82, { content: `用户住在${m[1]}` })];
  },
  // 我改姓刘了 / 现在随我妈姓刘 / 结婚后改跟先生姓陈 / 我现在姓刘了
  (c) => {
    const m =
      new RegExp(
        `^我${ZADV}(?:${OCCASION})?(?:改)?(?:随|跟)(?:着)?(?:我|了)?(?:的)?${PARENT_OR_SPOUSE}姓([\\u4e00-\\u9fff]{1,2}?)了?$`,
        'u',
      ).exec(c) ?? new RegExp(`^我${ZADV}(?:改(?:成|为)?|也)?姓([\\u4e00-\\u9fff]{1,2}?)了$`, 'u').exec(c);
    if (!m || /^(?:什么|啥|名)/u.test(m[1]!)) return null;
    return [draft('surname', m[1]!, 0.86)];
  },
  // 我现在自由职业了 / 做自由职业者 / 出来单干了 / 自己创业了 / 成了个体户
  (c) => {
    const m = new RegExp(
      `^我${ZADV}(?:是|做|当|成了|成为了?|转做|转为|变成了?)?(?:一名|一个|个)?(?:出来)?(自由职业者?|自由工作者|个体户|单干|自己干|自己创业|自主创业|创业|自己开公司|自己当老板)了?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const v = m[1]!.replace(/^自由职业者$/u, '自由职业');
    return [draft('employer', v, 0.82, { content: `用户${/^自由|个体/u.test(v) ? '是' : ''}${v}` })];
  },
  // 我转学到清华了 / 已经转到浙江大学继续读研了 / 转去师大附中读书
  (c, ctx) => {
    const m = new RegExp(
      `^我${ZADV}(?:转学|转校)?(?:转到|转去|转进|转入|转学到|转学去|转校到|转到了|转去了)了?([^，,。了]{2,14}?)(?:继续)?(?:读研究生|读研|读博|读书|念书|上学|读|学习|上课)?了?$`,
      'u',
    ).exec(c);
    if (!m) return null;
    const where = cleanChineseObject(m[1]!);
    const schoolLike = ZH_SCHOOL.test(where) || /转学|转校|读|念书|上学/u.test(c) || knows(ctx, 'school');
    return where && schoolLike ? [draft('school', where, 0.85, { content: `用户在${where}上学` })] : null;
  },
  // 我读建国中学 / 我在读北大: a school by its name is where the user studies
  (c) => {
    const m = new RegExp(`^我${ZADV}(?:在)?(?:读|念|上)([^，,。了]{2,12}?)了?$`, 'u').exec(c);
    const where = m ? cleanChineseObject(m[1]!) : '';
    // a school by its name, not the level ("在读高中" is the education level)
    return where &&
      /.(?:大学|学院|学校|中学|小学|高中|初中|附中|附小)$/u.test(where) &&
      !/^(?:大学|研究生)/u.test(where)
      ? [draft('school', where, 0.85, { content: `用户在${where}上学` })]
      : null;
  },
  // 老板给我涨到了一万五 / 公司给我把工资调到一万八 / 我工资被涨到了九千
  (c, ctx) => {
    const m = new RegExp(
      `^(?:我的?)?(?:老板|公司|领导|单位|经理)?(?:给|帮)?(?:我)?(?:把)?(?:的)?(?:工资|月薪|薪水|薪资|年薪)?(?:被)?(?:涨|加|提|调|升)(?:到|成|为)了?([\\d一二三四五六七八九十两百千万.]+(?:块|元|k|K)?(?:钱)?)(?:一个月|每月|一年)?了?$`,
      'u',
    ).exec(c);
    if (!m || !/(?:老板|公司|领导|单位|经理|工资|月薪|薪水|薪资|年薪)/u.test(c)) return null;
    if (!/(?:工资|月薪|薪水|薪资|年薪)/u.test(c) && !knows(ctx, 'salary')) return null;
    return [draft('salary', m[1]!, 0.84, { label: '工资', content: `用户的工资是${m[1]}` })];
  },
];
