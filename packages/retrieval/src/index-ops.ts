import { assertNever, streamKeyOf, type EngramEvent, type IndexedDocMeta } from '@engram/core';
import { memoryDocText, windowTexts } from './doc-text';

/** What one event means for the search indexes. */
export type IndexOp =
  | {
      op: 'upsert';
      id: string;
      /** The document alone (the main keyword index). */
      text: string;
      /** What the vector is taken over: for a chat turn, the previous turn + the turn. */
      embedText: string;
      /** The window keyword index: the document's date + embedText. */
      contextText: string;
      meta: IndexedDocMeta;
      key: string | null;
    }
  | { op: 'delete'; ids: string[] }
  | { op: 'forgetKey'; stream: string; key: string }
  | { op: 'forgetUser'; stream: string }
  | { op: 'none' };

type Upsert = Extract<IndexOp, { op: 'upsert' }>;

function upsert(
  id: string,
  text: string,
  meta: IndexedDocMeta,
  key: string | null,
  previousTurns: readonly string[] = [],
): Upsert {
  return { op: 'upsert', id, text, ...windowTexts(text, previousTurns, meta.at), meta, key };
}

function metaOf(e: EngramEvent, over: Pick<IndexedDocMeta, 'kind' | 'tier' | 'type' | 'tags' | 'at'>): IndexedDocMeta {
  return { tenantId: e.tenantId, userId: e.userId, agentId: e.agentId, ...over };
}

/**
 * Document ids come from the events (message → event id, memory → memoryId, episode → episodeId),
 * so a replay upserts the same ids again. Tier changes (archive, restore, supersede) are not indexed:
 * the query path reads the current tier from SQL. `previousTurns` are the texts of the messages
 * before this one in the same session, oldest first (TurnWindows keeps them), used only for
 * MessageObserved.
 */
export function indexOpFor(e: EngramEvent, previousTurns: readonly string[] = []): IndexOp {
  switch (e.type) {
    case 'MessageObserved':
      if (!e.payload.content.trim()) return { op: 'none' };
      return upsert(
        e.eventId,
        e.payload.content,
        metaOf(e, { kind: 'message', tier: 'EPISODIC', type: null, tags: [], at: e.occurredAt }),
        null,
        previousTurns,
      );
    case 'MemoryWritten': {
      const p = e.payload;
      if (p.tier === 'WORKING') return { op: 'none' };
      return upsert(
        p.memoryId,
        memoryDocText(p.content, p.key, p.tags),
        metaOf(e, { kind: 'memory', tier: 'SEMANTIC', type: p.type, tags: p.tags, at: p.validFrom ?? e.occurredAt }),
        p.key,
      );
    }
    case 'FactExtracted': {
      const p = e.payload;
      return upsert(
        p.memoryId,
        memoryDocText(p.content, p.key, p.tags),
        metaOf(e, { kind: 'memory', tier: 'SEMANTIC', type: p.type, tags: p.tags, at: p.validFrom ?? e.occurredAt }),
        p.key,
      );
    }
    case 'EpisodeCreated': {
      const p = e.payload;
      if (!p.summary.trim()) return { op: 'none' };
      return upsert(
        p.episodeId,
        p.summary,
        metaOf(e, { kind: 'episode', tier: 'EPISODIC', type: null, tags: [], at: p.startedAt ?? e.occurredAt }),
        null,
      );
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
        case 'derived': {
          const ids = p.derived ? [...p.derived.memoryIds, ...p.derived.episodeIds] : [];
          return ids.length > 0 ? { op: 'delete', ids } : { op: 'none' };
        }
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
    case 'ContentQuarantined':
    case 'QuarantineResolved':
    case 'ErasureCompleted':
      return { op: 'none' };
    default:
      return assertNever(e, 'event');
  }
}
