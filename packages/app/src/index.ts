export * from './types';
export { createMemoryApp } from './app';
export { createLexicalRetriever } from './read/lexical-retriever';
export type { LexicalRetrieverOptions } from './read/lexical-retriever';
export { createContextRenderer, DEFAULT_CONTEXT_BUDGET_CHARS } from './read/context-renderer';
export { DEFAULT_WORKING_BUDGET_CHARS } from './queries/reads';
export { waitForPosition } from './position-wait';
export { observeInputOf, queryInputOf, scopeOf, writeInputOf, type Caller } from './request-inputs';
