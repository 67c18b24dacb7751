import { sealedFieldsOf, valueAt, withValueAt, formatPosition, type Envelope, type StoredEvent } from '@engram/core';

/**
 * An event as the event stream (SSE, gRPC) and webhooks show it: the envelope, the payload's clear
 * fields (ids, tiers, provenance, times — what the log keeps unsealed) under `data`, and the user
 * content (the sealed fields, at the same paths) under `content` only when the caller may see it.
 */
export interface WireEvent extends Omit<Envelope<string, unknown>, 'payload' | 'keyId'> {
  /** "partition:offset" of the event in the log. */
  position: string;
  data: Record<string, unknown>;
  /** The user content, or null: withheld, erased, or the event has none. */
  content: Record<string, unknown> | null;
  /** Some of the event's content was crypto-shredded (P4): it is gone, only ids remain. */
  erased: boolean;
}

export function toWireEvent(stored: StoredEvent, opts: { content: boolean }): WireEvent {
  const e = stored.event;
  const fields = sealedFieldsOf(e);
  let data = e.payload as unknown as Record<string, unknown>;
  let content: Record<string, unknown> | null = null;
  for (const f of fields) {
    const v = valueAt(data, f.path);
    if (v === undefined) continue;
    data = withValueAt(data, f.path, undefined);
    if (opts.content && !stored.erased) content = withValueAt(content ?? {}, f.path, v);
  }
  return {
    position: formatPosition(stored.position),
    eventId: e.eventId,
    type: e.type,
    schemaVersion: e.schemaVersion,
    tenantId: e.tenantId,
    userId: e.userId,
    agentId: e.agentId,
    sessionId: e.sessionId,
    occurredAt: e.occurredAt,
    recordedAt: e.recordedAt,
    causationId: e.causationId,
    correlationId: e.correlationId,
    // The removed fields are undefined: JSON drops them.
    data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
    content,
    erased: stored.erased === true,
  };
}
