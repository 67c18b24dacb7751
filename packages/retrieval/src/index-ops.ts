import { assertNever, streamKeyOf, type EngramEvent, type IndexedDocMeta } from '@engram/core';
import { memoryDocText } from './doc-text';

/** What one event means for the search indexes. */
export type IndexOp =
  | { op: 'upsert'; id: string; text: string; meta: IndexedDocMeta; key: string | null }
  | { op: 'delete'; ids: string[] }
  | { op: 'forgetKey'; stream: string; key: string }
  | { op: 'forgetUser'; stream: string }
  | { op: 'none' };

function metaOf(e: EngramEvent, over: Pick<IndexedDocMeta, 'kind' | 'tier' | 'type' | 'tags' | 'at'>): IndexedDocMeta {
  return { tenantId: e.tenantId, userId: e.userId, agentId: e.agentId, ...over };
}

/**
 * Document ids come from the events (message → event id, memory → memoryId, episode → episodeId),
 * so a replay upserts the same ids again. Tier changes (archive, restore, supersede) are not indexed:
 * the query path reads the current tier from SQL.
 */
export function indexOpFor(e: EngramEvent): IndexOp {
  switch (e.type) {
    case 'MessageObserved':
      if (!e.payload.content.trim()) return { op: 'none' };
      return {
        op: 'upsert',
        id: e.eventId,
        text: e.payload.content,
        meta: metaOf(e, { kind: 'message', tier: 'EPISODIC', type: null, tags: [], at: e.occurredAt }),
        key: null,
      };
    case 'MemoryWritten': {
      const p = e.payload;
      if (p.tier === 'WORKING') return { op: 'none' };
      return {
        op: 'upsert',
        id: p.memoryId,
        text: memoryDocText(p.content, p.key, p.tags),
        meta: metaOf(e, { kind: 'memory', tier: 'SEMANTIC', type: p.type, tags: p.tags, at: p.validFrom ?? e.occurredAt }),
        key: p.key,
      };
    }
    case 'FactExtracted': {
      const p = e.payload;
      return {
        op: 'upsert',
        id: p.memoryId,
        text: memoryDocText(p.content, p.key, p.tags),
        meta: metaOf(e, { kind: 'memory', tier: 'SEMANTIC', type: p.type, tags: p.tags, at: p.validFrom ?? e.occurredAt }),
        key: p.key,
      };
    }
    case 'EpisodeCreated': {
      const p = e.payload;
      if (!p.summary.trim()) return { op: 'none' };
      return {
        op: 'upsert',
        id: p.episodeId,
        text: p.summary,
        meta: metaOf(e, { kind: 'episode', tier: 'EPISODIC', type: null, tags: [], at: p.startedAt ?? e.occurredAt }),
        key: null,
      };
    }
    case 'MemoryForgotten': {
      const p = e.payload;
      switch (p.target) {
        case 'memory':
          return p.memoryId ? { op: 'delete', ids: [p.memoryId] } : { op: 'none' };
        case 'key':
          return p.key ? { op: 'forgetKey', stream: streamKeyOf(e), key: p.key } : { op: 'none' };
        case 'user':
          return { op: 'forgetUser', stream: streamKeyOf(e) };
        default:
          return assertNever(p.target, 'forget target');
      }
    }
    case 'SessionStarted':
    case 'SessionEnded':
    case 'MemoryAccessed':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'MemoryArchived':
    case 'MemoryRestored':
    case 'MemorySuperseded':
    case 'WriteRejected':
    case 'ContradictionDetected':
    case 'ContradictionResolved':
    case 'SkillRecorded':
      return { op: 'none' };
    default:
      return assertNever(e, 'event');
  }
}
