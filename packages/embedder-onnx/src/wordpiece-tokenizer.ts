import { EngramError } from '@engram/core';
import { bertNormalize, bertPreTokenize, type BertNormalizerOptions } from './bert-pretokenizer';
import type { Encoding, SubwordTokenizer } from './tokenizer';

interface TokenizerJson {
  normalizer?: { type?: string; clean_text?: boolean; handle_chinese_chars?: boolean; strip_accents?: boolean | null; lowercase?: boolean } | null;
  pre_tokenizer?: { type?: string } | null;
  model?: { type?: string; vocab?: Record<string, number>; unk_token?: string; continuing_subword_prefix?: string; max_input_chars_per_word?: number };
  padding?: { pad_id?: number } | null;
  /**
   * BertProcessing ([CLS] a [SEP]), RobertaProcessing (<s> a </s>, pairs <s> a </s></s> b </s>) or a
   * TemplateProcessing of the same shape.
   */
  post_processor?: {
    type?: string;
    cls?: [string, number];
    sep?: [string, number];
    single?: TemplatePiece[];
    pair?: TemplatePiece[];
  } | null;
}

type TemplatePiece = { SpecialToken?: { id: string; type_id?: number }; Sequence?: { id: string; type_id?: number } };

/** The special tokens around a text, and between the two texts of a pair, as a post-processor puts them. */
interface Framing {
  cls: string;
  sep: string;
  /** How many separators stand between the two texts of a pair. */
  pairSeps: number;
  /** Token type of the second text and its closing separator. */
  secondType: number;
}

function framingOf(post: TokenizerJson['post_processor']): Framing {
  if (!post) return { cls: '[CLS]', sep: '[SEP]', pairSeps: 1, secondType: 1 };
  if (post.type === 'BertProcessing' || post.type === 'RobertaProcessing') {
    const roberta = post.type === 'RobertaProcessing';
    return { cls: post.cls?.[0] ?? (roberta ? '<s>' : '[CLS]'), sep: post.sep?.[0] ?? (roberta ? '</s>' : '[SEP]'), pairSeps: roberta ? 2 : 1, secondType: roberta ? 0 : 1 };
  }
  if (post.type === 'TemplateProcessing') {
    const single = post.single ?? [];
    const [first, seq, last] = single;
    if (single.length !== 3 || !first?.SpecialToken || seq?.Sequence?.id !== 'A' || !last?.SpecialToken) unsupported('a TemplateProcessing other than SPECIAL $A SPECIAL');
    const pair = post.pair ?? [];
    const b = pair.findIndex((p) => p.Sequence?.id === 'B');
    const middle = pair.slice(2, b);
    if (b < 0 || pair[1]?.Sequence?.id !== 'A' || middle.length === 0 || middle.some((p) => p.SpecialToken?.id !== last.SpecialToken!.id)) unsupported('a TemplateProcessing pair other than SPECIAL $A SEP… $B SEP');
    return { cls: first.SpecialToken.id, sep: last.SpecialToken.id, pairSeps: middle.length, secondType: pair[b]!.Sequence!.type_id ?? 1 };
  }
  return unsupported(`post_processor ${post.type}`);
}

function unsupported(what: string): never {
  throw new EngramError('UNSUPPORTED', `tokenizer.json: ${what} (only BERT WordPiece tokenizers are supported)`);
}

/**
 * A BERT WordPiece tokenizer built from a Hugging Face `tokenizer.json` (the `tokenizers` library's
 * serialized form): greedy longest-match-first pieces with the `##` prefix, [UNK] for a word that
 * cannot be split or is longer than `max_input_chars_per_word`.
 */
export function wordPieceTokenizerFromJson(json: unknown): SubwordTokenizer {
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
  const framing = framingOf(t.post_processor);
  const clsId = idOf(framing.cls);
  const sepId = idOf(framing.sep);
  const pairSeps = new Array<number>(framing.pairSeps).fill(sepId);
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
      checkMax(maxLength, pairSeps.length + 2);
      const budget = maxLength - pairSeps.length - 2;
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
      const ids = [clsId, ...pa.slice(0, na), ...pairSeps, ...pb.slice(0, nb), sepId];
      const typeIds = ids.map((_, i) => (i >= na + 1 + pairSeps.length ? framing.secondType : 0));
      return { ids, typeIds };
    },
  };
}
