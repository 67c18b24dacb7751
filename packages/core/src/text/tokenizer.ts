/**
 * R1: CJK character bigrams + ASCII whole words, case-folded. Shared by BM25 and the token gate.
 * A lone CJK character (a run of length 1) is kept as a unigram so single-character queries match.
 */
const CJK = /[\u3400-\u4DBF\u4E00-\u9FFF\uF900-\uFAFF\u3040-\u30FF\uAC00-\uD7AF]/u;
const WORD = /[\p{L}\p{N}]/u;

export function tokenize(text: string): string[] {
  const out: string[] = [];
  const s = text.normalize('NFKC').toLowerCase();
  let word = '';
  let cjkRun: string[] = [];
  const flushWord = () => {
    if (word) out.push(word);
    word = '';
  };
  const flushCjk = () => {
    if (cjkRun.length === 1) out.push(cjkRun[0]!);
    for (let i = 0; i + 1 < cjkRun.length; i++) out.push(cjkRun[i]! + cjkRun[i + 1]!);
    cjkRun = [];
  };
  for (const ch of s) {
    if (CJK.test(ch)) {
      flushWord();
      cjkRun.push(ch);
    } else if (WORD.test(ch) || (ch === "'" && word)) {
      flushCjk();
      word += ch;
    } else {
      flushWord();
      flushCjk();
    }
  }
  flushWord();
  flushCjk();
  return out.map((t) => t.replace(/'+$/, '').replace(/'s$/, '')).filter((t) => t.length > 0);
}
