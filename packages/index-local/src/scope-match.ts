import { agentVisible, type IndexedDocMeta, type IndexFilter } from '@engram/core';

/** Key of the hard isolation partition (tenant + user): statistics and storage are per partition. */
export function partitionKey(tenantId: string, userId: string): string {
  return `${tenantId}\u0000${userId}`;
}

/**
 * The non-partition parts of a filter. An agent-scoped read sees only that agent's documents (P3).
 */
export function matchesFilter(meta: IndexedDocMeta, filter: IndexFilter): boolean {
  if (!agentVisible(filter.scope.agentId, meta.agentId)) return false;
  if (filter.kinds && filter.kinds.length > 0 && !filter.kinds.includes(meta.kind)) return false;
  if (filter.tiers && filter.tiers.length > 0 && !filter.tiers.includes(meta.tier)) return false;
  if (filter.types && filter.types.length > 0 && (meta.type === null || !filter.types.includes(meta.type)))
    return false;
  return true;
}
