import type { IndexedDocMeta, IndexFilter } from '@engram/core';
import type { Schemas } from '@qdrant/js-client-rest';

/** Payload stored with every point: the document's metadata, its original id and its model. */
export type PointPayload = {
  docId: string;
  modelId: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  kind: IndexedDocMeta['kind'];
  tier: IndexedDocMeta['tier'];
  type: IndexedDocMeta['type'];
  tags: string[];
  at: string;
};

export function payloadOf(docId: string, modelId: string, meta: IndexedDocMeta): PointPayload {
  return {
    docId,
    modelId,
    tenantId: meta.tenantId,
    userId: meta.userId,
    agentId: meta.agentId,
    kind: meta.kind,
    tier: meta.tier,
    type: meta.type,
    tags: [...meta.tags],
    at: meta.at,
  };
}

/** Payload fields that get an index, with their index type. */
export const PAYLOAD_INDEXES: ReadonlyArray<{ field: keyof PointPayload; schema: Schemas['PayloadFieldSchema'] }> = [
  { field: 'tenantId', schema: { type: 'keyword', is_tenant: true } },
  { field: 'userId', schema: 'keyword' },
  { field: 'agentId', schema: 'keyword' },
  { field: 'kind', schema: 'keyword' },
  { field: 'tier', schema: 'keyword' },
  { field: 'type', schema: 'keyword' },
  { field: 'tags', schema: 'keyword' },
  { field: 'docId', schema: 'keyword' },
  { field: 'at', schema: 'datetime' },
];

const matchAny = (key: string, values: readonly string[]): Schemas['Condition'] => ({
  key,
  match: { any: [...values] },
});

/**
 * The Qdrant filter of an index query: always tenant + user (P3). An agent-scoped read sees only
 * that agent's documents (core agentVisible); empty kind/tier/type lists do not restrict.
 */
export function qdrantFilterOf(filter: IndexFilter): Schemas['Filter'] {
  const must: Schemas['Condition'][] = [
    { key: 'tenantId', match: { value: filter.scope.tenantId } },
    { key: 'userId', match: { value: filter.scope.userId } },
  ];
  if (filter.scope.agentId !== null) {
    must.push({ key: 'agentId', match: { value: filter.scope.agentId } });
  }
  if (filter.kinds && filter.kinds.length > 0) must.push(matchAny('kind', filter.kinds));
  if (filter.tiers && filter.tiers.length > 0) must.push(matchAny('tier', filter.tiers));
  if (filter.types && filter.types.length > 0) must.push(matchAny('type', filter.types));
  return { must };
}
