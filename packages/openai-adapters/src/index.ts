export { createOpenAiEmbedder, embedderError, type OpenAiEmbedderOptions } from './embedder';
export { createHttpReranker, type HttpRerankerOptions } from './reranker';
export { createOpenAiLlm, type OpenAiLlmOptions, type OpenAiLlmModels } from './llm';
