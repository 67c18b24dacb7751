import { EngramError } from '@engram/core';
import { bertNormalize, bertPreTokenize, type BertNormalizerOptions } from './bert-pretokenizer';

/** One encoded text: [CLS] pieces… [SEP], truncated to the length asked for. */
export interface Encoding {
  ids: number[];
  /** All 0: a single sequence. */
  typeIds: number[];
}

export interface WordPieceTokenizer {
  readonly vocabSize: number;
  readonly padId: number;
  /** `maxLength` counts the two special tokens; the text's pieces are cut to fit. */
  encode(text: string, maxLength: number): Encoding;
  /**
   * A text pair for a cross-encoder: [CLS] a [SEP] b [SEP], type ids 0 then 1, cut to `maxLength`
   * with the `longest_first` strategy of `tokenizers`.
   */
  encodePair(a: string, b: string, maxLength: number): Encoding;
}

interface TokenizerJson {
  normalizer?: { type?: string; clean_text?: boolean; handle_chinese_chars?: boolean; strip_accents?: boolean | null; lowercase?: boolean } | null;
  pre_tokenizer?: { type?: string } | null;
  model?: { type?: string; vocab?: Record<string, number>; unk_token?: string; continuing_subword_prefix?: string; max_input_chars_per_word?: number };
  padding?: { pad_id?: number } | null;
}

function unsupported(what: string): never {
  throw new EngramError('UNSUPPORTED', `tokenizer.json: ${what} (only BERT WordPiece tokenizers are supported)`);
}

/**
 * A BERT WordPiece tokenizer built from a Hugging Face `tokenizer.json` (the `tokenizers` library's
 * serialized form): greedy longest-match-first pieces with the `##` prefix, [UNK] for a word that
 * cannot be split or is longer than `max_input_chars_per_word`.
 */
export function wordPieceTokenizerFromJson(json: unknown): WordPieceTokenizer {
  const t = json as TokenizerJson;
  if (!t || typeof t !== 'object' || !t.model) unsupported('no "model" section');
  const m = t.model;
  if (m.type !== undefined && m.type !== 'WordPiece') unsupported(`model type ${m.type}`);
  if (!m.vocab || typeof m.vocab !== 'object') unsupported('no WordPiece vocab');
  const n = t.normalizer;
  if (n && n.type !== 'BertNormalizer') unsupported(`normalizer ${n.type}`);
  if (t.pre_tokenizer && t.pre_tokenizer.type !== 'BertPreTokenizer') unsupported(`pre_tokenizer ${t.pre_tokenizer.type}`);

  const vocab = new Map<string, number>(Object.entries(m.vocab));
  const idOf = (token: string): number => {
    const id = vocab.get(token);
    if (id === undefined) unsupported(`the vocab has no ${token}`);
    return id;
  };
  const unkId = idOf(m.unk_token ?? '[UNK]');
  const clsId = idOf('[CLS]');
  const sepId = idOf('[SEP]');
  const padId = t.padding?.pad_id ?? vocab.get('[PAD]') ?? 0;
  const prefix = m.continuing_subword_prefix ?? '##';
  const maxChars = m.max_input_chars_per_word ?? 100;
  const normalizer: BertNormalizerOptions | null = n
    ? { cleanText: n.clean_text ?? true, handleChineseChars: n.handle_chinese_chars ?? true, stripAccents: n.strip_accents ?? null, lowercase: n.lowercase ?? true }
    : null;

  const wordPieces = (word: string, out: number[]): void => {
    const chars = Array.from(word);
    if (chars.length > maxChars) {
      out.push(unkId);
      return;
    }
    const pieces: number[] = [];
    let start = 0;
    while (start < chars.length) {
      let end = chars.length;
      let found: number | undefined;
      while (start < end) {
        const sub = (start > 0 ? prefix : '') + chars.slice(start, end).join('');
        found = vocab.get(sub);
        if (found !== undefined) break;
        end--;
      }
      if (found === undefined) {
        out.push(unkId);
        return;
      }
      pieces.push(found);
      start = end;
    }
    out.push(...pieces);
  };

  const piecesOf = (text: string, budget: number): number[] => {
    const pieces: number[] = [];
    for (const word of bertPreTokenize(normalizer ? bertNormalize(text, normalizer) : text)) {
      wordPieces(word, pieces);
      if (pieces.length >= budget) break;
    }
    return pieces.slice(0, budget);
  };
  const checkMax = (maxLength: number, min: number) => {
    if (!Number.isInteger(maxLength) || maxLength < min) throw new EngramError('VALIDATION_FAILED', `maxLength must be an integer ≥ ${min}, got ${maxLength}`);
  };

  return {
    vocabSize: vocab.size,
    padId,
    encode(text, maxLength) {
      checkMax(maxLength, 2);
      const ids = [clsId, ...piecesOf(text, maxLength - 2), sepId];
      return { ids, typeIds: new Array<number>(ids.length).fill(0) };
    },
    encodePair(a, b, maxLength) {
      checkMax(maxLength, 3);
      const budget = maxLength - 3;
      // Whole lengths decide which side is longer, so neither is cut early.
      const pa = piecesOf(a, Infinity);
      const pb = piecesOf(b, Infinity);
      let na = pa.length;
      let nb = pb.length;
      if (na + nb > budget) {
        // As `tokenizers` does: the shorter side keeps at most half, the longer (b on a tie) the rest.
        const keepShort = Math.min(Math.min(na, nb), Math.floor(budget / 2));
        if (na > nb) [nb, na] = [keepShort, budget - keepShort];
        else [na, nb] = [keepShort, budget - keepShort];
      }
      const ids = [clsId, ...pa.slice(0, na), sepId, ...pb.slice(0, nb), sepId];
      const typeIds = ids.map((_, i) => (i < na + 2 ? 0 : 1));
      return { ids, typeIds };
    },
  };
}
