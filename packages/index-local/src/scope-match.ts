import type { IndexedDocMeta, IndexFilter } from '@engram/core';

/** Key of the hard isolation partition (tenant + user): statistics and storage are per partition. */
export function partitionKey(tenantId: string, userId: string): string {
  return `${tenantId}\u0000${userId}`;
}

/**
 * The non-partition parts of a filter. An agent-scoped read sees that agent's documents and the
 * user's agent-less ones, never another agent's.
 */
export function matchesFilter(meta: IndexedDocMeta, filter: IndexFilter): boolean {
  const agent = filter.scope.agentId;
  if (agent !== null && meta.agentId !== null && meta.agentId !== agent) return false;
  if (filter.kinds && filter.kinds.length > 0 && !filter.kinds.includes(meta.kind)) return false;
  if (filter.tiers && filter.tiers.length > 0 && !filter.tiers.includes(meta.tier)) return false;
  if (filter.types && filter.types.length > 0 && (meta.type === null || !filter.types.includes(meta.type))) return false;
  return true;
}
