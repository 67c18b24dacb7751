import type { EngramEvent, EventType } from '@engram/core';

/**
 * Meaning changes between schema versions. Avro resolution already gave the event the current
 * shape (new fields take their defaults, promoted types are converted); an upcaster registered for
 * (type, v) then fixes what the values written at version v mean, so they match version v + 1.
 */
export type Upcaster = (event: Record<string, unknown> & { payload: Record<string, unknown> }) => void;

export interface UpcasterEntry {
  type: EventType;
  /** The writer version this step lifts to `fromVersion + 1`. */
  fromVersion: number;
  description: string;
  apply: Upcaster;
}

export const UPCASTERS: readonly UpcasterEntry[] = [
  {
    type: 'ContradictionDetected',
    fromVersion: 1,
    description: 'v1 wrote confidence as an int percentage (0-100); v2 is a fraction (0-1).',
    apply: (event) => {
      const c = event.payload.confidence;
      if (typeof c === 'number') event.payload.confidence = Math.min(1, Math.max(0, c / 100));
    },
  },
  {
    type: 'MemoryAccessed',
    fromVersion: 2,
    description: 'v1 and v2 recorded each accessed memory once per event; v3 carries a count per memory: 1 each.',
    apply: (event) => {
      const ids = event.payload.memoryIds;
      if (Array.isArray(ids) && !(Array.isArray(event.payload.counts) && event.payload.counts.length === ids.length))
        event.payload.counts = ids.map(() => 1);
    },
  },
];

export class UpcasterRegistry {
  private readonly steps = new Map<string, UpcasterEntry>();

  constructor(entries: readonly UpcasterEntry[] = UPCASTERS) {
    for (const e of entries) {
      const key = `${e.type}@${e.fromVersion}`;
      if (this.steps.has(key)) throw new Error(`duplicate upcaster for ${key}`);
      this.steps.set(key, e);
    }
  }

  has(type: EventType, fromVersion: number): boolean {
    return this.steps.has(`${type}@${fromVersion}`);
  }

  entries(): UpcasterEntry[] {
    return [...this.steps.values()];
  }

  /** Applies, in order, every step from the writer version up to the current version (in place). */
  upcast(event: EngramEvent, writerVersion: number, currentVersion: number): EngramEvent {
    const target = event as unknown as Parameters<Upcaster>[0];
    for (let v = writerVersion; v < currentVersion; v++) this.steps.get(`${event.type}@${v}`)?.apply(target);
    return event;
  }
}
