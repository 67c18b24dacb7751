import { currentSchemaVersion, type EngramEvent, type EventOfType, type EventType, type PayloadOf } from '@engram/core';

/** Who the events are about and what caused them. */
export interface EventOrigin {
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string | null;
  causationId: string | null;
  correlationId: string | null;
}

/** Builds an event of the catalogue with the current schema version. */
export function buildEvent<T extends EventType>(
  type: T,
  origin: EventOrigin,
  eventId: string,
  payload: PayloadOf<T>,
  times: { occurredAt: string; recordedAt: string },
): EventOfType<T> {
  const e = {
    eventId,
    type,
    schemaVersion: currentSchemaVersion(type),
    tenantId: origin.tenantId,
    userId: origin.userId,
    agentId: origin.agentId,
    sessionId: origin.sessionId,
    occurredAt: times.occurredAt,
    recordedAt: times.recordedAt,
    causationId: origin.causationId,
    correlationId: origin.correlationId,
    // Engram's own derived events carry no key; causationId leads to the write that caused them.
    keyId: null,
    payload,
  } as EngramEvent;
  return e as EventOfType<T>;
}
