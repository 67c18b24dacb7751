/** One encoded text: the model's start token, pieces…, its end token; truncated to the length asked for. */
export interface Encoding {
  ids: number[];
  /** All 0 for a single sequence. */
  typeIds: number[];
}

/** What the ONNX embedder and reranker need from a tokenizer, whichever subword model it uses. */
export interface SubwordTokenizer {
  readonly vocabSize: number;
  readonly padId: number;
  /** `maxLength` counts the special tokens; the text's pieces are cut to fit. */
  encode(text: string, maxLength: number): Encoding;
  /**
   * A text pair for a cross-encoder: [CLS] a [SEP] b [SEP] (or the model's framing), cut to
   * `maxLength` with the `longest_first` strategy of `tokenizers`.
   */
  encodePair(a: string, b: string, maxLength: number): Encoding;
}
