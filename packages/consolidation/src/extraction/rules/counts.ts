import { wordTable } from '@engram/core';
import { draft, type FactDraft } from './draft';
import type { ClauseContext, KnownFact } from './clause';
import { slug } from './text';

/**
 * How many of something the user has, said with any verb of having or keeping (issue 17, round 7):
 * "I keep 9 chickens", "I'm growing 32 tomato plants", 我收藏了120张邮票, 我家阳台种了6盆兰花,
 * 漫画已经攒到85本了, 现在只剩4盆兰花了. The key is the thing counted (a known count of the same
 * thing keeps its key); children of any kind are one count (a son, two kids, 两个孩子).
 */

const CHILD: Record<string, true> = wordTable({
  child: true,
  children: true,
  kid: true,
  kids: true,
  son: true,
  sons: true,
  daughter: true,
  daughters: true,
  baby: true,
  babies: true,
  孩子: true,
  小孩: true,
  儿子: true,
  女儿: true,
  娃: true,
  宝宝: true,
  孩: true,
});
export const isChildNoun = (noun: string) => CHILD[noun.toLowerCase()] === true;

/** A count of the thing `noun`: a known count of the same thing (head or tail in common) keeps its key. */
function countKey(noun: string, known: readonly KnownFact[]): string {
  if (isChildNoun(noun)) {
    const k = known.find(
      (f) =>
        /^user\.(?:count\.|possession\.|children$)/.test(f.key) &&
        f.key.split('.').slice(1).join('_').split('_').some(isChildNoun),
    );
    if (k) return k.key.slice('user.'.length);
  }
  const cjk = /[\u4e00-\u9fff]/u.test(noun);
  const words = cjk ? [noun] : noun.split('_');
  for (const k of known) {
    if (!k.key.startsWith('user.count.')) continue;
    const thing = k.key.slice('user.count.'.length);
    if (thing === noun) return `count.${thing}`;
    if (
      cjk
        ? thing.length >= 2 && (noun.endsWith(thing) || thing.endsWith(noun))
        : thing.split('_').some((w) => w === words[words.length - 1] || w === words[0])
    )
      return `count.${thing}`;
  }
  return `count.${noun}`;
}

const NUM_EN = String.raw`(\d[\d,.]*|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|a\s+hundred|a\s+dozen|a\s+couple\s+of)`;
/** Verbs of having, keeping or looking after a number of things. */
const HAVE_EN = String.raw`(?:have|has|had|got|own|owned|keep|kept|grow|grew|raise|raised|breed|bred|foster|fostered|collect|collected|house|look\s+after|care\s+for|take\s+care\s+of|look\s+after|run|manage|look\s+after|(?:am|are)\s+(?:now\s+)?(?:growing|keeping|raising|fostering|breeding|looking\s+after|caring\s+for|raising|running|managing)|(?:am|are)\s+(?:now\s+)?(?:up|down)\s+to|have\s+got)`;
const STOP_EN =
  /^(?:in|on|at|of|for|with|and|but|so|now|that|which|to|from|this|these|right|who|where|when|because|since|as|or|nor|than|all|at|here|there|too|already|today|back|each|every|a|an|the|my|our)$/;
const NOT_THING =
  /^(?:year|month|week|day|hour|minute|second|time|times|more|less|percent|%|kg|kilo|kilogram|pound|lb|mile|km|kilometer|kilometre|meter|metre|step|dollar|euro|buck|k|grand|point|hundred|thousand|million|other|of|am|pm|o'clock)$/;
const singular = (w: string) =>
  w === 'children'
    ? 'child'
    : w
        .replace(/(?<=[^aeiou])ies$/i, 'y')
        .replace(/(?<=(?:ch|sh|x|ss))es$/i, '')
        .replace(/(?<=[^s])s$/i, '');

export function englishCount(c: string, ctx: ClauseContext): FactDraft[] | null {
  const m = new RegExp(
    String.raw`^(?:i|we)\s+(?:(?:now|only|still|also|currently|just|already|actually|officially)\s+)*${HAVE_EN}\s+(?:(?:about|around|over|nearly|almost|exactly|only|just|roughly|some|like)\s+)?${NUM_EN}\s+((?:[a-z][a-z'-]*)(?:\s+[a-z][a-z'-]*){0,2})`,
    'i',
  ).exec(c);
  if (!m) return null;
  const words: string[] = [];
  for (const w of m[2]!.toLowerCase().split(/\s+/)) {
    if (STOP_EN.test(w)) break;
    words.push(w);
  }
  if (!words.length) return null;
  const head = singular(words[words.length - 1]!);
  if (NOT_THING.test(head) || NOT_THING.test(words[0]!)) return null;
  const noun = [...words.slice(0, -1), head].join('_');
  const n = m[1]!.toLowerCase();
  return [draft(countKey(slug(noun), ctx.known), n, 0.8, { content: `User has ${n} ${words.join(' ')}` })];
}

const N_ZH = String.raw`(\d[\d,]*|[一二三四五六七八九十两百千万]+|几十|几百|十几|二十几|三十几)`;
const CL_ZH = String.raw`(个|只|条|盆|株|棵|张|枚|本|台|辆|部|件|套|双|瓶|头|匹|尾|片|颗|把|块|幅|箱|位|盒|罐|支|根)`;
const WHERE_ZH = String.raw`(?:家|家里|阳台上?|手上|手里|屋里|院子里?|鱼缸里|柜子里|书架上)?`;
const ADV_ZH = String.raw`(?:现在|目前|已经|一共|总共|又|只|就|还|都|也|如今|终于)*`;
const HAVE_ZH = String.raw`(?:有|养了?着?|种了?着?|收藏了?|攒了?|存了?|集了?|囤了?|剩下?了?|拥有|收集了?|买了)`;

export function chineseCount(c: string, ctx: ClauseContext): FactDraft[] | null {
  // 我收藏了180张邮票 / 我家阳台种了6盆兰花 / 现在只剩4盆兰花了 / 我现在就一台电脑了 / 现在家里两个孩子了
  const have = new RegExp(
    String.raw`^(?:我们?|我家)?${ADV_ZH}${WHERE_ZH}${ADV_ZH}(?:${HAVE_ZH})?(?:了)?(?:一共|总共|差不多|大概|将近|快|近)?${N_ZH}${CL_ZH}([\u4e00-\u9fffA-Za-z]{1,6}?)(?:了|啦)?$`,
    'u',
  ).exec(c);
  // 漫画已经攒到85本了 / 纪念币一共有36枚了 / 多肉已经有15盆了
  const topic = new RegExp(
    String.raw`^(?:我的|我家的?)?([\u4e00-\u9fffA-Za-z]{1,6}?)${ADV_ZH}(?:攒到|有|涨到|增加到|达到|到了|变成|剩下?|攒了|养到|种到|收藏到)了?${N_ZH}${CL_ZH}(?:了|啦)?$`,
    'u',
  ).exec(c);
  // 我现在是三个孩子的妈妈了
  const parent = new RegExp(
    String.raw`^我${ADV_ZH}(?:是|成了)${N_ZH}个(孩子|娃|小孩)的(?:妈妈|爸爸|妈|爸|母亲|父亲)`,
    'u',
  ).exec(c);
  if (parent)
    return [draft(countKey('孩子', ctx.known), `${parent[1]}个`, 0.8, { content: `用户有${parent[1]}个${parent[2]}` })];
  const hasVerb =
    have &&
    (/[有养种藏攒存集囤剩拥买]/u.test(c.slice(0, have.index + c.indexOf(have[1]!))) ||
      /^(?:我们?|我家)?(?:现在|目前|如今|家里|只|就)/u.test(c));
  if (have && hasVerb) {
    const noun = have[3]!;
    if (
      /^(?:月|天|年|小时|钟头|分钟|周|星期|次|人|点|岁|公斤|斤|块钱|元|万)$/u.test(noun) ||
      have[1] === '一' ||
      /[叫是的在和]/u.test(noun)
    )
      return null;
    return [
      draft(countKey(noun, ctx.known), `${have[1]}${have[2]}`, 0.8, { content: `用户有${have[1]}${have[2]}${noun}` }),
    ];
  }
  if (topic && !/^(?:我|他|她|它|这|那|今年|去年|每月|每天|工资|房租|体重|年龄)/u.test(topic[1]!)) {
    const noun = topic[1]!;
    return [
      draft(countKey(noun, ctx.known), `${topic[2]}${topic[3]}`, 0.8, {
        content: `用户有${topic[2]}${topic[3]}${noun}`,
      }),
    ];
  }
  return null;
}

const childSuffix = (suffix: string) => {
  const m = /^(?:count|possession)\.(.+)$/.exec(suffix) ?? (suffix === 'children' ? ['', 'children'] : null);
  const parts = m ? m[1]!.split('_').filter((w) => !/^(?:and|a|an)$/.test(w)) : [];
  return parts.length > 0 && parts.every(isChildNoun);
};

/** A count of sons, daughters or kids from any rule is the known count of the user's children ("one son" → "two kids now"). */
export function childrenCount(d: FactDraft, known: readonly KnownFact[]): FactDraft {
  if ((d.namespace ?? 'user') !== 'user' || !d.positive || !childSuffix(d.suffix)) return d;
  const k = known.find((f) => f.key.startsWith('user.') && childSuffix(f.key.slice('user.'.length)));
  return k ? { ...d, suffix: k.key.slice('user.'.length) } : d;
}
