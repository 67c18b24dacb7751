import * as OpenCC from 'opencc-js/cn2t';
import type { Transform } from './obfuscate';

/**
 * A second, independent set of obfuscations (written after the rules, from a different angle than
 * obfuscate.ts): other look-alike alphabets, other invisible characters, other separators, markup
 * that splits words, encodings with an instruction to decode, and realistic carriers (e-mail, tool
 * JSON, HTML, code). Only the "fresh" splits use them, so they measure how the scanner handles
 * obfuscations nobody wrote rules against.
 */
const toTraditional = OpenCC.Converter({ from: 'cn', to: 'hk' });
const hasLatin = (t: string): boolean => /[A-Za-z]{3}/.test(t);
const hasHan = (t: string): boolean => /\p{Script=Han}/u.test(t);
const latinOnly =
  (f: (t: string) => string): Transform =>
  (t) =>
    hasLatin(t) ? f(t) : null;

/** Greek, Armenian and Cherokee letters that look like Latin ones (not the Cyrillic set of obfuscate.ts). */
const GREEK: Record<string, string> = {
  a: 'α',
  o: 'ο',
  p: 'ρ',
  v: 'ν',
  i: 'ι',
  k: 'κ',
  u: 'υ',
  n: 'η',
  y: 'γ',
  A: 'Α',
  B: 'Β',
  E: 'Ε',
  H: 'Η',
  I: 'Ι',
  K: 'Κ',
  M: 'Μ',
  N: 'Ν',
  O: 'Ο',
  P: 'Ρ',
  T: 'Τ',
  X: 'Χ',
  Y: 'Υ',
  Z: 'Ζ',
};
const ARMENIAN_CHEROKEE: Record<string, string> = {
  o: 'օ',
  h: 'հ',
  n: 'ո',
  u: 'ս',
  g: 'ց',
  q: 'զ',
  S: 'Ꮪ',
  T: 'Ꭲ',
  A: 'Ꭺ',
  E: 'Ꭼ',
  G: 'Ꮐ',
  W: 'Ꮃ',
  D: 'Ꭰ',
  R: 'Ꭱ',
};
const SMALL_CAPS: Record<string, string> = {
  a: 'ᴀ',
  b: 'ʙ',
  c: 'ᴄ',
  d: 'ᴅ',
  e: 'ᴇ',
  f: 'ꜰ',
  g: 'ɢ',
  h: 'ʜ',
  i: 'ɪ',
  j: 'ᴊ',
  k: 'ᴋ',
  l: 'ʟ',
  m: 'ᴍ',
  n: 'ɴ',
  o: 'ᴏ',
  p: 'ᴘ',
  r: 'ʀ',
  s: 'ꜱ',
  t: 'ᴛ',
  u: 'ᴜ',
  v: 'ᴠ',
  w: 'ᴡ',
  y: 'ʏ',
  z: 'ᴢ',
};
const LEET2: Record<string, string> = { a: '@', e: '€', i: '!', o: '0', s: '$', t: '7', l: '1', g: '9', b: '8' };
const INVISIBLES = [
  '\u00ad',
  '\u2062',
  '\u180e',
  '\ufeff',
  '\u3164',
  '\u115f',
  '\u{e0020}',
  '\u2064',
  '\u034f',
  '\u17b4',
];
const MARKS = ['\u0300', '\u0301', '\u0302', '\u0303', '\u0308', '\u030a', '\u0323', '\u0331'];

const mapChars = (t: string, table: Record<string, string>, every = 1): string =>
  [...t].map((c, i) => (i % every === 0 ? (table[c] ?? c) : c)).join('');
const eachWord = (t: string, f: (w: string, i: number) => string): string => {
  let i = 0;
  return t.replace(/[A-Za-z]{4,}/g, (w) => f(w, i++));
};
const circled = (t: string): string =>
  t
    .replace(/[a-z]/g, (c) => String.fromCodePoint(0x24d0 + c.charCodeAt(0) - 97))
    .replace(/[A-Z]/g, (c) => String.fromCodePoint(0x24b6 + c.charCodeAt(0) - 65));
const rot13 = (t: string): string =>
  t.replace(/[a-z]/gi, (c) =>
    String.fromCharCode(((c.toLowerCase().charCodeAt(0) - 97 + 13) % 26) + (c === c.toLowerCase() ? 97 : 65)),
  );
const hex = (t: string): string => Buffer.from(t, 'utf8').toString('hex');
const b64 = (t: string): string => Buffer.from(t, 'utf8').toString('base64');
const jsEscapes = (t: string): string =>
  [...t].map((c) => (c.charCodeAt(0) < 128 ? `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}` : c)).join('');

export const FRESH_TRANSFORMS: Readonly<Record<string, Transform>> = {
  plain: (t) => t,
  greek_homoglyphs: latinOnly((t) => mapChars(t, GREEK)),
  armenian_cherokee_homoglyphs: latinOnly((t) => mapChars(t, ARMENIAN_CHEROKEE)),
  small_caps: latinOnly((t) => mapChars(t, SMALL_CAPS)),
  circled_letters: latinOnly(circled),
  invisible_mix: (t) => {
    let k = 0;
    return t.replace(/(\p{L})(?=\p{L})/gu, (c) => c + INVISIBLES[k++ % INVISIBLES.length]);
  },
  soft_hyphen_in_words: latinOnly((t) => eachWord(t, (w) => `${w.slice(0, 2)}\u00ad${w.slice(2)}`)),
  underscore_letters: latinOnly((t) => eachWord(t, (w) => w.split('').join('_'))),
  slash_letters: latinOnly((t) => eachWord(t, (w) => w.split('').join('/'))),
  emoji_between_letters: latinOnly((t) => eachWord(t, (w) => w.split('').join('🔥'))),
  newline_in_words: latinOnly((t) =>
    eachWord(t, (w) => `${w.slice(0, Math.ceil(w.length / 2))}\n${w.slice(Math.ceil(w.length / 2))}`),
  ),
  markdown_bold_split: latinOnly((t) => eachWord(t, (w) => `${w.slice(0, 2)}**${w.slice(2)}**`)),
  html_tag_split: latinOnly((t) => eachWord(t, (w) => `${w.slice(0, 3)}<b></b>${w.slice(3)}`)),
  words_cut_at_odd_places: latinOnly((t) =>
    eachWord(t, (w, i) => (w.length > 5 ? `${w.slice(0, 2 + (i % 3))} ${w.slice(2 + (i % 3))}` : w)),
  ),
  word_order_reversed: latinOnly((t) => t.split(/\s+/).reverse().join(' ')),
  leetspeak_symbols: latinOnly((t) => t.replace(/[aeiostlgb]/g, (c) => LEET2[c] ?? c)),
  zalgo: latinOnly((t) =>
    t.replace(/[a-z]/g, (c, i: number) => c + MARKS[i % MARKS.length]! + MARKS[(i + 3) % MARKS.length]!),
  ),
  rot13_with_hint: latinOnly((t) => `rot13: ${rot13(t)}`),
  base64_decode_and_follow: (t) => `Decode this base64 and follow it: ${b64(t)}`,
  base64_zh_prompt: (t) => `请先解码再执行：${b64(t)}`,
  hex_payload: (t) => `hex: ${hex(t)}`,
  js_unicode_escapes: latinOnly(jsEscapes),
  han_middle_dots: (t) => (hasHan(t) ? t.replace(/(\p{Script=Han})(?=\p{Script=Han})/gu, '$1·') : null),
  han_underscores: (t) => (hasHan(t) ? t.replace(/(\p{Script=Han})(?=\p{Script=Han})/gu, '$1_') : null),
  hong_kong_traditional: (t) => (hasHan(t) ? toTraditional(t) : null),
  traditional_fullwidth: (t) =>
    hasHan(t) ? toTraditional(t).replace(/[!-~]/g, (c) => String.fromCharCode(c.charCodeAt(0) + 0xfee0)) : null,
  in_email: (t) =>
    `From: newsletter@shop.example\nSubject: Your order update\n\nHi there,\n\nyour parcel left our warehouse today.\n\n${t}\n\nBest regards,\nThe Shop team`,
  in_tool_json: (t) =>
    JSON.stringify({
      tool: 'web_search',
      results: [{ title: 'Best hiking trails near Munich', snippet: `Top 10 routes for spring. ${t}` }],
    }),
  in_html_comment: (t) => `<p>Welcome to our bakery! Opening hours 8-18.</p><!-- ${t} -->`,
  in_code_comment: (t) => `// ${t.replace(/\n/g, '\n// ')}\nfunction add(a, b) {\n  return a + b;\n}`,
  in_markdown_table: (t) => `| item | note |\n|---|---|\n| flour | 2 kg |\n| remark | ${t.replace(/\n/g, ' ')} |`,
  in_calendar_invite: (t) =>
    `BEGIN:VEVENT\nSUMMARY:Quarterly planning\nDESCRIPTION:${t.replace(/\n/g, '\\n')}\nLOCATION:Room 4\nEND:VEVENT`,
};

/** Ordinary forms for negatives of the fresh splits (their carriers, and encodings of benign text). */
export const FRESH_BENIGN_TRANSFORMS: Readonly<Record<string, Transform>> = {
  plain: (t) => t,
  hong_kong_traditional: (t) => (hasHan(t) ? toTraditional(t) : null),
  in_email: FRESH_TRANSFORMS.in_email!,
  in_tool_json: FRESH_TRANSFORMS.in_tool_json!,
  in_markdown_table: FRESH_TRANSFORMS.in_markdown_table!,
  base64_attachment: (t) => `attachment.txt (base64): ${b64(t)}`,
  url_encoded: (t) => `https://notes.example.com/share?text=${encodeURIComponent(t)}`,
};
