import { assertNever, type EngramEvent, type EventType } from './types';

/**
 * Which payload fields of each event type hold user content and are sealed in the log (P4), and
 * with which key. Routing, ordering and lineage fields (ids, tiers, provenance, times, session ids)
 * stay clear. Content of an erasable item (a memory, an episode, a contradiction, a skill) is sealed
 * with that item's key, so one memory can be shredded on its own; the rest with the subject key.
 *
 * A memory's semantic key ("city", "employer": it carries content too) is sealed with the key of its
 * slot: one key per (subject, key name), named by a keyed hash of the name, so the key store never
 * holds the name either. Every write, forget and contradiction naming the same key uses the slot's
 * key; later writes are ordered against earlier ones (supersession, versions), so a replay takes the
 * same decisions as long as the slot key lives. Erasing the key destroys it; erasing one memory
 * destroys it when every event that named the key is erased with that memory.
 */
export type SealShape =
  /** A string; erased it reads "". */
  | 'text'
  /** A string or null; erased it reads null. */
  | 'nullableText'
  /** A list of strings, sealed as one value (its JSON) in a one-element list; erased it reads []. */
  | 'list'
  /** A JSON object, sealed as one value under SEALED_JSON_KEY; erased it reads {}. */
  | 'json';

export interface SealedField {
  /** Path below `payload`. */
  path: readonly string[];
  shape: SealShape;
  /** The item whose key seals the field ("memory:<id>"), or null for the subject key. */
  item: string | null;
  /** A semantic key: sealed with the key of the slot its value names (see slotItem), not with `item`. */
  slot?: true;
}

/** A sealed JSON object is `{ [SEALED_JSON_KEY]: <sealed JSON text> }`. */
export const SEALED_JSON_KEY = '$sealed';

export function memoryItem(memoryId: string): string {
  return `memory:${memoryId}`;
}
export function episodeItem(episodeId: string): string {
  return `episode:${episodeId}`;
}
export function contradictionItem(contradictionId: string): string {
  return `contradiction:${contradictionId}`;
}
export function skillItem(skillId: string): string {
  return `skill:${skillId}`;
}
/** The item of a semantic key's slot, named by `slotId` (a keyed hash of the key name, never the name). */
export function slotItem(slotId: string): string {
  return `slot:${slotId}`;
}
export const isSlotItem = (item: string | null): boolean => item !== null && item.startsWith('slot:');

const slotField = (...path: string[]): SealedField => ({ path, shape: 'nullableText', item: null, slot: true });

const itemOf = (make: (id: string) => string, id: unknown): string | null =>
  typeof id === 'string' && id.length > 0 ? make(id) : null;

function fields(item: string | null, shape: SealShape, ...names: string[]): SealedField[] {
  return names.map((n) => ({ path: [n], shape, item }));
}

/**
 * The sealed fields of a payload of `type`. Payloads held inside a ContentQuarantined event are
 * sealed by the rules of the type they were held as (their ids stay clear, so a forget still finds them).
 */
export function sealedPayloadFields(type: EventType, payload: Record<string, unknown>): SealedField[] {
  switch (type) {
    case 'MessageObserved':
      return [...fields(null, 'text', 'content'), ...fields(null, 'json', 'metadata')];
    case 'MemoryWritten': {
      const item = itemOf(memoryItem, payload.memoryId);
      return [
        ...fields(item, 'text', 'content'),
        ...fields(item, 'list', 'tags'),
        ...fields(item, 'json', 'metadata'),
        slotField('key'),
      ];
    }
    case 'FactExtracted': {
      const item = itemOf(memoryItem, payload.memoryId);
      return [
        ...fields(item, 'text', 'content'),
        ...fields(item, 'list', 'tags'),
        ...fields(item, 'nullableText', 'subject', 'predicate', 'object', 'timeHint'),
        slotField('key'),
      ];
    }
    case 'EpisodeCreated': {
      const item = itemOf(episodeItem, payload.episodeId);
      return [...fields(item, 'text', 'summary'), ...fields(item, 'list', 'entityIds')];
    }
    case 'ContradictionDetected': {
      const item = itemOf(contradictionItem, payload.contradictionId);
      const out = fields(item, 'text', 'description');
      if (payload.candidate && typeof payload.candidate === 'object') {
        out.push({ path: ['candidate', 'content'], shape: 'text', item }, slotField('candidate', 'key'));
      }
      return out;
    }
    case 'SkillRecorded': {
      const item = itemOf(skillItem, payload.skillId);
      return [...fields(item, 'text', 'name', 'whenToUse'), ...fields(item, 'list', 'steps')];
    }
    case 'WriteRejected':
      return [...fields(null, 'nullableText', 'match'), ...fields(null, 'text', 'contentSha256')];
    case 'ContentQuarantined': {
      const held = payload.heldPayload;
      const heldType = payload.heldType as EventType;
      if (!held || typeof held !== 'object' || Array.isArray(held) || heldType === 'ContentQuarantined')
        return fields(null, 'nullableText', 'match');
      const inner = sealedPayloadFields(heldType, held as Record<string, unknown>).map((f) => ({
        ...f,
        path: ['heldPayload', ...f.path],
      }));
      // The matched fragment is a piece of the held content: sealed like it.
      const primary = inner.find((f) => f.item !== null)?.item ?? null;
      return [...inner, ...fields(primary, 'nullableText', 'match')];
    }
    case 'QuarantineResolved':
      return fields(null, 'nullableText', 'note');
    case 'MemoryForgotten':
      return [slotField('key'), ...fields(null, 'nullableText', 'reason')];
    case 'SessionStarted':
    case 'SessionEnded':
    case 'MemoryAccessed':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'MemoryArchived':
    case 'MemoryRestored':
    case 'MemorySuperseded':
    case 'ContradictionResolved':
    case 'ErasureCompleted':
      return [];
    default:
      return assertNever(type, 'event type');
  }
}

export function sealedFieldsOf(e: EngramEvent): SealedField[] {
  return sealedPayloadFields(e.type, e.payload as unknown as Record<string, unknown>);
}

/** The value at `path` below `root` (undefined when a step is missing). */
export function valueAt(root: unknown, path: readonly string[]): unknown {
  let v = root;
  for (const step of path) {
    if (!v || typeof v !== 'object') return undefined;
    v = (v as Record<string, unknown>)[step];
  }
  return v;
}

/** Sets the value at `path` in a copy-on-write way: every object on the way is copied, `root` is not changed. */
export function withValueAt<T extends Record<string, unknown>>(root: T, path: readonly string[], value: unknown): T {
  const [head, ...rest] = path;
  if (head === undefined) return root;
  const copy = { ...root } as Record<string, unknown>;
  copy[head] = rest.length === 0 ? value : withValueAt((root[head] ?? {}) as Record<string, unknown>, rest, value);
  return copy as T;
}

/** What an erased field reads as. */
export function erasedValueOf(shape: SealShape): unknown {
  switch (shape) {
    case 'text':
      return '';
    case 'nullableText':
      return null;
    case 'list':
      return [];
    case 'json':
      return {};
    default:
      return assertNever(shape, 'seal shape');
  }
}
