import { EngramError } from '@engram/core';

/** An EventStoreDB $all position (commit, prepare), as the client gives it. */
export interface AllPosition {
  commit: bigint;
  prepare: bigint;
}

/**
 * Log offsets are twice the event's $all commit position (an event's own log position in
 * EventStoreDB 20+). Doubling keeps "offset + 1" (the usual "next offset" of a checkpoint or of
 * head()) an odd number that still names an exact record boundary: reading from 2c + 1 starts at
 * the record at c and skips it. Arbitrary byte positions are never sent to the server.
 */
export function offsetOf(p: AllPosition): number {
  const offset = p.commit * 2n;
  if (offset > BigInt(Number.MAX_SAFE_INTEGER)) {
    throw new EngramError(
      'LOG_CORRUPT',
      `EventStoreDB commit position ${p.commit} is beyond the offsets this adapter can represent`,
    );
  }
  return Number(offset);
}

/** Where a forward $all read must start to return every event at or after `offset`, and the first offset to keep. */
export function readStartFor(offset: number): { start: AllPosition | 'start'; minOffset: number } {
  if (!Number.isSafeInteger(offset) || offset <= 0) return { start: 'start', minOffset: 0 };
  const commit = BigInt(Math.floor(offset / 2));
  return { start: { commit, prepare: commit }, minOffset: offset };
}
