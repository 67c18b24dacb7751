/**
 * The text side of a BERT tokenizer as `tokenizer.json` describes it (BertNormalizer followed by
 * BertPreTokenizer), matching the Hugging Face `tokenizers` rules: drop control characters, turn
 * every whitespace into a space, put spaces around CJK ideographs, strip accents, lowercase, then
 * split on whitespace and make every punctuation character a word of its own.
 */
export interface BertNormalizerOptions {
  cleanText: boolean;
  handleChineseChars: boolean;
  /** null follows `lowercase`, as in `tokenizers`. */
  stripAccents: boolean | null;
  lowercase: boolean;
}

const OTHER = /\p{C}/u;
const WHITESPACE = /\p{White_Space}/u;
const PUNCTUATION = /\p{P}/u;
const COMBINING_MARK = /\p{Mn}/gu;

function isChineseChar(cp: number): boolean {
  return (
    (cp >= 0x4e00 && cp <= 0x9fff) ||
    (cp >= 0x3400 && cp <= 0x4dbf) ||
    (cp >= 0x20000 && cp <= 0x2a6df) ||
    (cp >= 0x2a700 && cp <= 0x2b73f) ||
    (cp >= 0x2b740 && cp <= 0x2b81f) ||
    (cp >= 0x2b920 && cp <= 0x2ceaf) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0x2f800 && cp <= 0x2fa1f)
  );
}

function isWhitespace(ch: string): boolean {
  return ch === '\t' || ch === '\n' || ch === '\r' || WHITESPACE.test(ch);
}

function isControl(ch: string): boolean {
  return ch !== '\t' && ch !== '\n' && ch !== '\r' && OTHER.test(ch);
}

/** ASCII symbols such as `$`, `+`, `^` count as punctuation for BERT, beside Unicode's P*. */
function isPunctuation(ch: string): boolean {
  const cp = ch.codePointAt(0)!;
  return (
    (cp >= 33 && cp <= 47) ||
    (cp >= 58 && cp <= 64) ||
    (cp >= 91 && cp <= 96) ||
    (cp >= 123 && cp <= 126) ||
    PUNCTUATION.test(ch)
  );
}

export function bertNormalize(text: string, o: BertNormalizerOptions): string {
  let out = '';
  for (const ch of text) {
    if (o.cleanText) {
      if (ch === '\0' || ch === '\ufffd' || isControl(ch)) continue;
      if (isWhitespace(ch)) {
        out += ' ';
        continue;
      }
    }
    out += o.handleChineseChars && isChineseChar(ch.codePointAt(0)!) ? ` ${ch} ` : ch;
  }
  if (o.stripAccents ?? o.lowercase) out = out.normalize('NFD').replace(COMBINING_MARK, '');
  if (o.lowercase) out = out.toLowerCase();
  return out;
}

/** Words for WordPiece: whitespace separates, each punctuation character stands alone. */
export function bertPreTokenize(text: string): string[] {
  const words: string[] = [];
  let cur = '';
  for (const ch of text) {
    if (isWhitespace(ch)) {
      if (cur) words.push(cur);
      cur = '';
    } else if (isPunctuation(ch)) {
      if (cur) words.push(cur);
      words.push(ch);
      cur = '';
    } else cur += ch;
  }
  if (cur) words.push(cur);
  return words;
}
