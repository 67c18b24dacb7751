import { deterministicId, isUuid } from '@engram/core';

/**
 * Qdrant point ids must be UUIDs or unsigned integers. A UUID doc id is used as is (lowercased, as
 * Qdrant normalises it); any other id maps to a UUID derived from it, so re-indexing the same
 * document (replays) overwrites the same point.
 */
export function pointIdFor(docId: string): string {
  return isUuid(docId) ? docId.toLowerCase() : deterministicId('engram-qdrant-point', docId);
}
