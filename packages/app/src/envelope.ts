import { currentSchemaVersion, formatPosition, newId } from '@engram/core';
import type { Clock, EngramEvent, EventLog, EventOfType, EventType, PayloadOf, Scope } from '@engram/core';
import { assertStorableEvent } from '@engram/contract';
import type { Appended } from './types';

export interface EnvelopeContext {
  scope: Scope;
  sessionId?: string | null;
  correlationId?: string | null;
  causationId?: string | null;
  /** The API key the request authenticated with (audit); null without one. */
  keyId?: string | null;
  /** When it happened in the world; defaults to now. */
  occurredAt?: string | null;
  eventId?: string;
}

/** Builds an event at the current schema version of its type, for the caller's stream. */
export function buildEvent<T extends EventType>(
  clock: Clock,
  type: T,
  ctx: EnvelopeContext,
  payload: PayloadOf<T>,
): EventOfType<T> {
  const now = clock.now().toISOString();
  return {
    eventId: ctx.eventId ?? newId(),
    type,
    schemaVersion: currentSchemaVersion(type),
    tenantId: ctx.scope.tenantId,
    userId: ctx.scope.userId,
    agentId: ctx.scope.agentId,
    sessionId: ctx.sessionId ?? null,
    occurredAt: ctx.occurredAt ?? now,
    recordedAt: now,
    causationId: ctx.causationId ?? null,
    correlationId: ctx.correlationId ?? null,
    keyId: ctx.keyId ?? null,
    payload,
  } as EventOfType<T>;
}

/**
 * Appends events of one stream in one durable append; answers with the last event's id and position.
 * Whatever the caller, an event no read model could store never reaches the log.
 */
export async function appendAll(log: EventLog, events: EngramEvent[]): Promise<Appended & { positions: string[] }> {
  for (const e of events) assertStorableEvent(e);
  const res = await log.append(events);
  const positions = res.positions.map(formatPosition);
  return { eventId: events[events.length - 1]!.eventId, position: positions[positions.length - 1]!, positions };
}
