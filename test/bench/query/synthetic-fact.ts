import type { EventOfType } from '@engram/core';
import { benchEvent } from '../recall/dataset';

/**
 * Synthetic memory `i` of one user as the query benches write it: a user-stated semantic fact, ten
 * minutes after the one before, with the memory id and event id parts the caller names.
 */
export function syntheticFactEvent(o: {
  memoryId: string;
  content: string;
  userId: string;
  start: number;
  i: number;
  idParts: Array<string | number>;
}): EventOfType<'MemoryWritten'> {
  return benchEvent(
    'MemoryWritten',
    {
      memoryId: o.memoryId,
      type: 'USER',
      tier: 'SEMANTIC',
      key: null,
      content: o.content,
      tags: [],
      importance: 0.5,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: {},
      sourceMessageIds: [],
      episodeId: null,
      validFrom: null,
      validTo: null,
    },
    {
      userId: o.userId,
      sessionId: null,
      occurredAt: new Date(o.start + o.i * 600_000).toISOString(),
      idParts: o.idParts,
    },
  );
}
