export { createQdrantVectorIndex } from './qdrant-vector-index';
export type { QdrantVectorIndex, QdrantVectorIndexOptions } from './qdrant-vector-index';
export { collectionNameFor, isOwnCollection, DEFAULT_COLLECTION_PREFIX } from './collection-name';
export { pointIdFor } from './point-id';
export { qdrantFilterOf, payloadOf, PAYLOAD_INDEXES } from './filter';
export type { PointPayload } from './filter';
