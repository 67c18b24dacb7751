import { EngramError } from '@engram/core';
import { bertNormalize, bertPreTokenize, type BertNormalizerOptions } from './bert-pretokenizer';
import { framedTokenizer, framingOf, type PostProcessorJson } from './framing';
import type { SubwordTokenizer } from './subword-tokenizer';

interface TokenizerJson {
  normalizer?: {
    type?: string;
    clean_text?: boolean;
    handle_chinese_chars?: boolean;
    strip_accents?: boolean | null;
    lowercase?: boolean;
  } | null;
  pre_tokenizer?: { type?: string } | null;
  model?: {
    type?: string;
    vocab?: Record<string, number>;
    unk_token?: string;
    continuing_subword_prefix?: string;
    max_input_chars_per_word?: number;
  };
  padding?: { pad_id?: number } | null;
  post_processor?: PostProcessorJson;
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
  if (t.pre_tokenizer && t.pre_tokenizer.type !== 'BertPreTokenizer')
    unsupported(`pre_tokenizer ${t.pre_tokenizer.type}`);

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
  const padId = t.padding?.pad_id ?? vocab.get('[PAD]') ?? 0;
  const prefix = m.continuing_subword_prefix ?? '##';
  const maxChars = m.max_input_chars_per_word ?? 100;
  const normalizer: BertNormalizerOptions | null = n
    ? {
        cleanText: n.clean_text ?? true,
        handleChineseChars: n.handle_chinese_chars ?? true,
        stripAccents: n.strip_accents ?? null,
        lowercase: n.lowercase ?? true,
      }
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
  return framedTokenizer({ vocabSize: vocab.size, padId, clsId, sepId, framing, pieces: piecesOf });
}
