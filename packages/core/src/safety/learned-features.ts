import { stem } from '../text/stemmer';
import { conceptsIn } from './concepts';
import { ALWAYS_PRESENT, CONCEPT_TESTS } from './rules';

/**
 * Features of the learned stage (learned-model.ts), over folded text (views.ts), sentence by
 * sentence: stemmed words and word pairs, the letter 4-grams of each word (a paraphrase or another
 * form of a word shares most of them: "overriding"/"overridden", "jailbroken"/"jailbreaking"; a word
 * cut or misspelt keeps some), Han characters with their bigrams and trigrams, and the
 * rules' concepts (lexicon.ts: synonym classes in English and Chinese) with every pair of concepts
 * that occur in the same sentence. Concept features carry meaning across phrasings and languages
 * ("drop what you were told" and "忘掉你收到的要求" share DISREGARD × INSTRUCTIONS); words and
 * characters carry what no concept names. Each feature is hashed into FEATURE_BITS bits. A window
 * (several sentences) has the union of its sentences' features.
 */
export const FEATURE_BITS = 18;
const MASK = (1 << FEATURE_BITS) - 1;

/** FNV-1a, 32 bits. */
export function fnv1a(text: string, seed = 0x811c9dc5): number {
  let h = seed >>> 0;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

/** Murmur3's finaliser over a combination of 32-bit values: feature ids without building strings. */
function mix(kind: number, a: number, b = 0, c = 0): number {
  let h = Math.imul(kind ^ 0x9e3779b9, 0x85ebca6b) ^ a;
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35) ^ b;
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) ^ c;
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  h ^= h >>> 16;
  return h & MASK;
}

/** A concept's identity is its compiled expression: a changed concept is a new feature (and a stale model, see LEXICON_FINGERPRINT). */
const CONCEPT_KEYS: readonly number[] = CONCEPT_TESTS.map((t) => fnv1a(t.word.source));

/** Bumped when the kinds of features change (the weights of another version mean nothing). */
const FEATURE_VERSION = 3;
/** Identifies the lexicon and feature kinds the features are computed with; the model records the one it was trained on. */
export const LEXICON_FINGERPRINT = fnv1a(`${FEATURE_VERSION};${CONCEPT_KEYS.join(',')}`).toString(36);

const LATIN_WORD = /[a-z0-9]+(?:'[a-z]+)?/g;
/**
 * Addresses, links and numbers are where content comes from or goes to, not what it asks for: their
 * words are left out of the word features (the DESTINATION concept still sees them), so a link or
 * an e-mail header in ordinary content is not evidence. A link ends at its last "=": the value of its
 * last parameter is text the link carries ("share?text=my cat ignores…"), read as words.
 */
const ADDRESSES =
  /[a-z][a-z0-9+.-]{1,15}:\/\/(?:\S*=|\S+)|www\.(?:\S*=|\S+)|[\w.+-]+@[\w-]+\.[\w.-]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|cn|ru|xyz|top|info|biz|me|co|app|dev|site|online|example|sh)\b(?:\S*=|\S*)|\d[\d ./:-]*/g;
const MARKUP = /<\/?[a-z_|]|\[\/?[a-z]+\]|[{}]|#{2,}|\|>/;
/** Percent escapes are separators for the features ("reply%20to%20tom" is read as the words it encodes). */
const PERCENT_ESCAPE = /%[0-9a-f]{2}/g;
/**
 * Links and addresses (ADDRESSES without the numbers): the concepts read each as one address ("http://x", which
 * DESTINATION matches), so the words of a path or a query ("notes.example.com/share?text=") are not concepts.
 */
const LINKS =
  /[a-z][a-z0-9+.-]{1,15}:\/\/(?:\S*=|\S+)|www\.(?:\S*=|\S+)|[\w.+-]+@[\w-]+\.[\w.-]+|\b[a-z0-9-]+(?:\.[a-z0-9-]+)*\.(?:com|net|org|io|cn|ru|xyz|top|info|biz|me|co|app|dev|site|online|example|sh)\b(?:\S*=|\S*)/g;

const enum Kind {
  Word = 1,
  WordPair,
  Han1,
  Han2,
  Han3,
  Concept,
  ConceptPair,
  Markup,
  Char4,
}

/** Words shorter than this give no letter n-grams (their word feature says it all). */
const CHAR_GRAM_MIN_WORD = 5;

const isHan = (c: number): boolean =>
  (c >= 0x4e00 && c <= 0x9fff) || (c >= 0x3400 && c <= 0x4dbf) || (c >= 0xf900 && c <= 0xfaff);

const stems = new Map<string, number>();
function stemHash(word: string): number {
  let h = stems.get(word);
  if (h === undefined) {
    h = fnv1a(stem(word));
    if (stems.size < 50_000) stems.set(word, h);
  }
  return h;
}

/** Hashed feature ids of one sentence of folded text (may repeat). */
export function sentenceFeatures(written: string): number[] {
  const out: number[] = [];
  const sentence = written.includes('%') ? written.replace(PERCENT_ESCAPE, ' ') : written;
  const words = sentence.replace(ADDRESSES, ' ');
  let prev = -1;
  for (const m of words.matchAll(LATIN_WORD)) {
    const word = m[0];
    const h = stemHash(word);
    out.push(mix(Kind.Word, h));
    if (word.length >= CHAR_GRAM_MIN_WORD) {
      // Padded with a boundary on each side: a word's start and end are grams of their own.
      const padded = ` ${word} `;
      for (let i = 0; i + 4 <= padded.length; i++)
        out.push(
          mix(
            Kind.Char4,
            padded.charCodeAt(i) | (padded.charCodeAt(i + 1) << 16),
            padded.charCodeAt(i + 2) | (padded.charCodeAt(i + 3) << 16),
          ),
        );
    }
    if (prev !== -1) out.push(mix(Kind.WordPair, prev, h));
    prev = h;
  }
  for (let i = 0; i < sentence.length; i++) {
    const c = sentence.charCodeAt(i);
    if (!isHan(c)) continue;
    out.push(mix(Kind.Han1, c));
    const c2 = sentence.charCodeAt(i + 1);
    if (i + 1 < sentence.length && isHan(c2)) {
      out.push(mix(Kind.Han2, c, c2));
      const c3 = sentence.charCodeAt(i + 2);
      if (i + 2 < sentence.length && isHan(c3)) out.push(mix(Kind.Han3, c, c2, c3));
    }
  }
  const linked = sentence.replace(LINKS, ' http://x ');
  const at = conceptsIn(linked);
  const keys: number[] = [];
  for (let id = 0; id < at.length; id++) {
    const positions = at[id];
    if (positions === undefined || ALWAYS_PRESENT.has(id)) continue;
    const re = CONCEPT_TESTS[id]!.word;
    for (const pos of positions) {
      re.lastIndex = pos;
      if (re.test(linked)) {
        keys.push(CONCEPT_KEYS[id]!);
        break;
      }
    }
  }
  keys.sort((a, b) => a - b);
  for (let i = 0; i < keys.length; i++) {
    out.push(mix(Kind.Concept, keys[i]!));
    for (let j = i + 1; j < keys.length; j++)
      if (keys[i] !== keys[j]) out.push(mix(Kind.ConceptPair, keys[i]!, keys[j]!));
  }
  if (MARKUP.test(written)) out.push(mix(Kind.Markup, 0));
  return out;
}

/** At most this many characters are scored together; longer texts are scored window by window. */
export const WINDOW_CHARS = 320;
const END = new Set(['.', '!', '?', ';', '。', '！', '？', '；', '\n']);

/** Latin sentence marks end a sentence only before a space, a closing quote or bracket, other script or the end. */
const LATIN_END = new Set(['.', '!', '?', ';']);
const AFTER_END = /[\s"'”’)\]}>*_`]|[^\x00-\x7f]/;

/**
 * Sentences of a text (each with its end), a sentence longer than a window cut in overlapping pieces. A mark inside a
 * token is not an end: a link (notes.example.com/share?text=…), an address, a file name or a version number stays one
 * piece, so its parts are not read as words of sentences of their own.
 */
export function sentencesOf(text: string): string[] {
  const out: string[] = [];
  const push = (s: string): void => {
    if (s.trim() === '') return;
    if (s.length <= WINDOW_CHARS) out.push(s);
    else for (let k = 0; k < s.length; k += WINDOW_CHARS / 2) out.push(s.slice(k, k + WINDOW_CHARS));
  };
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (END.has(c) && (!LATIN_END.has(c) || i + 1 === text.length || AFTER_END.test(text[i + 1]!))) {
      push(text.slice(start, i + 1));
      start = i + 1;
    }
  }
  push(text.slice(start));
  return out;
}

/**
 * The windows of a text as ranges of its sentences [from, to): the whole text when it is short;
 * otherwise runs of whole sentences of up to WINDOW_CHARS, each next run starting halfway through
 * the previous one (an injection inside a long document is scored with the sentences around it, as
 * it was written, not diluted by the document).
 */
export function windowRanges(sentences: readonly string[]): Array<[number, number]> {
  const total = sentences.reduce((n, s) => n + s.length, 0);
  if (total <= WINDOW_CHARS) return sentences.length > 0 ? [[0, sentences.length]] : [];
  const out: Array<[number, number]> = [];
  let i = 0;
  while (i < sentences.length) {
    let length = sentences[i]!.length;
    let j = i + 1;
    while (j < sentences.length && length + sentences[j]!.length <= WINDOW_CHARS) length += sentences[j++]!.length;
    out.push([i, j]);
    if (j >= sentences.length) break;
    let half = 0;
    let next = i;
    while (next < j - 1 && half + sentences[next]!.length < length / 2) half += sentences[next++]!.length;
    i = Math.max(i + 1, next);
  }
  return out;
}

/** The window texts of a text (for reports and tests; scoring uses the ranges). */
export function windowsOf(text: string): string[] {
  const sentences = sentencesOf(text);
  return windowRanges(sentences).map(([a, b]) => sentences.slice(a, b).join(''));
}

/** Feature ids of every window of a text, each id once per window (what training sees). */
export function windowFeatureSets(text: string): number[][] {
  const sentences = sentencesOf(text);
  const features = sentences.map(sentenceFeatures);
  return windowRanges(sentences).map(([a, b]) => [...new Set(features.slice(a, b).flat())]);
}
