import { EngramError } from '@engram/core';

/**
 * Where an event stream stands: per partition, the offset of the next event it would deliver. As an
 * SSE id (Last-Event-ID) it is written as the last delivered position of each partition,
 * "partition:offset" joined by commas ("0:41" on the embedded log, whose one partition makes it the
 * event's own log position); a partition it names not starts at 0.
 */
export type StreamCursor = Map<number, number>;

export function formatCursor(next: StreamCursor): string {
  return [...next.entries()]
    .filter(([, n]) => n > 0)
    .sort((a, b) => a[0] - b[0])
    .map(([p, n]) => `${p}:${n - 1}`)
    .join(',');
}

const ENTRY = /^(\d{1,10}):(\d{1,16})$/;

/** The cursor after the positions of a Last-Event-ID; VALIDATION_FAILED when it is not one. */
export function parseCursor(id: string, field = 'Last-Event-ID'): StreamCursor {
  const next: StreamCursor = new Map();
  const text = id.trim();
  if (text === '') return next;
  for (const part of text.split(',')) {
    const m = ENTRY.exec(part.trim());
    const partition = Number(m?.[1]);
    const offset = Number(m?.[2]);
    if (!m || !Number.isSafeInteger(partition) || !Number.isSafeInteger(offset) || next.has(partition)) {
      throw new EngramError('VALIDATION_FAILED', `${field} must be "partition:offset" entries joined by commas`, {
        details: { field },
      });
    }
    next.set(partition, offset + 1);
  }
  return next;
}
