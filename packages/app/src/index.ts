export * from './types';
export { createMemoryApp } from './app';
export { createContextRenderer, DEFAULT_CONTEXT_BUDGET_CHARS } from './read/context-renderer';
export { DEFAULT_WORKING_BUDGET_CHARS } from './queries/reads';
export { waitForPosition } from './position-wait';
export { observeInputOf, queryInputOf, scopeOf, writeInputOf, type Caller } from './request-inputs';
