/** Small text helpers shared by the English and Chinese rules. */
import { wordTable } from '@engram/core';

const CJK = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF]/u;

export function hasCjk(text: string): boolean {
  return CJK.test(text);
}

/** Which language a message is in: Chinese when it has more CJK characters than Latin words. */
export function languageOf(text: string): 'en' | 'zh' {
  const cjk = (text.match(/[\u3400-\u9FFF\uF900-\uFAFF]/gu) ?? []).length;
  const words = (text.match(/[A-Za-z]+/g) ?? []).length;
  return cjk > 0 && cjk >= words ? 'zh' : 'en';
}

const ARTICLES = /^(?:a|an|the|my|our|some|this|that|these|those)\s+/i;

/** A key segment from free text: lower-cased words (CJK kept) joined by "_", at most 4 words. */
export function slug(text: string): string {
  let t = text.normalize('NFKC').toLowerCase().trim();
  while (ARTICLES.test(t)) t = t.replace(ARTICLES, '');
  t = t.replace(/colour/g, 'color').replace(/favorite/g, 'favourite');
  if (hasCjk(t)) {
    return t.replace(/[^\p{L}\p{N}]+/gu, '').slice(0, 12) || 'unknown';
  }
  const words = t
    .split(/[^\p{L}\p{N}+#]+/u)
    .filter(Boolean)
    .slice(0, 4);
  return words.join('_') || 'unknown';
}

/** Normalized form used to compare values: NFKC, lower case, no punctuation or spaces. */
export function normalizeValue(text: string): string {
  return text
    .normalize('NFKC')
    .toLowerCase()
    .replace(/colour/g, 'color')
    .replace(/favorite/g, 'favourite')
    .replace(/[^\p{L}\p{N}@+#]+/gu, '');
}

export interface Sentence {
  text: string;
  question: boolean;
}

/** Words after which a full stop does not end a sentence ("St. Mary's", "Dr. Patel", "e.g."). */
const ABBREVIATIONS = new Set([
  'mr',
  'mrs',
  'ms',
  'dr',
  'st',
  'mt',
  'ft',
  'prof',
  'sr',
  'jr',
  'inc',
  'ltd',
  'co',
  'corp',
  'vs',
  'etc',
  'eg',
  'ie',
  'no',
  'nos',
  'ave',
  'rd',
  'blvd',
  'dept',
  'univ',
  'approx',
  'apt',
  'est',
  'gen',
  'gov',
  'sen',
  'rep',
  'rev',
  'capt',
  'col',
  'lt',
  'sgt',
  'jan',
  'feb',
  'mar',
  'apr',
  'jun',
  'jul',
  'aug',
  'sep',
  'sept',
  'oct',
  'nov',
  'dec',
  'mon',
  'tue',
  'wed',
  'thu',
  'fri',
  'sat',
  'sun',
  'a.m',
  'p.m',
  'u.s',
  'u.k',
  'e.g',
  'i.e',
  'ph.d',
  'fig',
]);

/**
 * Splits a message into sentences (English and Chinese terminators, line breaks), marking
 * questions. A full stop ends a sentence only before a space or the end, never after an
 * abbreviation or an initial ("St. Mary's", "J. K. Rowling") or inside quotes and parentheses.
 */
export function sentences(text: string): Sentence[] {
  const out: Sentence[] = [];
  let start = 0;
  let depth = 0;
  let quote: string | null = null;
  const push = (end: number, terminator: string) => {
    const body = text.slice(start, end).trim();
    if (body) out.push({ text: body, question: /[?？]/.test(terminator) || /[吗嘛]$/u.test(body) });
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '(' || ch === '（' || ch === '[') depth++;
    else if ((ch === ')' || ch === '）' || ch === ']') && depth > 0) depth--;
    else if (ch === '"' || ch === '“' || ch === '”') quote = quote ? null : ch;
    if (ch === '\n') {
      push(i, '\n');
      start = i + 1;
      depth = 0;
      quote = null;
      continue;
    }
    if (depth > 0 || quote) continue;
    // An emoji between two statements ends the first ("Bubbles died 😢 we got a new goldfish").
    const glyph = String.fromCodePoint(text.codePointAt(i)!);
    if (
      /\p{Extended_Pictographic}/u.test(glyph) &&
      i > start &&
      /^[\p{Extended_Pictographic}\u{FE0F}\u{200D}\u{1F3FB}-\u{1F3FF}]*\s+\p{L}/u.test(text.slice(i + glyph.length))
    ) {
      push(i, '.');
      start = i + glyph.length;
      i += glyph.length - 1;
      continue;
    }
    if (/[。！？!?；;]/u.test(ch) || (ch === '.' && (i + 1 === text.length || /\s/.test(text[i + 1]!)))) {
      if (ch === '.') {
        const word = /([\p{L}.]+)$/u.exec(text.slice(Math.max(start, i - 12), i))?.[1] ?? '';
        if (ABBREVIATIONS.has(word.toLowerCase()) || /^\p{Lu}$/u.test(word) || /^(?:\p{Lu}\.)+\p{Lu}$/u.test(word))
          continue;
      }
      let j = i;
      while (j + 1 < text.length && /[。！？!?；;.]/u.test(text[j + 1]!)) j++;
      push(i, text.slice(i, j + 1));
      start = j + 1;
      i = j;
    }
  }
  push(text.length, '');
  return out;
}

/** Trailing words that qualify a statement but are not part of its object. */
const EN_TRAILING =
  /(?:,?\s+(?:now|originally|anymore|any\s+more|these\s+days|nowadays|at\s+the\s+moment|right\s+now|currently|too|as\s+well|either|actually|though|already|again|a\s+lot|very\s+much|so\s+much|the\s+most|more\s+than\s+anything|full[-\s]time|part[-\s]time|for\s+(?:a\s+while|now|good|years|ages|a\s+living)|for\s+(?:\d+|a|an|one|two|three|four|five|six|seven|eight|nine|ten|a\s+few|several|many)\s+(?:years?|months?|weeks?|days?)|since\s+.+|starting\s+.+|as\s+of\s+.+|(?:about|around|roughly)?\s*(?:\d+|a|an|one|two|three|a\s+few|a\s+couple\s+of)\s+(?:days?|weeks?|months?|years?)\s+ago|last\s+(?:week|month|year|monday|tuesday|wednesday|thursday|friday|saturday|sunday|night)|this\s+(?:week|month|year)|next\s+(?:week|month|year)|yesterday|today|tomorrow|recently|lately|in\s+(?:19|20)\d{2}|with\s+my\s+\w+|with\s+(?:my\s+)?family|for\s+work|because\s+.+|since\s+.+|thanks|lol|haha|:\)|!))+\s*$/i;

/** Cleans the object of an English statement: trailing qualifiers and punctuation removed. */
export function cleanEnglishObject(text: string): string {
  // "peanuts, not shellfish", "Portland rather than Salem": the value ends before what it is set against
  let t = text
    .trim()
    .replace(/,?\s+(?:and\s+)?(?:not|rather\s+than|instead\s+of)\s+.+$/i, '')
    .replace(/[\s.,;:!]+$/, '');
  for (let i = 0; i < 4; i++) {
    const next = t.replace(EN_TRAILING, '').replace(/[\s.,;:!]+$/, '');
    if (next === t) break;
    t = next;
  }
  return t.replace(/^["'“‘]+|["'”’]+$/g, '').trim();
}

/** Cleans the object of a Chinese statement: trailing particles and aspect markers removed. */
export function cleanChineseObject(text: string): string {
  // "我住的不是苏州": a value said as not held is no value of the slot
  if (/^的?(?:不是|并不是|并非)/u.test(text.trim())) return '';
  let t = text.trim().replace(/[\s，,。.！!~～]+$/u, '');
  for (let i = 0; i < 4; i++) {
    const next = t
      .replace(/(了|啦|呢|哦|喔|呀|吧|啊|的啦|来着|而已|罢了|哈|嘿)$/u, '')
      .replace(/(现在|目前|已经|最近|这些天|一直)$/u, '')
      .trim();
    if (next === t) break;
    t = next;
  }
  // a classifier, not the first character of a name ("家豪")
  return t
    .replace(/^(一个|一只|一辆|一位|一名|一家|个|只|辆|位|名|家)/u, (m) =>
      t.length - m.length >= 2 || (t.length > m.length && m.length > 1) ? '' : m,
    )
    .trim();
}

const IRREGULAR_3RD: Record<string, string> = wordTable({
  am: 'is',
  have: 'has',
  do: 'does',
  go: 'goes',
  was: 'was',
  were: 'was',
  can: 'can',
  will: 'will',
  would: 'would',
  should: 'should',
  must: 'must',
  may: 'may',
  might: 'might',
});

/** Third person singular of an English verb ("live" → "lives"; past forms unchanged). */
export function thirdPerson(verb: string): string {
  const v = verb.toLowerCase();
  if (IRREGULAR_3RD[v]) return IRREGULAR_3RD[v]!;
  if (
    /ed$/.test(v) ||
    [
      'went',
      'got',
      'bought',
      'made',
      'took',
      'left',
      'began',
      'became',
      'saw',
      'met',
      'had',
      'did',
      'ran',
      'drove',
      'wrote',
      'spoke',
      'quit',
      'sold',
      'found',
      'felt',
      'kept',
      'lost',
      'moved',
      'came',
      'gave',
      'built',
      'spent',
    ].includes(v)
  )
    return verb;
  if (/(s|sh|ch|x|z|o)$/.test(v)) return `${verb}es`;
  if (/[^aeiou]y$/.test(v)) return `${verb.slice(0, -1)}ies`;
  return `${verb}s`;
}

const GERUNDS: Record<string, string> = wordTable({
  being: 'am',
  eating: 'eat',
  drinking: 'drink',
  using: 'use',
  working: 'work',
  living: 'live',
  playing: 'play',
  smoking: 'smoke',
  driving: 'drive',
  coding: 'code',
  writing: 'write',
  making: 'make',
  taking: 'take',
  running: 'run',
  swimming: 'swim',
  shopping: 'shop',
  seeing: 'see',
  dating: 'date',
  liking: 'like',
  loving: 'love',
  having: 'have',
  studying: 'study',
  going: 'go',
  doing: 'do',
  riding: 'ride',
  owning: 'own',
  following: 'follow',
  programming: 'program',
  speaking: 'speak',
  wearing: 'wear',
  watching: 'watch',
  reading: 'read',
  cooking: 'cook',
  biking: 'bike',
  vaping: 'vape',
  gaming: 'game',
  jogging: 'jog',
  dancing: 'dance',
  baking: 'bake',
  hiking: 'hike',
  teaching: 'teach',
  attending: 'attend',
  learning: 'learn',
});

/** Base form of a gerund ("eating" → "eat"); unknown words lose their "-ing" (with a doubled consonant undone). */
export function gerundToBase(word: string): string {
  const w = word.toLowerCase();
  if (GERUNDS[w]) return GERUNDS[w]!;
  if (!w.endsWith('ing') || w.length < 5) return w;
  const stem = w.slice(0, -3);
  if (/([bdgmnprt])\1$/.test(stem)) return stem.slice(0, -1);
  // the silent e the -ing form dropped: giv(e), chas(e), figur(e), mak(e), us(e), shar(e), typ(e)
  if (/(?:v|z|ur|[^aeiou][aiou]s|^us|[^aeiou]ak|[^aeiou]ar|[^aeiou]y[pt])$/.test(stem) && !/cus$/.test(stem))
    return `${stem}e`;
  return stem;
}

/** Rewrites a first-person English clause into third person about "User" (for readable content). */
export function toThirdPerson(clause: string): string {
  let t = clause.trim().replace(/[.!]+$/, '');
  t = t.replace(
    /^i\s+(am|have|was|do|will|would|can|should|must|might|may)\b/i,
    (_m, v: string) => `User ${thirdPerson(v)}`,
  );
  t = t.replace(/^i\s+([a-z]+)\b/i, (_m, v: string) => `User ${thirdPerson(v)}`);
  t = t
    .replace(/\bmy\b/gi, 'their')
    .replace(/\bme\b/gi, 'them')
    .replace(/\bmyself\b/gi, 'themselves')
    .replace(/\bI\b/g, 'they')
    .replace(/\bI'm\b/g, "they're");
  return t;
}
