export { createOnnxEmbedder, type OnnxEmbedder, type OnnxEmbedderOptions } from './onnx-embedder';
export { wordPieceTokenizerFromJson } from './wordpiece-tokenizer';
export { unigramTokenizerFromJson } from './unigram-tokenizer';
export { tokenizerFromJson, type SubwordTokenizer, type Encoding } from './tokenizer';
export { bertNormalize, bertPreTokenize, type BertNormalizerOptions } from './bert-pretokenizer';
export { readModelDir, type ModelDirInfo, type Pooling } from './model-dir';
export { batchesBySimilarLength } from './token-batches';
export { pullModel, pullCli, defaultModelsDir, MANIFEST_FILE, type PullOptions, type PulledModel } from './models/pull';
export { ensureConverterTools, converterToolsPath, runBertToOnnx } from './models/convert';
export {
  KNOWN_MODELS,
  CONVERTER_TOOLS,
  type KnownModel,
  type ModelFileSource,
  type BertConversion,
} from './models/registry';
export { openBertSession, runBertBatch, positiveIntOption, type BertSession } from './bert-session';
