import type { StoredEvent } from '@engram/core';

function deepFreeze<T>(v: T): T {
  if (v === null || typeof v !== 'object' || Object.isFrozen(v)) return v;
  Object.freeze(v);
  for (const x of Object.values(v as object)) deepFreeze(x);
  return v;
}

/**
 * The last events read from the log, decoded, by offset: the consumers of one process following
 * the tail (projectors, search index, consolidator, erasure, webhooks) share one file read and one
 * decode of each event instead of one each. Frozen, since every consumer is handed the same object.
 */
export class RecentEvents {
  private readonly ring: Array<StoredEvent | undefined>;

  constructor(private readonly capacity: number) {
    this.ring = new Array<StoredEvent | undefined>(capacity);
  }

  get(offset: number): StoredEvent | undefined {
    const e = this.ring[offset % this.capacity];
    return e?.position.offset === offset ? e : undefined;
  }

  put(e: StoredEvent): StoredEvent {
    const frozen = deepFreeze(e);
    this.ring[e.position.offset % this.capacity] = frozen;
    return frozen;
  }
}
