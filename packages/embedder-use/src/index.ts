export { createUseEmbedder, type UseEmbedderOptions } from './use-embedder';
export { createHashEmbedder, hashedLexicalVector } from './hashed-lexical';
export { inLengthBatches } from './length-batches';
