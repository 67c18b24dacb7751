export { createOnnxEmbedder, type OnnxEmbedder, type OnnxEmbedderOptions } from './onnx-embedder';
export { unigramTokenizerFromJson } from './unigram-tokenizer';
export { maintainedTokenizerFromJson } from './maintained-tokenizer';
export { tokenizerFromJson, type SubwordTokenizer, type Encoding } from './tokenizer';
export { readModelDir, type ModelDirInfo, type Pooling } from './model-dir';
export { batchesBySimilarLength } from './token-batches';
export { openBertSession, runBertBatch, positiveIntOption, type BertSession } from './bert-session';
