/// <reference path="./opencc-dicts.d.ts" />
import ST_CHARACTERS from 'opencc-js/dict/STCharacters';
import TS_CHARACTERS from 'opencc-js/dict/TSCharacters';

/**
 * Traditional ↔ Simplified Chinese, one character for one character (OpenCC's character tables),
 * so a folded text keeps every index of the original: rules can match on the folded form and cut
 * values from the text as the user wrote it. Phrase-level differences (軟體/软件) are left alone.
 */
const entries = (table: string) => table.split('|').map((e) => e.split(' ') as [string, ...string[]]);

const SIMPLIFIED_WITH_TRADITIONAL = new Map(entries(ST_CHARACTERS).map(([s, ...t]) => [s, t]));

/** Traditional-only characters → their Simplified form; a character that is also Simplified is left out. */
const TO_SIMPLIFIED = new Map<string, string>();
for (const [t, s] of entries(TS_CHARACTERS)) {
  if (s === undefined || [...t].length !== 1 || [...s].length !== 1) continue;
  if (SIMPLIFIED_WITH_TRADITIONAL.has(t) && s !== t) continue;
  TO_SIMPLIFIED.set(t, s);
}

const HAN = /[\u3400-\u9FFF\uF900-\uFAFF]/u;

/** The Simplified form of a Traditional-only character, or undefined. */
export function simplifiedOf(ch: string): string | undefined {
  return TO_SIMPLIFIED.get(ch);
}

/** The text with every Traditional-only character replaced by its Simplified form (same length). */
export function foldChinese(text: string): string {
  if (!HAN.test(text)) return text;
  let out = '';
  for (const ch of text) out += TO_SIMPLIFIED.get(ch) ?? ch;
  return out;
}

/** Whether a Chinese text is written in Traditional characters (more Traditional-only than Simplified-only ones). */
export function isTraditionalChinese(text: string): boolean {
  let traditional = 0;
  let simplified = 0;
  for (const ch of text) {
    if (TO_SIMPLIFIED.has(ch)) traditional++;
    else if (SIMPLIFIED_WITH_TRADITIONAL.get(ch)?.some((t) => t !== ch)) simplified++;
  }
  return traditional > simplified;
}

/** Simplified text in Traditional characters (each character's usual form), e.g. for a fact's template words. */
export function toTraditionalChinese(text: string): string {
  if (!HAN.test(text)) return text;
  let out = '';
  for (const ch of text) out += SIMPLIFIED_WITH_TRADITIONAL.get(ch)?.[0] ?? ch;
  return out;
}
