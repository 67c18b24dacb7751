import { deterministicId } from '@engram/core';
import type { Candidate } from '@engram/retrieval';

/** A hydrated search candidate for unit tests: a plain SEMANTIC memory unless `over` says otherwise; its id follows from `over`. */
export function candidate(over: Partial<Candidate>, namespace = 'test-candidate'): Candidate {
  return {
    id: deterministicId(namespace, JSON.stringify(over)),
    kind: 'memory',
    agentId: null,
    tier: 'SEMANTIC',
    type: 'ENVIRONMENT',
    key: null,
    content: '',
    source: 'user_stated',
    importance: 0.5,
    accessCount: 0,
    lastTouched: '2026-01-01T00:00:00.000Z',
    pinned: false,
    metadata: {},
    sourceMessageIds: [],
    sessionId: null,
    at: '2026-01-01T00:00:00.000Z',
    tags: [],
    supersededBy: null,
    scopeTag: null,
    validFrom: null,
    validTo: null,
    ...over,
  };
}
