import { deterministicId, type IndexedDocMeta, type Scope } from '@engram/core';

/** What a factory may hand a contract suite: the index, or the index plus a cleanup step. */
export interface IndexUnderTest<I> {
  index: I;
  /** Called after the index was closed (e.g. drop a collection). */
  teardown?: () => Promise<void>;
}

export function unwrapIndex<I extends object>(x: I | IndexUnderTest<I>): IndexUnderTest<I> {
  return 'index' in x && typeof (x as IndexUnderTest<I>).index === 'object'
    ? (x as IndexUnderTest<I>)
    : { index: x as I };
}

/** UUIDs, because some backends (Qdrant) accept only UUID or integer point ids. */
export function docId(name: string): string {
  return deterministicId('index-contract', name);
}

export function scopeOf(tenantId: string, userId: string, agentId: string | null = null): Scope {
  return { tenantId, userId, agentId };
}

export function meta(tenantId: string, userId: string, over: Partial<IndexedDocMeta> = {}): IndexedDocMeta {
  return {
    tenantId,
    userId,
    agentId: null,
    kind: 'memory',
    tier: 'SEMANTIC',
    type: 'ENVIRONMENT',
    tags: [],
    at: '2026-01-01T00:00:00.000Z',
    ...over,
  };
}
