import type { KnownFact } from './clause';
import type { FactDraft } from './draft';
import { draftForKey } from './value-match';

/**
 * A new amount in the unit of a known value is that value's change, whatever the words around it:
 * "I'm down to 81 kg" for "I weigh 92 kg", "up to 600 followers" for "450 followers on Instagram",
 * "瘦到70公斤" for "体重80公斤". Matched by value type (a number with the same unit), only when one
 * known value has that unit, and only in a clause that says the amount holds now (not a goal or a
 * question).
 */

const EN_UNIT = String.raw`(kg|kgs|kilos?|kilograms?|lbs?|pounds|km|kms|kilomet(?:er|re)s?|miles?|mi|cm|ft|feet|inches|hours?|hrs?|minutes?|mins?|%|percent|followers|subscribers|members|employees|students|clients|customers|people|steps|books|pages|laps|reps)`;
const EN_QUANTITY = new RegExp(String.raw`(?<![\w.])(\d[\d,]*(?:\.\d+)?)\s?${EN_UNIT}(?![\p{L}])`, 'giu');
const ZH_NUMBER = '[0-9]+(?:\\.[0-9]+)?|[一二两三四五六七八九十百千万半]+';
const ZH_QUANTITY = new RegExp(
  `(${ZH_NUMBER})\\s?(公斤|千克|斤|公里|千米|厘米|小时|分钟|个?粉丝|个?订阅|名?员工|个?学生|步|本书|页)`,
  'gu',
);
const EN_NOW =
  /\b(?:now|down\s+to|up\s+to|(?:went|gone|dropped|fell|rose|climbed|jumped|increased|decreased|reduced|cut|raised|grew|got|is|am|are)\s+(?:up\s+|down\s+|back\s+)?to|hit|reached|crossed|passed|these\s+days|currently|nowadays|anymore|at)\b/i;
const EN_NOT_ASSERTED =
  /\b(?:if|would|could|should|want|wants|goal|target|hope|plan|planning|trying\s+to|try\s+to|aim|aiming|how|what|can|will)\b|\?/i;
const ZH_NOW = /(?:现在|目前|已经|到了?|涨|降|瘦|胖|变成|增加|减少|只有|达到|突破|了)/u;
const ZH_NOT_ASSERTED = /(?:如果|要是|想|希望|打算|计划|目标|争取|能不能|怎么|多少|吗|[？?])/u;

const unitKey = (u: string) =>
  u
    .toLowerCase()
    .replace(/^(?:个|名)/u, '')
    .replace(/^(kilo|kilogram|kgs)s?$/, 'kg')
    .replace(/^(?:lbs|pounds)$/, 'lb')
    .replace(/^(?:kms|kilomet(?:er|re)s?)$/, 'km')
    .replace(/^(hours?|hrs?)$/, 'h')
    .replace(/^(?:minutes?|mins?)$/, 'min')
    .replace(/^percent$/, '%')
    .replace(/s$/, '');

interface Quantity {
  number: string;
  unit: string;
  text: string;
  index: number;
}

function quantities(text: string, lang: 'en' | 'zh'): Quantity[] {
  const re = lang === 'en' ? EN_QUANTITY : ZH_QUANTITY;
  return [...text.matchAll(new RegExp(re.source, re.flags))].map((m) => ({
    number: m[1]!.replace(/,/g, ''),
    unit: unitKey(m[2]!),
    text: m[0].trim(),
    index: m.index!,
  }));
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
      lang === 'en'
        ? !EN_NOW.test(clause) || EN_NOT_ASSERTED.test(clause)
        : !ZH_NOW.test(clause) || ZH_NOT_ASSERTED.test(clause)
    )
      continue;
    const holders = known.filter((k) => {
      if (!k.object || k.key.startsWith('user.event.') || done.has(k.key)) return false;
      const own = quantities(k.object, lang);
      return own.length === 1 && own[0]!.unit === q.unit && own[0]!.number !== q.number;
    });
    if (holders.length !== 1) continue;
    const k = holders[0]!;
    done.add(k.key);
    const old = quantities(k.object!, lang)[0]!.text;
    const object = k.object!.replace(old, q.text);
    const content = k.content.includes(k.object!)
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
