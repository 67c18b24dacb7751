/**
 * P2 zero tolerance: characters that render as nothing (or move text) while a model still reads
 * them. The set is Unicode's own, by property, not a hand list: every default-ignorable code point
 * (zero-width characters, joiners, word joiner, BOM, soft hyphen, Hangul fillers, variation
 * selectors, the tag block U+E0000–E0FFF), every format character (Cf: bidi embeddings, overrides,
 * isolates and marks including U+061C, interlinear annotation, invisible operators), every control
 * (Cc: NUL, C0 and C1) except tab, newline and a carriage return that ends a line, line and
 * paragraph separators (Zl, Zp), lone surrogates and noncharacters.
 *
 * Exempt only where Unicode itself gives such a character a visible job, so ordinary text is not
 * refused: inside a recommended emoji sequence (ZWJ families, tag-sequence flags, keycaps,
 * presentation selectors: `\p{RGI_Emoji}`), one variation selector after a visible non-ASCII base
 * (ideographic variation sequences only after an ideograph), and ZWNJ/ZWJ between letters of the
 * scripts that need them for shaping (Persian, Arabic, Indic, …; UAX #31 §2.3).
 */
const CANDIDATE = /[\p{Default_Ignorable_Code_Point}\p{Cc}\p{Cf}\p{Zl}\p{Zp}\p{Cs}\p{Noncharacter_Code_Point}]/gu;
// The v flag (string properties) is in Node 20; the compile target predates it.
const RGI_EMOJI = new RegExp('\\p{RGI_Emoji}', 'gv');
const JOINER_SCRIPT =
  /[\p{Script_Extensions=Arabic}\p{Script_Extensions=Syriac}\p{Script_Extensions=Nko}\p{Script_Extensions=Mongolian}\p{Script_Extensions=Devanagari}\p{Script_Extensions=Bengali}\p{Script_Extensions=Gurmukhi}\p{Script_Extensions=Gujarati}\p{Script_Extensions=Oriya}\p{Script_Extensions=Tamil}\p{Script_Extensions=Telugu}\p{Script_Extensions=Kannada}\p{Script_Extensions=Malayalam}\p{Script_Extensions=Sinhala}\p{Script_Extensions=Khmer}\p{Script_Extensions=Myanmar}]/u;
const VISIBLE_BASE = /[\p{L}\p{N}\p{S}\p{P}\p{M}]/u;
const IDEOGRAPH = /\p{Ideographic}/u;
const EMOJI = /\p{Emoji}/u;

export interface HiddenCharacter {
  codePoint: number;
  /** UTF-16 offset in the scanned text. */
  index: number;
  /** "U+200B" */
  label: string;
}

const label = (cp: number): string => `U+${cp.toString(16).toUpperCase().padStart(4, '0')}`;
const isVariationSelector = (cp: number): boolean =>
  (cp >= 0xfe00 && cp <= 0xfe0f) || (cp >= 0xe0100 && cp <= 0xe01ef) || (cp >= 0x180b && cp <= 0x180d) || cp === 0x180f;

function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) return undefined;
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) return text.codePointAt(index - 2);
  }
  return low;
}

function allowedInContext(text: string, cp: number, index: number, width: number): boolean {
  if (cp === 0x0d) return text.charCodeAt(index + 1) === 0x0a;
  if (cp === 0x09 || cp === 0x0a) return true;
  const prev = codePointBefore(text, index);
  const next = text.codePointAt(index + width);
  if (isVariationSelector(cp)) {
    if (prev === undefined || (prev < 0x80 && !(cp === 0xfe0e || cp === 0xfe0f))) return false;
    const p = String.fromCodePoint(prev);
    if (isVariationSelector(prev) || !VISIBLE_BASE.test(p)) return false;
    if (next !== undefined && isVariationSelector(next)) return false;
    if (cp >= 0xe0100) return IDEOGRAPH.test(p);
    if (cp === 0xfe0e || cp === 0xfe0f) return EMOJI.test(p) || prev >= 0x80;
    return true;
  }
  if (cp === 0x200c || cp === 0x200d) {
    if (prev === undefined || next === undefined) return false;
    return JOINER_SCRIPT.test(String.fromCodePoint(prev)) && JOINER_SCRIPT.test(String.fromCodePoint(next));
  }
  return false;
}

/** Spans [start, end) of recommended emoji sequences, which may contain joiners, selectors and tags. */
function emojiSpans(text: string): Array<[number, number]> {
  const spans: Array<[number, number]> = [];
  for (const m of text.matchAll(RGI_EMOJI)) if (m[0].length > 2) spans.push([m.index, m.index + m[0].length]);
  return spans;
}

/** The first zero-tolerance character, or null. */
export function findHiddenCharacter(text: string): HiddenCharacter | null {
  CANDIDATE.lastIndex = 0;
  let spans: Array<[number, number]> | null = null;
  for (let m = CANDIDATE.exec(text); m; m = CANDIDATE.exec(text)) {
    const cp = m[0].codePointAt(0)!;
    if (allowedInContext(text, cp, m.index, m[0].length)) continue;
    spans ??= emojiSpans(text);
    if (spans.some(([s, e]) => m!.index >= s && m!.index < e)) continue;
    return { codePoint: cp, index: m.index, label: label(cp) };
  }
  return null;
}

/** Removes the exempt invisible characters (emoji joiners, selectors, shaping joiners) for matching. */
export function stripPresentationCharacters(text: string): string {
  return text.replace(/[\u200c\u200d\ufe00-\ufe0f\u{e0000}-\u{e0fff}\u180b-\u180f]/gu, '');
}
