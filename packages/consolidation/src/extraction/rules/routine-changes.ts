import { foldChinese, wordTable } from '@engram/core';
import type { KnownFact } from './clause';
import type { FactDraft } from './draft';
import { hasCjk, sentences } from './text';
import { draftForKey } from './value-match';

/**
 * A routine said again with a new time or frequency is that routine's change, whatever the clause
 * around it: "my gym sessions are at 6 pm now" for user.time.gym = 7 am, "I swim every day before
 * work" for user.frequency.swim = once a week, "我现在每天都跑步" for user.frequency.跑步, "每天六点就得起床"
 * for user.time.起床. Matched by the routine's activity (a word of its key, in any inflection) and
 * the value's type (a clock time for a time, a frequency for a frequency), only in a clause that
 * states it (not a question, a wish or a plan), and only when one known routine has that activity.
 */

const EN_CLOCK = /(?<![\w:])(?:\d{1,2}(?::\d{2})?\s?(?:am|pm|a\.m\.|p\.m\.)|\d{1,2}:\d{2}|noon|midnight)(?![\w])/i;
const EN_FREQUENCY =
  /\b(?:every\s+(?:single\s+)?(?:day|morning|evening|night|weekday|weekend|week|other\s+day)|daily|(?:once|twice|(?:one|two|three|four|five|six|seven|\d+)\s+times?|a\s+couple\s+of\s+times)\s+(?:a|per|each|every)\s+(?:day|week|month|fortnight)|on\s+weekends|most\s+days)\b/i;
const ZH_CLOCK =
  /(?:早上|上午|中午|下午|晚上|凌晨|夜里)?(?:\d{1,2}|[一二两三四五六七八九十]{1,3})点(?:半|\d{1,2}分|[一二三四五]十分?)?/u;
const ZH_FREQUENCY =
  /(?:每天|天天|每晚|每个?周末|(?:每|一)(?:周|星期|个?月|天)(?:\d+|[一二两三四五六七八九十]+)次|每(?:周|星期)[一二三四五六日天](?:和[一二三四五六日天])*)/u;
const EN_NOT_ASSERTED =
  /\b(?:if|would|could|should|want|wants|wanted|goal|hope|hoping|plan|planning|trying\s+to|try\s+to|aim|aiming|thinking\s+(?:of|about)|might|maybe|will\s+you|can\s+you)\b|\?/i;
const ZH_NOT_ASSERTED = /(?:如果|要是|想|希望|打算|计划|目标|争取|能不能|可以吗|吗|呢|[？?])/u;
const EN_SOMEONE_ELSE =
  /\b(?:my|our)\s+(?:sister|brother|wife|husband|partner|son|daughter|kids?|children|mom|mum|dad|mother|father|parents|friend|boss|manager|colleague|co-?worker|roommate|flatmate|neighbou?r|girlfriend|boyfriend|fianc[eé]e?|dog|cat)\b|^\s*(?:he|she|they)\b/i;
/** One occasion ("I swam at 3 pm yesterday", "昨天六点起床") is not the routine. */
const EN_ONE_DAY =
  /\b(?:yesterday|today|tonight|this\s+(?:morning|afternoon|evening)|last\s+(?:night|\w+day)|on\s+(?:mon|tues|wednes|thurs|fri|satur|sun)day|once\s+last)\b/i;
const ZH_ONE_DAY = /(?:昨天|今天|今早|今晚|前天|那天|上周[一二三四五六日天]|周[一二三四五六日天]那)/u;

/** Verbs and function words a routine key may hold besides its activity ("frequency.go_to_gym" → gym). */
const NOT_ACTIVITY =
  /^(?:go|goes|going|went|do|does|doing|did|have|has|take|takes|play|plays|get|gets|to|the|a|an|my|at|in|on|for|with|of|every|usually|time|times|去|做|上|练)$/;

/** Forms of an English activity word: "swim" is also "swims", "swimming", "swam"; "run" is also "runs", "running", "ran". */
const IRREGULAR_ACTIVITY_PAST = wordTable({ swim: 'swam', run: 'ran', ride: 'rode', drive: 'drove', wake: 'woke' });

function activityPattern(word: string): RegExp {
  const w = word.toLowerCase();
  const stem = w.replace(/e$/, '');
  const doubled = /[^aeiou][aeiou][bdgmnprt]$/.test(w) ? `${w}${w.slice(-1)}` : w;
  const forms = [
    w,
    `${w}s`,
    `${w}es`,
    `${stem}ing`,
    `${doubled}ing`,
    `${stem}ed`,
    `${doubled}ed`,
    IRREGULAR_ACTIVITY_PAST[w],
  ].filter((f): f is string => !!f);
  const alternatives = [...new Set(forms)].map((f) => f.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
  return new RegExp(`(?<![\\p{L}])(?:${alternatives.join('|')})(?![\\p{L}])`, 'iu');
}

interface Routine {
  fact: KnownFact;
  type: 'clock' | 'frequency';
  words: string[];
}

function routinesOf(known: readonly KnownFact[]): Routine[] {
  const out: Routine[] = [];
  for (const k of known) {
    const m = /^user\.(time|frequency)\.(.+)$/.exec(k.key);
    if (!m || !k.object) continue;
    const words = m[2]!.split('_').filter((w) => (hasCjk(w) ? w.length >= 2 : w.length >= 3) && !NOT_ACTIVITY.test(w));
    if (words.length) out.push({ fact: k, type: m[1] === 'time' ? 'clock' : 'frequency', words });
  }
  return out;
}

/** The engine's sentences ("6 a.m." ends none), English ones cut before ", and/but/so/which". */
const clauses = (text: string, lang: 'en' | 'zh') =>
  sentences(text).flatMap(({ text: sentence, question }) =>
    (lang === 'en' ? sentence.split(/,\s+(?=(?:and|but|so|which)\b)/i) : [sentence]).map((clause) => ({
      clause,
      question,
    })),
  );

export function routineChanges(
  text: string,
  lang: 'en' | 'zh',
  known: readonly KnownFact[],
  taken: ReadonlySet<string>,
): Array<{ key: string; draft: FactDraft; value: string }> {
  const out: Array<{ key: string; draft: FactDraft; value: string }> = [];
  const routines = routinesOf(known).filter((r) => !taken.has(r.fact.key));
  for (const { clause, question } of clauses(text, lang)) {
    if (question || (lang === 'en' ? EN_NOT_ASSERTED : ZH_NOT_ASSERTED).test(clause)) continue;
    if ((lang === 'en' ? EN_ONE_DAY : ZH_ONE_DAY).test(clause)) continue;
    // someone else's routine ("my son swims every day") is not the user's
    if (lang === 'en' && !/\b(?:i|i'm|i've|my|we|we're|our)\b/i.test(clause)) continue;
    if (lang === 'en' && EN_SOMEONE_ELSE.test(clause) && !/\bI\b|\bI'/.test(clause)) continue;
    if (lang === 'zh' && /^(?:他|她|他们|我(?:的)?(?:儿子|女儿|老公|老婆|妈|爸|朋友|同事|哥|姐|弟|妹))/u.test(clause))
      continue;
    const named = routines.filter((r) =>
      r.words.some((w) => (hasCjk(w) ? clause.includes(w) : activityPattern(w).test(clause))),
    );
    for (const type of ['clock', 'frequency'] as const) {
      const mine = named.filter((r) => r.type === type);
      if (mine.length !== 1 || out.some((o) => o.key === mine[0]!.fact.key)) continue;
      const re = type === 'clock' ? (lang === 'en' ? EN_CLOCK : ZH_CLOCK) : lang === 'en' ? EN_FREQUENCY : ZH_FREQUENCY;
      const value = re.exec(clause)?.[0]?.trim();
      const k = mine[0]!.fact;
      if (!value || k.object!.toLowerCase().includes(value.toLowerCase())) continue;
      // the old value must be of the same type, or the key was named by a routine of another kind
      if (!re.test(k.object!)) continue;
      const said = lang === 'zh' ? foldChinese(k.content) : k.content;
      const object = lang === 'zh' ? foldChinese(k.object!) : k.object!;
      const content = said.includes(object)
        ? said.replace(object, value)
        : lang === 'zh'
          ? `用户${value}${mine[0]!.words.join('')}`
          : undefined;
      out.push({ key: k.key, value, draft: draftForKey(k.key, value, 0.82, content ? { content } : {}) });
    }
  }
  return out;
}
