import { unigramTokenizerFromJson } from './unigram-tokenizer';
import type { SubwordTokenizer } from './subword-tokenizer';
import { wordPieceTokenizerFromJson } from './wordpiece-tokenizer';

export type { Encoding, SubwordTokenizer } from './subword-tokenizer';

/** The tokenizer a Hugging Face `tokenizer.json` describes: WordPiece (BERT, MPNet) or Unigram (XLM-R). */
export function tokenizerFromJson(json: unknown): SubwordTokenizer {
  const type = (json as { model?: { type?: string } } | null)?.model?.type;
  return type === 'Unigram' ? unigramTokenizerFromJson(json) : wordPieceTokenizerFromJson(json);
}
