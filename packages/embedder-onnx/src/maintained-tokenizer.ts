import { Tokenizer } from '@huggingface/tokenizers';
import { EngramError } from '@engram/core';
import { framedTokenizer, framingOf, type PostProcessorJson } from './framing';
import type { SubwordTokenizer } from './subword-tokenizer';

interface AnyTokenizerJson {
  model?: { type?: string; vocab?: unknown };
  padding?: { pad_id?: number } | null;
  post_processor?: PostProcessorJson;
}

/**
 * Any Hugging Face `tokenizer.json` (BPE, WordPiece, Unigram with the standard normalizers and
 * pre-tokenizers), read by tokenizers.js, the Hugging Face implementation in JavaScript. Its pieces are
 * framed and cut here, as for the hand-written tokenizers, since tokenizers.js does not truncate.
 */
export function maintainedTokenizerFromJson(json: unknown, config: object = {}): SubwordTokenizer {
  const t = json as AnyTokenizerJson;
  let tokenizer: Tokenizer;
  try {
    // tokenizers.js wants every section present; a tokenizer.json may leave out the empty ones.
    const whole = {
      normalizer: null,
      pre_tokenizer: null,
      post_processor: null,
      decoder: null,
      added_tokens: [],
      ...t,
    };
    tokenizer = new Tokenizer(whole, config);
  } catch (e) {
    throw new EngramError('UNSUPPORTED', `tokenizer.json: ${(e as Error).message}`, { cause: e });
  }
  const framing = framingOf(t.post_processor);
  const idOf = (token: string): number => {
    const id = tokenizer.token_to_id(token);
    if (id === undefined) throw new EngramError('UNSUPPORTED', `tokenizer.json: the vocab has no ${token}`);
    return id;
  };
  return framedTokenizer({
    vocabSize: tokenizer.get_vocab().size,
    padId: t.padding?.pad_id ?? tokenizer.token_to_id('[PAD]') ?? tokenizer.token_to_id('<pad>') ?? 0,
    clsId: idOf(framing.cls),
    sepId: idOf(framing.sep),
    framing,
    pieces: (text) => tokenizer.encode(text, { add_special_tokens: false }).ids,
  });
}
