import { createHash, randomUUID } from 'node:crypto';

/** A UUID in any version and either case (JSON-schema source; `isUuid` tests it). */
export const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
const UUID = new RegExp(UUID_PATTERN);

/** Ids that land in uuid columns (or uuid-keyed stores) must pass this. */
export function isUuid(s: unknown): s is string {
  return typeof s === 'string' && UUID.test(s);
}

export function newId(): string {
  return randomUUID();
}

/**
 * A UUID (version 5 layout) derived from its parts, so replays and retries that re-derive an event
 * or memory from the same cause get the same id and are deduplicated downstream.
 */
export function deterministicId(...parts: Array<string | number | null | undefined>): string {
  const h = createHash('sha1')
    .update(parts.map((p) => (p == null ? '\u0000' : String(p))).join('\u001f'))
    .digest();
  h[6] = (h[6]! & 0x0f) | 0x50;
  h[8] = (h[8]! & 0x3f) | 0x80;
  const hex = h.subarray(0, 16).toString('hex');
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20, 32)}`;
}

/** The EpisodeCreated event the consolidator appends for an ended session: derived from the SessionEnded event id. */
export function episodeEventIdOf(sessionEndedEventId: string): string {
  return deterministicId(sessionEndedEventId, 'EpisodeCreated');
}

export function sha256Hex(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
