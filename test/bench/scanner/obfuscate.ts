import * as OpenCC from 'opencc-js/cn2t';

/**
 * The obfuscations an attacker applies to a phrasing, as text transforms. The bench applies each to
 * every base text of a corpus, so every intent is measured under every obfuscation.
 */
export type Transform = (text: string) => string | null;

const HOMOGLYPHS: Record<string, string> = {
  a: 'а',
  c: 'с',
  e: 'е',
  i: 'і',
  o: 'о',
  p: 'р',
  s: 'ѕ',
  x: 'х',
  y: 'у',
  j: 'ј',
  A: 'А',
  B: 'В',
  C: 'С',
  E: 'Е',
  H: 'Н',
  I: 'І',
  K: 'К',
  M: 'М',
  O: 'О',
  P: 'Р',
  T: 'Т',
  X: 'Х',
};
const LEET: Record<string, string> = { a: '4', e: '3', i: '1', o: '0', s: '5', t: '7' };
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'tw' });
const hasLatin = (t: string): boolean => /[A-Za-z]{3}/.test(t);
const hasHan = (t: string): boolean => /\p{Script=Han}/u.test(t);

const mapLetters = (t: string, f: (ch: string, i: number) => string): string => [...t].map(f).join('');
const utf8Base64 = (t: string): string => Buffer.from(t, 'utf8').toString('base64');
const rot13 = (t: string): string =>
  t.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65)),
  );
const tags = (t: string): string =>
  [...t].map((c) => (c.charCodeAt(0) < 0x7f ? String.fromCodePoint(0xe0000 + c.charCodeAt(0)) : c)).join('');
const fullwidth = (t: string): string => t.replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0));
const mathBold = (t: string): string =>
  t
    .replace(/[a-z]/g, (c) => String.fromCodePoint(0x1d41a + c.charCodeAt(0) - 97))
    .replace(/[A-Z]/g, (c) => String.fromCodePoint(0x1d400 + c.charCodeAt(0) - 65));

export const TRANSFORMS: Readonly<Record<string, Transform>> = {
  plain: (t) => t,
  homoglyph: (t) => (hasLatin(t) ? mapLetters(t, (c, i) => (i % 2 === 0 ? (HOMOGLYPHS[c] ?? c) : c)) : null),
  homoglyph_all: (t) => (hasLatin(t) ? mapLetters(t, (c) => HOMOGLYPHS[c] ?? c) : null),
  zero_width: (t) => t.replace(/(\p{L})(\p{L})/gu, '$1\u200b$2'),
  zero_width_joiner: (t) => t.replace(/(\p{L})(?=\p{L})/u, '$1\u2060'),
  bidi_override: (t) => `\u202e${[...t].reverse().join('')}\u202c`,
  tag_characters: (t) => (hasLatin(t) ? `Have a nice day.${tags(t)}` : null),
  arabic_letter_mark: (t) => t.replace(' ', ' \u061c'),
  variation_selectors: (t) =>
    `😀${[...new TextEncoder().encode(t)].map((b) => String.fromCodePoint(b < 16 ? 0xfe00 + b : 0xe0100 + b - 16)).join('')}`,
  spaced_letters: (t) =>
    hasLatin(t) ? t.replace(/[A-Za-z]+/g, (w) => w.split('').join(' ')).replace(/ (?=[A-Za-z] [A-Za-z])/g, ' ') : null,
  dotted_letters: (t) => (hasLatin(t) ? t.replace(/[A-Za-z]{2,}/g, (w) => w.split('').join('.')) : null),
  spaced_han: (t) => (hasHan(t) ? t.replace(/(\p{Script=Han})(?=\p{Script=Han})/gu, '$1 ') : null),
  split_words: (t) => (hasLatin(t) ? t.replace(/[A-Za-z]{6,}/g, (w) => `${w.slice(0, 3)} ${w.slice(3)}`) : null),
  leetspeak: (t) => (hasLatin(t) ? t.replace(/[aeiost]/g, (c) => LEET[c] ?? c) : null),
  mixed_case: (t) => (hasLatin(t) ? mapLetters(t, (c, i) => (i % 2 ? c.toUpperCase() : c.toLowerCase())) : null),
  combining_marks: (t) => (hasLatin(t) ? t.replace(/([a-z])([a-z]{2})/g, '$1\u0301$2') : null),
  fullwidth: (t) => fullwidth(t),
  math_letters: (t) => (hasLatin(t) ? mathBold(t) : null),
  traditional_chinese: (t) => (hasHan(t) ? toTraditional(t) : null),
  base64: (t) => `Reference: ${utf8Base64(t)}`,
  rot13: (t) => (hasLatin(t) ? rot13(t) : null),
  reversed: (t) => (hasLatin(t) ? [...t].reverse().join('') : null),
  url_encoding: (t) => encodeURIComponent(t),
  html_entities: (t) => [...t].map((c) => `&#${c.codePointAt(0)};`).join(''),
  embedded_in_document: (t) =>
    `Quarterly results were strong and the team shipped two releases. ${t} Revenue grew 12% year over year.`,
};

/** What a benign text may legitimately look like (ordinary writing conventions, not obfuscation). */
export const BENIGN_TRANSFORMS: Readonly<Record<string, Transform>> = {
  plain: (t) => t,
  traditional_chinese: (t) => (hasHan(t) ? toTraditional(t) : null),
  fullwidth_punctuation: (t) => t.replace(/[,:;!?]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)),
  with_emoji: (t) => `${t} 👍🏽❤️👨‍👩‍👧`,
  in_document: (t) => `Meeting notes, 3 March. ${t} Next steps are in the tracker.`,
};
