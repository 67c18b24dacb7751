import { assertNever, type SqlExecutor, type StoredEvent } from '@engram/core';
import type { WebhookEventType } from '@engram/contract';

/** What a delivery says happened, beyond the event itself. */
export interface Change {
  type: WebhookEventType;
  memoryId: string | null;
  /** memory.updated: the entry the new one replaced. */
  previousId?: string;
}

/**
 * The memory change an event made, once the semantic projection applied it: a written entry that
 * was stored (not refused by the provenance guard, not a duplicate) is added, or updated when it
 * replaced an earlier one; supersessions and erasure requests are what they say. Other events
 * (messages, sessions, working notes…) are no memory change.
 */
export async function changeOf(db: SqlExecutor, s: StoredEvent): Promise<Change | null> {
  const e = s.event;
  switch (e.type) {
    case 'MemoryWritten':
    case 'FactExtracted': {
      if (e.type === 'MemoryWritten' && e.payload.tier !== 'SEMANTIC') return null;
      const r = await db.query<{ related_id: string | null }>(
        "SELECT related_id FROM memory_history WHERE event_id = $1 AND memory_id = $2 AND action = 'created'",
        [e.eventId, e.payload.memoryId],
      );
      const row = r.rows[0];
      if (!row) return null;
      return row.related_id
        ? { type: 'memory.updated', memoryId: e.payload.memoryId, previousId: String(row.related_id) }
        : { type: 'memory.added', memoryId: e.payload.memoryId };
    }
    case 'MemorySuperseded':
      return { type: 'memory.superseded', memoryId: e.payload.memoryId };
    case 'MemoryForgotten':
      return { type: 'memory.forgotten', memoryId: e.payload.memoryId };
    case 'MessageObserved':
    case 'SessionStarted':
    case 'SessionEnded':
    case 'MemoryAccessed':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'MemoryArchived':
    case 'MemoryRestored':
    case 'WriteRejected':
    case 'EpisodeCreated':
    case 'ContradictionDetected':
    case 'ContradictionResolved':
    case 'SkillRecorded':
    case 'ContentQuarantined':
    case 'QuarantineResolved':
    case 'ErasureCompleted':
      return null;
    default:
      return assertNever(e, 'event');
  }
}

/** Event types that can be a memory change (the rest is skipped without a look at the read model). */
export const CHANGE_EVENT_TYPES: ReadonlySet<string> = new Set([
  'MemoryWritten',
  'FactExtracted',
  'MemorySuperseded',
  'MemoryForgotten',
]);

/** Which need the semantic projection to have applied them before they are classified. */
export const needsProjection = (s: StoredEvent) => s.event.type === 'MemoryWritten' || s.event.type === 'FactExtracted';
