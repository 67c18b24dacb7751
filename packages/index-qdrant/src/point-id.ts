import { deterministicId } from '@engram/core';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Qdrant point ids must be UUIDs or unsigned integers. A UUID doc id is used as is (lowercased, as
 * Qdrant normalises it); any other id maps to a UUID derived from it, so re-indexing the same
 * document (replays) overwrites the same point.
 */
export function pointIdFor(docId: string): string {
  return UUID.test(docId) ? docId.toLowerCase() : deterministicId('engram-qdrant-point', docId);
}
