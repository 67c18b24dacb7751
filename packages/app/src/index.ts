export * from './types';
export { createMemoryApp } from './app';
export { createLexicalRetriever } from './read/lexical-retriever';
export type { LexicalRetrieverOptions } from './read/lexical-retriever';
export { createSqlContextRenderer, DEFAULT_CONTEXT_BUDGET_CHARS } from './read/context-renderer';
export { DEFAULT_WORKING_BUDGET_CHARS } from './queries/reads';
export { waitForPosition } from './position-wait';
export { ID_PATTERN, ID_PATTERN_SOURCE, UUID_PATTERN_SOURCE, MAX_K, MAX_KEY_CHARS, MAX_TAGS, MAX_TAG_CHARS, MAX_QUERY_CHARS, MAX_ENTITIES, MAX_ENTITY_CHARS } from './validation';
