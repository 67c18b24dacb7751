import { foldText, hasLatinLookalikes, type FoldChange } from './fold';
import { reversedSpans, rot13Spans } from './scrambled-spans';
import { isVocabularyWord, rejoinFragments, segmentLetters } from './segment';

/** How a matching view was derived from the written text (the obfuscation a rule saw through). */
export type Obfuscation =
  | FoldChange
  | 'homoglyph'
  | 'spaced_letters'
  | 'split_words'
  | 'leetspeak'
  | 'rot13'
  | 'reversed'
  | 'word_order_reversed'
  | 'base64'
  | 'base32'
  | 'hex'
  | 'binary'
  | 'url_encoding'
  | 'html_entities'
  | 'unicode_escapes';

export interface MatchView {
  text: string;
  via: readonly Obfuscation[];
  /** Letters with the spaces between them removed: rules run without word boundaries. */
  compact: boolean;
}

const MAX_DECODED = 8;
const MAX_DECODED_CHARS = 4000;
const MAX_DEPTH = 2;

// Single letters sharing one separator: two or more with a mark ("n.o", "a-l-l"), three or more
// with spaces ("i g n"; then word boundaries are lost and the letters are re-segmented).
const MARK_SPACED = /(?<![a-z0-9])[a-z0-9]([^a-z0-9\s\p{L}]{1,3})(?:[a-z0-9]\1)*[a-z0-9](?![a-z0-9])/gu;
const SPACE_SPACED = /(?<![a-z0-9])[a-z0-9]( {1,3})(?:[a-z0-9]\1)+[a-z0-9](?![a-z0-9])/gu;
const SPACED_HAN = /\p{Script=Han}([^\p{L}\p{N}\s]{1,3})(?:\p{Script=Han}\1)+\p{Script=Han}/gu;
// Chinese is written without spaces: any spaces between two Han characters are padding.
const HAN_SPACES = /(\p{Script=Han})[ \t]+(?=\p{Script=Han})/gu;
const LEET_TOKEN = /[a-z][0-9@$|!+€£§¡¥]|[0-9@$|!+€£§¡¥][a-z]/;
// Markup that cuts a word in two for the eye of a model but not of a reader: "ig<b></b>nore", "ig**nore**".
const IN_WORD_MARKUP =
  /(?<=[\p{L}\p{N}])(?:<\/?[a-z][a-z0-9]*(?:\s[^<>]{0,60})?\/?>|\*{1,3}|_{1,3}|~~|`|\|\|)+(?=[\p{L}\p{N}])/gu;
const WORD_END_MARKUP = /(?<=[\p{L}\p{N}])(?:\*{1,3}|~~|`|<\/[a-z][a-z0-9]*>)(?=[\s.,;:!?)'"]|$)/gu;

/** Collapses runs of single letters (or Han characters) that share one separator: "i g n o r e", "忽.略". */
function despace(text: string): { text: string; blobs: string[] } | null {
  const blobs: string[] = [];
  let changed = false;
  const collapse = (run: string, sep: string): string => {
    changed = true;
    const joined = run.split(sep).join('');
    blobs.push(joined);
    return joined;
  };
  let out = text.replace(MARK_SPACED, (run, sep: string) => collapse(run, sep));
  out = out.replace(SPACE_SPACED, (run, sep: string) => {
    const letters = collapse(run, sep);
    return letters.length >= 8 ? segmentLetters(letters) : letters;
  });
  out = out.replace(SPACED_HAN, (run, sep: string) => collapse(run, sep));
  out = out.replace(HAN_SPACES, (_m, han: string) => {
    changed = true;
    return han;
  });
  return changed ? { text: out, blobs } : null;
}

const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '8': 'b',
  '9': 'g',
  '@': 'a',
  $: 's',
  '|': 'l',
  '!': 'i',
  '+': 't',
  '€': 'e',
  '£': 'l',
  '§': 's',
  '¡': 'i',
  '¥': 'y',
};
const LEET_WORD = /[a-z0-9@$|!+€£§¡¥]+/g;
const LEET_CHAR = /[0-9@$|!+€£§¡¥]/g;

/** Undoes leetspeak in words that mix letters and digits, and in short all-digit words ("70" → "to") around them. */
function unleet(text: string, one: 'i' | 'l'): string {
  return text.replace(LEET_WORD, (tok) =>
    LEET_TOKEN.test(tok) || /^[0-9@$|!+€£§¡¥]{1,4}$/.test(tok)
      ? tok.replace(LEET_CHAR, (c) => (c === '1' ? one : (LEET[c] ?? c)))
      : tok,
  );
}

/** Words that leetspeak hid: digits in them, a vocabulary word once undone. */
function leetWords(base: string, unleeted: string): number {
  const before = base.match(LEET_WORD) ?? [];
  const after = unleeted.match(LEET_WORD) ?? [];
  let n = 0;
  for (let i = 0; i < Math.min(before.length, after.length); i++)
    if (before[i] !== after[i] && after[i]!.length >= 3 && isVocabularyWord(after[i]!)) n++;
  return n;
}

function rot13(text: string): string {
  return text.replace(/[a-z]/g, (c) => String.fromCharCode(((c.charCodeAt(0) - 97 + 13) % 26) + 97));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

function bytesToText(bytes: Uint8Array): string | null {
  try {
    const s = utf8.decode(bytes);
    const printable = s.match(/[\p{L}\p{N}\p{P}\p{S}\p{Zs}\n\t]/gu)?.length ?? 0;
    return [...s].length >= 4 && printable / [...s].length >= 0.85 && /\p{L}{2}/u.test(s) ? s : null;
  } catch {
    return null;
  }
}

function fromBase64(blob: string): string | null {
  const b64 = blob.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '');
  if (b64.length % 4 === 1) return null;
  try {
    const bin = atob(b64 + '='.repeat((4 - (b64.length % 4)) % 4));
    return bytesToText(Uint8Array.from(bin, (c) => c.charCodeAt(0)));
  } catch {
    return null;
  }
}

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

/** RFC 4648 base32 (one case throughout, as encoders write it; padding optional). */
function fromBase32(blob: string): string | null {
  const b32 = blob.toUpperCase().replace(/=+$/, '');
  // Lengths a base32 encoder never ends on (1, 3 or 6 symbols past a whole 8).
  if ([1, 3, 6].includes(b32.length % 8)) return null;
  const bytes: number[] = [];
  let value = 0;
  let bits = 0;
  for (const c of b32) {
    value = ((value << 5) | BASE32.indexOf(c)) & 0xffff;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return bytesToText(Uint8Array.from(bytes));
}

function fromHex(blob: string): string | null {
  const hex = blob.replace(/\\x|0x|[\s:,-]/gi, '');
  if (hex.length % 2 !== 0 || !/^[0-9a-f]+$/i.test(hex)) return null;
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytesToText(bytes);
}

function fromBinary(blob: string): string | null {
  const bits = blob.split(/\s+/).filter(Boolean);
  if (bits.some((b) => b.length !== 8)) return null;
  return bytesToText(Uint8Array.from(bits, (b) => parseInt(b, 2)));
}

function decodeRuns(text: string, re: RegExp, decode: (run: string) => string): string | null {
  let changed = false;
  const out = text.replace(re, (run) => {
    try {
      const d = decode(run);
      if (d !== run) changed = true;
      return d;
    } catch {
      return run;
    }
  });
  return changed ? out : null;
}

/** Payloads hidden in an encoding that a model decodes on request. */
function decodedPayloads(raw: string): Array<{ text: string; via: Obfuscation }> {
  const out: Array<{ text: string; via: Obfuscation }> = [];
  const push = (text: string | null, via: Obfuscation): void => {
    if (text !== null && out.length < MAX_DECODED) out.push({ text: text.slice(0, MAX_DECODED_CHARS), via });
  };
  for (const m of raw.matchAll(/[A-Za-z0-9+/_-]{12,}={0,2}/g))
    if (/[A-Z]/.test(m[0]) || /[0-9+/=]/.test(m[0])) push(fromBase64(m[0]), 'base64');
  // Base32 is base64's alphabet too, but its bytes decode as base64 to nothing readable.
  for (const m of raw.matchAll(/(?<![A-Za-z0-9+/])(?:[A-Z2-7]{16,}|[a-z2-7]*[2-7][a-z2-7]*)={0,6}(?![A-Za-z0-9+/])/g))
    if (m[0].replace(/=+$/, '').length >= 16) push(fromBase32(m[0]), 'base32');
  for (const m of raw.matchAll(/(?:(?:\\x|0x)?[0-9a-fA-F]{2}[\s:,-]?){8,}/g)) push(fromHex(m[0].trim()), 'hex');
  for (const m of raw.matchAll(/(?:[01]{8}\s*){4,}/g)) push(fromBinary(m[0].trim()), 'binary');
  if (/(?:%[0-9a-f]{2}.*){3,}/i.test(raw))
    push(decodeRuns(raw, /(?:%[0-9a-f]{2})+/gi, decodeURIComponent), 'url_encoding');
  if (/(?:&#x?[0-9a-f]+;.*){3,}/i.test(raw)) {
    push(
      decodeRuns(raw, /&#(x[0-9a-f]+|\d+);/gi, (e) =>
        String.fromCodePoint(
          e[2] === 'x' || e[2] === 'X' ? parseInt(e.slice(3, -1), 16) : parseInt(e.slice(2, -1), 10),
        ),
      ),
      'html_entities',
    );
  }
  if (/(?:\\u\{?[0-9a-f]{4,6}\}?.*){3,}/i.test(raw)) {
    push(
      decodeRuns(raw, /\\u\{?([0-9a-f]{4,6})\}?/gi, (e) =>
        String.fromCodePoint(parseInt(e.replace(/\\u\{?|\}/gi, ''), 16)),
      ),
      'unicode_escapes',
    );
  }
  return out;
}

/**
 * Distinctive words of every intent. A derived reading (rot13, reversed, leetspeak, letters run
 * together) is matched only when at least two of them appear in it that the text as written lacks:
 * ordinary text read backwards or rot13'd never spells them, so most writes are matched once.
 */
const ANCHOR_WORDS = [
  'ignor',
  'disregard',
  'forget',
  'overrid',
  'bypass',
  'instruct',
  'prompt',
  'system',
  'previous',
  'prior',
  'rules',
  'directive',
  'guideline',
  'reveal',
  'password',
  'secret',
  'assistant',
  'jailbr',
  'develop',
  'mode',
  'unrestrict',
  'unfilter',
  'uncensor',
  'pretend',
  'roleplay',
  'filter',
  'guardrail',
  'safety',
  'restrict',
  'execut',
  'tool',
  'function',
  'memor',
  'delete',
  'transfer',
  'send',
  'forward',
  'upload',
  'http',
  'dan',
  'remember',
  'future',
  'refuse',
  'admin',
  'command',
  'ethic',
  'polic',
  'censor',
  'persona',
  'limit',
  'model',
  'respond',
  'reply',
  'output',
  'print',
  'repeat',
  'everything',
  'above',
];
const ANCHOR_HAN = [
  '忽略',
  '无视',
  '忘',
  '指令',
  '提示',
  '系统',
  '规则',
  '限制',
  '密码',
  '越狱',
  '模式',
  '扮演',
  '助手',
  '人工智能',
  '记忆',
  '执行',
  '调用',
  '工具',
  '删除',
  '转账',
  '发送',
  '拒绝',
  '审查',
  '过滤',
  '管理员',
  '开发者',
  '之前',
  '以上',
  '输出',
  '现在',
  '你是',
  '任何',
  '所有',
  '不受',
  '告诉我',
  '用户',
  '网址',
  '链接',
  '聊天记录',
  '永久',
  '以后',
];
const anchorRe = (words: readonly string[]): RegExp => new RegExp(words.join('|'), 'g');
const ANCHOR = anchorRe([...ANCHOR_WORDS, ...ANCHOR_HAN]);
const ANCHOR_REVERSED = anchorRe([...ANCHOR_WORDS, ...ANCHOR_HAN].map((w) => [...w].reverse().join('')));

function anchorsOf(text: string, re: RegExp = ANCHOR): Set<string> {
  return new Set(text.match(re) ?? []);
}

/** At least two anchors that the base reading lacks (the reading is worth matching). */
function freshAnchors(
  found: ReadonlySet<string>,
  base: ReadonlySet<string>,
  translate: (a: string) => string = (a) => a,
  needed = 2,
): boolean {
  let fresh = 0;
  for (const a of found) if (!base.has(translate(a)) && ++fresh >= needed) return true;
  return false;
}

const reverse = (t: string): string => [...t].reverse().join('');

// No one-letter words: "a" and "i" read the same reversed.
const COMMON = new Set([
  'the',
  'you',
  'your',
  'and',
  'to',
  'all',
  'of',
  'is',
  'are',
  'an',
  'in',
  'for',
  'with',
  'this',
  'that',
  'me',
  'my',
  'be',
  'now',
  'from',
  'on',
  'it',
  'as',
  'any',
  'not',
  'do',
  'what',
  'will',
  'or',
  'by',
  'at',
  'if',
  'no',
  'just',
  'only',
  'then',
]);

/**
 * Whether a sentence looks like words cut apart or run together: two neighbouring pieces that make
 * one vocabulary word although they are not both words (ig nore, pre vious), letters standing
 * alone, or a long run of letters that is no word. Ordinary prose has none of these, and its letters
 * run together spell vocabulary across word boundaries ("world and" → "dan") that nobody wrote.
 * Sentences with Han characters always qualify (no spaces to judge by).
 */
function looksCut(sentence: string): boolean {
  if (/\p{Script=Han}/u.test(sentence)) return true;
  const tokens = sentence.match(/[a-z]+/g) ?? [];
  let singles = 0;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (t.length >= 14 && !isVocabularyWord(t)) return true;
    if (t.length === 1 && t !== 'a' && t !== 'i' && ++singles >= 3) return true;
    const next = tokens[i + 1];
    if (next && !(isVocabularyWord(t) && isVocabularyWord(next)) && isVocabularyWord(t + next)) return true;
  }
  return false;
}

/**
 * Word pairs English writes in one order only ("of the", "you are", "tell me"). Text whose words were
 * put in reverse order has them the other way round: it is read backwards, word by word, when its
 * reversal has clearly more of them than the text as written.
 */
const ORDERED_PAIRS = new Set(
  [
    'of the',
    'in the',
    'to the',
    'on the',
    'for the',
    'and the',
    'from the',
    'with the',
    'at the',
    'by the',
    'is the',
    'that the',
    'all the',
    'into the',
    'about the',
    'than the',
    'of your',
    'to your',
    'in your',
    'for your',
    'from your',
    'with your',
    'all your',
    'you are',
    'you were',
    'you have',
    'you will',
    'you must',
    'you should',
    'you can',
    'you may',
    'i am',
    'it is',
    'this is',
    'there is',
    'do not',
    'does not',
    'is not',
    'are not',
    'will be',
    'to be',
    'can be',
    'must be',
    'should be',
    'have been',
    'has been',
    'is a',
    'as a',
    'be a',
    'are a',
    'of a',
    'in a',
    'to a',
    'for a',
    'is now',
    'are now',
    'from now',
    'now on',
    'from here',
    'here on',
    'tell me',
    'give me',
    'show me',
    'send me',
    'let me',
    'the user',
    'the system',
    'the assistant',
    'the model',
    'the following',
    'the previous',
    'the above',
    'the next',
    'the first',
    'the same',
    'the rest',
    'going to',
    'want to',
    'need to',
    'have to',
    'able to',
    'has to',
    'used to',
    'out of',
    'one of',
    'each of',
    'any of',
    'some of',
    'such as',
    'so that',
    'if you',
    'when you',
    'what you',
    'that you',
    'not to',
    'you to',
    'me the',
    'me your',
    'a new',
    'the new',
    'your new',
    'no longer',
    'any more',
    'as well',
    'instead of',
    'according to',
    'in order',
    'order to',
    'all previous',
    'all prior',
    'your system',
    'system prompt',
    'your instructions',
    'previous instructions',
    'prior instructions',
    'your rules',
    'your previous',
  ].map((p) => p.split(' ').join('\u0000')),
);

function orderedPairs(words: readonly string[]): number {
  let n = 0;
  for (let i = 1; i < words.length; i++) if (ORDERED_PAIRS.has(`${words[i - 1]}\u0000${words[i]}`)) n++;
  return n;
}

const SENTENCE_END = /[.!?。！？]$/u;
/**
 * Whether the text as written (before case folding) ends where a sentence starts and starts where one
 * ends: its first word carries the full stop ("instead. note this … The") and its last word, capitalised
 * or Chinese, carries none; or a lowercase word follows a full stop.
 */
function endsSwapped(raw: string): boolean {
  const tokens = raw.trim().split(/\s+/);
  if (tokens.length < 3) return false;
  const first = tokens[0]!;
  const last = tokens[tokens.length - 1]!;
  const startsWithEnd = SENTENCE_END.test(first) && /\p{L}/u.test(first);
  const endsWithStart = /^(?:\p{Lu}|\p{Script=Han})[\p{L}']*$/u.test(last) && last !== 'I';
  const lowerAfterStop = /\p{Ll}{2,}[.!?] \p{Ll}/u.test(raw);
  return startsWithEnd && (endsWithStart || lowerAfterStop);
}

/** The text with its words in reverse order, when that is how it reads (null otherwise). */
function wordOrderReversed(text: string, raw: string): string | null {
  const tokens = text.split(/\s+/).filter(Boolean);
  if (tokens.length < 3 || tokens.length > 400) return null;
  const words = tokens.map((t) => t.replace(/^[^a-z']+|[^a-z']+$/g, '')).filter(Boolean);
  const asWritten = orderedPairs(words);
  const backwards = orderedPairs([...words].reverse());
  const reads = backwards >= 2 && backwards >= 2 * asWritten + 1;
  if (!reads && !(backwards >= asWritten && endsSwapped(raw))) return null;
  return [...tokens].reverse().join(' ');
}

/**
 * Whether many neighbouring pieces make one vocabulary word although they are not both words ("ig nore",
 * "add ress"): words cut on purpose, all through the text. A long ordinary text has one or two by chance.
 */
function manyCutPairs(text: string): boolean {
  const tokens = text.match(/[a-z]+(?:'[a-z]+)?/g) ?? [];
  let n = 0;
  for (let i = 1; i < tokens.length; i++) {
    const a = tokens[i - 1]!;
    const b = tokens[i]!;
    if (!(isVocabularyWord(a) && isVocabularyWord(b)) && isVocabularyWord(a + b)) n++;
  }
  return n >= 2 && n * 12 >= tokens.length;
}

/** Share of the Latin words that are common English words (ordinary English ≈ 0.4; rot13'd or reversed ≈ 0). */
function englishness(text: string): { words: number; common: number } {
  let words = 0;
  let common = 0;
  for (const m of text.matchAll(/[a-z]+/g)) {
    words++;
    if (COMMON.has(m[0])) common++;
  }
  return { words, common };
}

/** A reading of the text reads as English where the text as written does not. */
function readsAsEnglish(view: string, base: { words: number; common: number }): boolean {
  const v = englishness(view);
  return v.common >= Math.max(2, base.common + 2) && v.common / Math.max(1, v.words) >= 0.15;
}

/**
 * Every reading of the text a model might follow that is worth matching: the folded text always;
 * letters spaced out, letters run together, leetspeak, rot13 and reversed readings when they spell
 * injection vocabulary the text as written does not; decoded payloads, read the same way, up to two
 * levels deep.
 */
export function matchingViews(raw: string, depth = 0, via: readonly Obfuscation[] = []): MatchView[] {
  const views = textViews(raw, depth, via);
  // A disguise inside an ordinary document: the readings judged on a whole text (word order, cut
  // words, words broken across lines, rot13) are judged on each paragraph too, so the document
  // around an injection does not hide it.
  const paragraphs = raw.split(PARAGRAPH).filter((p) => p.trim().length >= MIN_PARAGRAPH);
  if (paragraphs.length < 2 || paragraphs.length > MAX_PARAGRAPHS) return views;
  const seen = new Set(views.map((v) => v.text));
  for (const paragraph of paragraphs)
    for (const view of textViews(paragraph, depth, via).slice(1)) {
      if (view.via.length === 0 || seen.has(view.text)) continue;
      seen.add(view.text);
      views.push(view);
    }
  return views;
}

/** Paragraphs: blank lines, or lines of a text whose lines are sentences (not words broken across lines). */
const PARAGRAPH = /\n[ \t]*\n|\n(?=[^\n]{40})/;
const MIN_PARAGRAPH = 12;
const MAX_PARAGRAPHS = 64;

function textViews(raw: string, depth: number, via: readonly Obfuscation[]): MatchView[] {
  const folded = foldText(raw);
  const base = folded.text;
  const foldVia: Obfuscation[] = [...via, ...[...folded.changed].filter((o) => o !== 'nfkc')];
  if (/[^\x00-\x7f]/.test(raw) && hasLatinLookalikes(raw)) foldVia.push('homoglyph');
  const views: MatchView[] = [{ text: base, via: foldVia, compact: false }];
  const baseAnchors = anchorsOf(base);
  const worth = (text: string): boolean => freshAnchors(anchorsOf(text), baseAnchors);
  // Words broken across lines: many short lines that end and start inside a word read as one text.
  const breaks = base.match(/\p{L}\n(?=\p{L})/gu)?.length ?? 0;
  if (breaks >= 3 && base.length / (breaks + 1) <= 24) {
    views.push({ text: base.replace(/(\p{L})\n(?=\p{L})/gu, '$1'), via: [...foldVia, 'split_words'], compact: false });
  }
  // One cut is a typo or an identifier (snake_case); several are a word hidden on purpose.
  if ((base.match(IN_WORD_MARKUP)?.length ?? 0) >= 2)
    views.push({
      // The markup left where a cut word ends ("pr**etend** you") goes too.
      text: base.replace(IN_WORD_MARKUP, '').replace(WORD_END_MARKUP, ''),
      via: [...foldVia, 'split_words'],
      compact: false,
    });
  const spaced = despace(base);
  if (spaced) {
    views.push({ text: spaced.text, via: [...foldVia, 'spaced_letters'], compact: false });
    for (const blob of spaced.blobs)
      if (blob.length >= 12) views.push({ text: blob, via: [...foldVia, 'spaced_letters'], compact: true });
  }
  // Words cut in pieces ("ig nore prev ious"): the letters of each sentence re-segmented into
  // words, and (for the strongest rules) the letters alone.
  // Only sentences that look cut are re-segmented: an ordinary sentence's letters run together spell
  // vocabulary across word boundaries ("world and" → "dan") that nobody wrote.
  const sentences = base.split(/[.!?;\n。！？；]+/);
  const cut = sentences.map(looksCut);
  const squash = (t: string): string => t.replace(/[^\p{L}\p{N}]+/gu, '');
  const squashed = sentences
    .filter((_, i) => cut[i])
    .map(squash)
    .join('');
  if (
    squashed.length >= 12 &&
    squashed.length <= 4000 &&
    (freshAnchors(anchorsOf(squashed), baseAnchors, (a) => a, 1) || manyCutPairs(base))
  ) {
    const resegmented = sentences
      .map((sentence, i) => (cut[i] ? segmentLetters(squash(sentence)) : sentence))
      .join('. ');
    views.push({ text: resegmented, via: [...foldVia, 'split_words'], compact: false });
    // What is still cut by a line break after rejoining reads on across it.
    const rejoined = rejoinFragments(base).replace(/([a-z])\n(?=[a-z])/g, '$1 ');
    if (rejoined !== base && freshAnchors(anchorsOf(rejoined), baseAnchors, (x) => x, 1))
      views.push({ text: rejoined, via: [...foldVia, 'split_words'], compact: false });
    views.push({ text: squashed, via: [...foldVia, 'split_words'], compact: true });
  }
  const baseEnglish = englishness(base);
  if (LEET_TOKEN.test(base)) {
    for (const one of base.includes('1') ? (['i', 'l'] as const) : (['i'] as const)) {
      const text = unleet(base, one);
      if (worth(text) || readsAsEnglish(text, baseEnglish) || leetWords(base, text) >= 2)
        views.push({ text, via: [...foldVia, 'leetspeak'], compact: false });
    }
  }
  // rot13'd or reversed, the whole text or spans of it, also next to Chinese (scrambled-spans.ts);
  // and a whole text with no common English words that reads as English or spells injection vocabulary once decoded.
  const r13Spans = rot13Spans(base);
  const revSpans = reversedSpans(base);
  if (r13Spans !== null) views.push({ text: r13Spans, via: [...foldVia, 'rot13'], compact: false });
  if (revSpans !== null) views.push({ text: revSpans, via: [...foldVia, 'reversed'], compact: false });
  if (baseEnglish.words >= 3 && baseEnglish.common / baseEnglish.words < 0.15) {
    const r13 = rot13(base);
    if (r13 !== r13Spans && (readsAsEnglish(r13, baseEnglish) || worth(r13)))
      views.push({ text: r13, via: [...foldVia, 'rot13'], compact: false });
    const rev = reverse(base);
    if (rev !== revSpans && (readsAsEnglish(rev, baseEnglish) || worth(rev)))
      views.push({ text: rev, via: [...foldVia, 'reversed'], compact: false });
  } else if (revSpans === null && freshAnchors(anchorsOf(base, ANCHOR_REVERSED), baseAnchors, reverse)) {
    views.push({ text: reverse(base), via: [...foldVia, 'reversed'], compact: false });
  }
  // Words put in reverse order ("instructions. previous all Ignore"): each word reads, the sentence does not.
  const backwards = wordOrderReversed(base, raw);
  if (backwards !== null) views.push({ text: backwards, via: [...foldVia, 'word_order_reversed'], compact: false });
  if (depth < MAX_DEPTH) {
    for (const d of decodedPayloads(raw)) views.push(...matchingViews(d.text, depth + 1, [...via, d.via]));
  }
  return views;
}
