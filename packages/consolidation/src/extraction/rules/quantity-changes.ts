import type { KnownFact } from './clause';
import type { FactDraft } from './draft';
import { foldChinese, wordTable } from '@engram/core';
import { draftForKey } from './value-match';

/**
 * A new amount in the unit of a known value is that value's change, whatever the words around it:
 * "I'm down to 81 kg" for "I weigh 92 kg", "up to 600 followers" for "450 followers on Instagram",
 * "瘦到70公斤" for "体重80公斤". Matched by value type (a number with the same unit), only when one
 * known value has that unit, and only in a clause that says the amount holds now (not a goal or a
 * question).
 */

const EN_UNIT = String.raw`(mg|mcg|ml|kg|kgs|kilos?|kilograms?|lbs?|pounds|km|kms|kilomet(?:er|re)s?|miles?|mi|cm|ft|feet|inches|hours?|hrs?|minutes?|mins?|%|percent|followers|subscribers|members|employees|students|clients|customers|people|steps|books|pages|laps|reps|cups?|glasses|glass|bottles?|cans?|shots?|servings?|meals?|cigarettes?|pints?|litres?|liters?)`;
/** A count said in words ("two hours", "one cup", "an hour") or digits. */
const EN_NUMBER = String.raw`\d[\d,]*(?:\.\d+)?|(?:a|an|one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty|thirty|forty|fifty|a\s+couple\s+of|a\s+few|half\s+an?)(?=\s)`;
const EN_QUANTITY = new RegExp(String.raw`(?<![\w.$£€])(${EN_NUMBER})\s?${EN_UNIT}(?![\p{L}])`, 'giu');
/** An amount of money ("$1,720", "£950", "72k", "€3.5k"): its currency is its unit. */
const EN_MONEY = /(?<![\w.])([$£€])\s?(\d[\d,]*(?:\.\d+)?k?)(?![\w])|(?<![\w.$£€])(\d+(?:\.\d+)?)k(?![\w])/giu;
const EN_PER = /^\s+(?:an?|per)\s+(hour|hr|day|shift|week|month|year)\b/i;
const ZH_NUMBER = '[0-9]+(?:\\.[0-9]+)?|[一二两三四五六七八九十百千万半]+';
const ZH_QUANTITY = new RegExp(
  `(${ZH_NUMBER})\\s?(公斤|千克|斤|毫克|毫升|码|公里|千米|厘米|小时|分钟|个?粉丝|个?订阅|名?员工|个?学生|步|本书|页|杯|块钱|块|元)`,
  'gu',
);
/** 每月三千块 / 现在每个月三千五: an amount per month or year with its unit left out is money. */
const ZH_PER_PERIOD = new RegExp(
  `每(?:个)?(?:月|年)(?:交|付|要|是)?(${ZH_NUMBER})(?:块钱|块|元)?(?![0-9一二两三四五六七八九十百千万])`,
  'gu',
);
const EN_NOW =
  /\b(?:now|said|says|showed|shows|read|reads|measured|weighed\s+in\s+at|came\s+in\s+at|clocked(?:\s+in\s+at)?|pays?|paying|earn(?:s|ing)?|making|makes|costs?|costing|today|this\s+morning|this\s+week|yesterday|down\s+to|up\s+to|(?:went|gone|dropped|fell|rose|climbed|jumped|increased|decreased|reduced|cut|raised|grew|got|is|am|are)\s+(?:up\s+|down\s+|back\s+)?to|hit|reached|crossed|passed|these\s+days|currently|nowadays|anymore|at)\b/i;
const EN_NOT_ASSERTED =
  /\b(?:if|would|could|should|want|wants|goal|target|hope|plan|planning|trying\s+to|try\s+to|aim|aiming|how|what|can|will)\b|\?/i;
/** "lost 5 kg", "by £50", "another 10 km": an amount of change or an extra, not the value that holds. */
const EN_DELTA_BEFORE =
  /\b(?:lost|losing|gained|gaining|put\s+on|shed|by|another|extra|additional|more\s+than|less\s+than|over)\s+(?:about\s+|around\s+|nearly\s+|almost\s+|roughly\s+|like\s+)?$/i;
const EN_DELTA_AFTER = /^\s*(?:more|less|heavier|lighter|extra|off|down\b(?!\s+to)|up\b(?!\s+to))/i;
const ZH_NOW = /(?:现在|目前|已经|到了?|涨|降|瘦|胖|变成|增加|减少|只有|达到|突破|了|其实|实际上|是)/u;
const ZH_NOT_ASSERTED = /(?:如果|要是|想|希望|打算|计划|目标|争取|能不能|怎么|多少|吗|[？?])/u;

const WORD_NUMBERS: Record<string, string> = wordTable({
  a: '1',
  an: '1',
  one: '1',
  two: '2',
  three: '3',
  four: '4',
  five: '5',
  six: '6',
  seven: '7',
  eight: '8',
  nine: '9',
  ten: '10',
  eleven: '11',
  twelve: '12',
  fifteen: '15',
  twenty: '20',
  thirty: '30',
  forty: '40',
  fifty: '50',
});
const numberOf = (n: string) => {
  const w = n.toLowerCase().replace(/\s+/g, ' ');
  if (/^half an?$/.test(w)) return '0.5';
  return WORD_NUMBERS[w] ?? w.replace(/,/g, '');
};

const unitKey = (u: string) =>
  u
    .toLowerCase()
    .replace(/^(?:个|名)/u, '')
    .replace(/^(?:块钱|块)$/u, '元')
    .replace(/^(kilo|kilogram|kgs)s?$/, 'kg')
    .replace(/^(?:lbs|pounds)$/, 'lb')
    .replace(/^(?:kms|kilomet(?:er|re)s?)$/, 'km')
    .replace(/^(hours?|hrs?)$/, 'h')
    .replace(/^(?:minutes?|mins?)$/, 'min')
    .replace(/^percent$/, '%')
    .replace(/^glass$/, 'glasse')
    .replace(/^liters?$/, 'litre')
    .replace(/s$/, '');

/** "$" said alone is the same money as "$ a year" ("bumped my salary to $70,000" for "$62,000 a year"). */
const sameUnit = (a: string, b: string) => a === b || a.split('/')[0] === b || b.split('/')[0] === a;

interface Quantity {
  number: string;
  unit: string;
  text: string;
  index: number;
}

function quantities(text: string, lang: 'en' | 'zh'): Quantity[] {
  const re = lang === 'en' ? EN_QUANTITY : ZH_QUANTITY;
  const out = [...text.matchAll(new RegExp(re.source, re.flags))]
    // "a few hours" or "a couple of cups" names no number to compare
    .filter((m) => !/^a\s+(?:few|couple)/i.test(m[1]!))
    .map((m) => ({
      number: numberOf(m[1]!),
      unit: unitKey(m[2]!),
      text: m[0].trim(),
      index: m.index!,
    }));
  const taken = (at: number) => out.some((q) => at >= q.index && at < q.index + q.text.length);
  // "a size 9 shoe", "I'm a size 10 now": a size is a number after its unit
  if (lang === 'en')
    for (const m of text.matchAll(/\bsize\s+(\d{1,2}(?:\.5)?)(?![\d.])/giu))
      out.push({ number: m[1]!, unit: 'size', text: m[0], index: m.index! });
  if (lang === 'en') {
    for (const m of text.matchAll(new RegExp(EN_MONEY.source, EN_MONEY.flags))) {
      const number = (m[2] ?? m[3]!).replace(/,/g, '');
      // "$18 an hour", "£2,000 a month": a rate, its period part of its unit
      const per = EN_PER.exec(text.slice(m.index! + m[0].length));
      const currency = m[1] ?? 'k';
      if (per) {
        const end = m.index! + m[0].length + per[0].length;
        for (let i = out.length - 1; i >= 0; i--)
          if (out[i]!.index >= m.index! && out[i]!.index < end) out.splice(i, 1);
        out.push({ number, unit: `${currency}/${unitKey(per[1]!)}`, text: m[0].trim(), index: m.index! });
      } else out.push({ number, unit: currency, text: m[0].trim(), index: m.index! });
    }
  } else {
    for (const m of text.matchAll(new RegExp(ZH_PER_PERIOD.source, ZH_PER_PERIOD.flags))) {
      const at = m.index! + m[0].indexOf(m[1]!);
      if (taken(at)) continue;
      out.push({ number: m[1]!, unit: '元', text: m[1]!, index: at });
    }
  }
  return out.sort((a, b) => a.index - b.index);
}

/** The amounts a known fact states: in its value, else (when the value holds none) in its sentence. */
function ownQuantities(k: KnownFact, lang: 'en' | 'zh'): Quantity[] {
  const own = quantities(k.object ?? '', lang);
  return own.length ? own : quantities(lang === 'zh' ? foldChinese(k.content) : k.content, lang);
}

/** The clause around a position (between sentence or clause marks). */
function clauseAt(text: string, at: number, lang: 'en' | 'zh'): string {
  const marks = lang === 'en' ? /[.;!?]|,\s+(?=(?:and|but|so)\b)/g : /[。！？!?；;，,]/gu;
  let start = 0;
  let end = text.length;
  for (const m of text.matchAll(marks)) {
    if (m.index! < at) start = m.index! + m[0].length;
    else {
      end = m.index! + (/[?？]/u.test(m[0]) ? 1 : 0);
      break;
    }
  }
  return text.slice(start, end);
}

export function quantityChanges(
  text: string,
  lang: 'en' | 'zh',
  known: readonly KnownFact[],
  taken: ReadonlySet<string>,
): Array<{ key: string; draft: FactDraft; value: string }> {
  const out: Array<{ key: string; draft: FactDraft; value: string }> = [];
  const done = new Set(taken);
  for (const q of quantities(text, lang)) {
    const clause = clauseAt(text, q.index, lang);
    if (
      lang === 'en' &&
      (EN_DELTA_BEFORE.test(text.slice(Math.max(0, q.index - 30), q.index)) ||
        EN_DELTA_AFTER.test(text.slice(q.index + q.text.length, q.index + q.text.length + 12)))
    )
      continue;
    if (
      lang === 'en'
        ? !EN_NOW.test(clause) || EN_NOT_ASSERTED.test(clause)
        : !ZH_NOW.test(clause) || ZH_NOT_ASSERTED.test(clause)
    )
      continue;
    const holders = known.filter((k) => {
      if (!k.object || k.key.startsWith('user.event.') || done.has(k.key)) return false;
      const own = ownQuantities(k, lang);
      return own.length === 1 && sameUnit(own[0]!.unit, q.unit) && own[0]!.number !== q.number;
    });
    if (holders.length !== 1) continue;
    const k = holders[0]!;
    done.add(k.key);
    const old = ownQuantities(k, lang)[0]!.text;
    // the amount the object holds, or (a routine keyed by its time, "runs 5 km every morning") the sentence's
    const object = k.object!.includes(old) ? k.object!.replace(old, q.text) : q.text;
    const content =
      k.content.includes(k.object!) && k.object!.includes(old)
        ? k.content.replace(k.object!, object)
        : k.content.includes(old)
          ? k.content.replace(old, q.text)
          : undefined;
    out.push({ key: k.key, value: q.text, draft: draftForKey(k.key, object, 0.82, content ? { content } : {}) });
  }
  if (lang === 'en') out.push(...countChanges(text, known, done));
  return out;
}

const NUMBER_WORDS = 'one|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|a\\s+dozen|\\d+';
/** "so four cats now" for "I have two cats": a count of the thing a known count key names. */
function countChanges(
  text: string,
  known: readonly KnownFact[],
  done: Set<string>,
): Array<{ key: string; draft: FactDraft; value: string }> {
  const out: Array<{ key: string; draft: FactDraft; value: string }> = [];
  for (const k of known) {
    const noun = /^user\.count\.([a-z]+)$/.exec(k.key)?.[1];
    if (!noun || !k.object || done.has(k.key)) continue;
    const re = new RegExp(`(?<![\\w-])(${NUMBER_WORDS})\\s+(?:[a-z]+\\s+)?${noun}(?:s|es)?(?![\\w])`, 'gi');
    for (const m of text.matchAll(re)) {
      const clause = clauseAt(text, m.index!, 'en');
      if (!EN_NOW.test(clause) || EN_NOT_ASSERTED.test(clause)) continue;
      const n = m[1]!.toLowerCase().replace(/\s+/g, ' ');
      if (n === k.object.toLowerCase()) continue;
      const content = k.content.includes(k.object) ? k.content.replace(k.object, n) : undefined;
      out.push({ key: k.key, value: n, draft: draftForKey(k.key, n, 0.82, content ? { content } : {}) });
      done.add(k.key);
      break;
    }
  }
  return out;
}
