import { EngramError } from '@engram/core';

/**
 * The event id a Mem0 add answers with: one opaque handle for what the add appended (a Mem0 add of
 * several messages is several Engram events), and whose stream it is, so GET /v1/event/{id}/ needs
 * nothing else. It carries no secret: admission still checks every read against the caller's key.
 * The encoding is a function of user, kind and events only, so GET /v1/events/ lists a one-event
 * add under the id the add answered (handles of earlier versions also named the agent: still read).
 */
export interface AddHandle {
  userId: string;
  /** raw: MemoryWritten events (infer false); infer: the SessionEnded whose consolidation extracts. */
  kind: 'raw' | 'infer';
  eventIds: string[];
}

const PREFIX = 'm0e_';

export function encodeAddHandle(h: AddHandle): string {
  // Event ids without their dashes keep the handle short enough for a URL path segment.
  const wire = {
    u: h.userId,
    k: h.kind === 'raw' ? 'r' : 'i',
    e: h.eventIds.map((id) => id.replace(/-/g, '')),
  };
  return PREFIX + Buffer.from(JSON.stringify(wire), 'utf8').toString('base64url');
}

export function decodeAddHandle(id: string): AddHandle {
  const bad = () => new EngramError('NOT_FOUND', `event ${id} not found`, { details: { eventId: id } });
  if (!id.startsWith(PREFIX)) throw bad();
  let wire: unknown;
  try {
    wire = JSON.parse(Buffer.from(id.slice(PREFIX.length), 'base64url').toString('utf8'));
  } catch {
    throw bad();
  }
  const w = wire as { u?: unknown; a?: unknown; k?: unknown; e?: unknown };
  const ids = Array.isArray(w.e) ? w.e : [];
  if (
    typeof w.u !== 'string' ||
    !(w.a === undefined || w.a === null || typeof w.a === 'string') ||
    (w.k !== 'r' && w.k !== 'i') ||
    !ids.every((x) => typeof x === 'string' && /^[0-9a-f]{32}$/.test(x))
  ) {
    throw bad();
  }
  const uuid = (hex: string) =>
    `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return { userId: w.u, kind: w.k === 'r' ? 'raw' : 'infer', eventIds: (ids as string[]).map(uuid) };
}
