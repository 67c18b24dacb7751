export { createOnnxEmbedder, type OnnxEmbedder, type OnnxEmbedderOptions } from './onnx-embedder';
export { wordPieceTokenizerFromJson, type WordPieceTokenizer, type Encoding } from './wordpiece-tokenizer';
export { bertNormalize, bertPreTokenize, type BertNormalizerOptions } from './bert-pretokenizer';
export { readModelDir, type ModelDirInfo, type Pooling } from './model-dir';
export { batchesBySimilarLength } from './token-batches';
export { pullModel, pullCli, defaultModelsDir, MANIFEST_FILE, ensureConverterTools, converterToolsPath, runBertToOnnx, type PullOptions, type PulledModel } from './models/pull';
export { KNOWN_MODELS, CONVERTER_TOOLS, type KnownModel, type ModelFileSource, type BertConversion } from './models/registry';
export { openBertSession, runBertBatch, positiveIntOption, type BertSession } from './bert-session';
