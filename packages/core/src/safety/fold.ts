import confusables from 'unhomoglyph/data.json' with { type: 'json' };
import { simplifiedOf } from '../text/chinese-script';

/**
 * Folding for matching (never for storage): every spelling of a phrase that a model reads the same
 * way becomes one string. NFKC (full-width, ligatures, mathematical letters, circled letters),
 * combining marks removed, confusables folded to their Latin prototype (Unicode TR39 data), case
 * folded, Traditional Chinese folded to Simplified (OpenCC data), quotes and dashes unified, runs of
 * spaces collapsed.
 */
const NOT_LATIN_TARGET = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;
const COMBINING = /\p{M}+/gu;
const NON_ASCII = /[^\x00-\x7f]/u;

/**
 * Unicode's LATIN LETTER SMALL CAPITAL letters (IPA and Phonetic Extensions, Latin Extended-D), the
 * kra and the open e: read as their letter by people and models alike, yet TR39 maps few of them
 * (and maps Greek "κ", "ε" onto the kra and the open e).
 */
const SMALL_CAPITALS: Readonly<Record<string, string>> = {
  '\u1d00': 'a',
  '\u0299': 'b',
  '\u1d04': 'c',
  '\u1d05': 'd',
  '\u1d07': 'e',
  '\ua730': 'f',
  '\u0262': 'g',
  '\u029c': 'h',
  '\u026a': 'i',
  '\u1d0a': 'j',
  '\u1d0b': 'k',
  '\u029f': 'l',
  '\u1d0d': 'm',
  '\u0274': 'n',
  '\u1d0f': 'o',
  '\u1d18': 'p',
  '\ua7af': 'q',
  '\u0280': 'r',
  '\ua731': 's',
  '\u1d1b': 't',
  '\u1d1c': 'u',
  '\u1d20': 'v',
  '\u1d21': 'w',
  '\u028f': 'y',
  '\u1d22': 'z',
  '\u0138': 'k',
  '\u1d01': 'ae',
  '\u0276': 'oe',
  '\u025b': 'e',
  '\u03b5': 'e',
};

/** Non-ASCII code point → its ASCII TR39 prototype (lower-cased), for the characters that have one. */
const TO_LATIN: ReadonlyMap<string, string> = (() => {
  const map = new Map<string, string>();
  const table = confusables as Record<string, string>;
  for (const [from, to] of Object.entries(table)) {
    if (!NON_ASCII.test(from) || NOT_LATIN_TARGET.test(from) || [...from].length !== 1) continue;
    let target = to;
    // Prototypes can chain (a prototype that is itself listed): follow to the end; a prototype with a
    // mark ("η" → "n̩") or a small capital ("κ" → "ĸ") reads as its base letter.
    for (
      let i = 0;
      i < 3 && !/^[\x00-\x7f]+$/.test(target) && table[target] !== undefined && table[target] !== target;
      i++
    )
      target = table[target]!;
    target = [...target.normalize('NFD').replace(COMBINING, '')].map((c) => SMALL_CAPITALS[c] ?? c).join('');
    if (/^[\x21-\x7e]{1,3}$/.test(target)) map.set(from, target.toLowerCase());
  }
  for (const [from, to] of Object.entries(SMALL_CAPITALS)) if (!map.has(from)) map.set(from, to);
  // TR39 maps ASCII to ASCII too ("m" → "rn", "0" → "O"); those stay: ASCII is matched as written.
  return map;
})();

const PUNCTUATION: Record<string, string> = {
  '\u2018': "'",
  '\u2019': "'",
  '\u201a': "'",
  '\u201b': "'",
  '\u2032': "'",
  '\u0060': "'",
  '\u00b4': "'",
  '\u201c': '"',
  '\u201d': '"',
  '\u201e': '"',
  '\u00ab': '"',
  '\u00bb': '"',
  '\u300c': '"',
  '\u300d': '"',
  '\u300e': '"',
  '\u300f': '"',
  '\u2010': '-',
  '\u2011': '-',
  '\u2012': '-',
  '\u2013': '-',
  '\u2014': '-',
  '\u2015': '-',
  '\u2212': '-',
};

export type FoldChange = 'nfkc' | 'combining_marks' | 'traditional_chinese';

export interface Folded {
  text: string;
  /** Which foldings changed something (the obfuscations a match saw through). */
  changed: ReadonlySet<FoldChange>;
}

const MARK_ON_LETTER = /[\p{Script=Latin}\p{Script=Cyrillic}\p{Script=Greek}]\p{M}/u;

const PRINTABLE_ASCII = /^[\x20-\x7e\n\t\r]*$/;
const NONE: ReadonlySet<FoldChange> = new Set();

export function foldText(input: string): Folded {
  // Most memory text is plain ASCII: nothing to normalise but case and spaces.
  if (PRINTABLE_ASCII.test(input)) return { text: input.toLowerCase().replace(/[ \t]+/g, ' '), changed: NONE };
  const changed = new Set<FoldChange>();
  const nfkc = input.normalize('NFKC');
  if (nfkc !== input) changed.add('nfkc');
  const unmarked = nfkc.normalize('NFD').replace(COMBINING, '');
  // Precomposed accented letters are ordinary text; a mark typed as its own code point is not.
  if (MARK_ON_LETTER.test(input)) changed.add('combining_marks');
  let out = unmarked.normalize('NFC').replace(/[^\x00-\x7f]/gu, (ch) => {
    // TR39 prototypes follow case ("І" → "l" like "I" → "l"): fold case first, then look alike.
    const latin = TO_LATIN.get(ch.toLowerCase()) ?? TO_LATIN.get(ch);
    if (latin !== undefined) return latin;
    const simplified = simplifiedOf(ch);
    if (simplified !== undefined) {
      changed.add('traditional_chinese');
      return simplified;
    }
    return PUNCTUATION[ch] ?? ch;
  });
  out = out.toLowerCase().replace(/[ \t\u00a0\u1680\u2000-\u200a\u202f\u205f\u3000]+/g, ' ');
  return { text: out, changed };
}

const WORD = /[\p{L}\p{M}]+/gu;
const LATIN = /\p{Script=Latin}/u;
const CONFUSABLE_SCRIPT =
  /[\p{Script=Cyrillic}\p{Script=Greek}\p{Script=Armenian}\p{Script=Cherokee}\p{Script=Coptic}\p{Script=Georgian}]/u;

/**
 * TR39 mixed-script confusables: a word mixing Latin letters with look-alikes from another script,
 * or, in text that is otherwise Latin, a word spelled entirely in look-alikes of Latin letters.
 */
export function hasLatinLookalikes(text: string): boolean {
  const nfkc = text.normalize('NFKC');
  let latinWords = 0;
  let lookalikeWords = 0;
  for (const m of nfkc.matchAll(WORD)) {
    const w = m[0];
    const latin = LATIN.test(w);
    const other = CONFUSABLE_SCRIPT.test(w);
    if (latin && other && w.length > 1) return true;
    if (latin) latinWords++;
    else if (other && [...w.normalize('NFD').replace(COMBINING, '')].every((ch) => TO_LATIN.has(ch))) lookalikeWords++;
    if (latinWords > 0 && lookalikeWords > 0) return true;
  }
  return false;
}
