export { createLocalTextIndex, type LocalTextIndex, type TermStats } from './text-index';
export { createLocalVectorIndex, dot, type LocalVectorIndex } from './vector-index';
export { openEmbeddingJournal } from './embedding-journal';
