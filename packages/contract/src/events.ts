import Type from 'typebox';
import { EVENT_TYPES, EngramError, type EngramEvent, type EventType, type PayloadOf } from '@engram/core';
import { problemOf } from './check';
import { id, timestamp, uuid } from './fields';
import { refine } from './refine';
import { jsonProblem, lineProblem, timestampProblem, type JsonProblem } from './storable';

/** Payload fields that hold ISO timestamps (each stored in a timestamptz column). */
const PAYLOAD_TIMESTAMPS: { [T in EventType]?: ReadonlyArray<keyof PayloadOf<T> & string> } = {
  MemoryWritten: ['validFrom', 'validTo'],
  FactExtracted: ['validFrom', 'validTo'],
  EpisodeCreated: ['startedAt', 'endedAt'],
};

function payloadProblem(type: string, payload: Record<string, unknown>): JsonProblem | null {
  const p = jsonProblem(payload);
  if (p) return p;
  for (const f of (PAYLOAD_TIMESTAMPS[type as EventType] ?? []) as string[]) {
    const v = payload[f];
    if (v === null || v === undefined) continue;
    const tp = typeof v === 'string' ? timestampProblem(v) : 'must be an ISO-8601 date-time';
    if (tp) return { path: f, problem: tp };
  }
  return null;
}

const nullableId = (description: string) => Type.Union([id(description), Type.Null()]);
const nullableLine = refine(Type.Union([Type.String(), Type.Null()]), (v) => (v === null ? null : lineProblem(v)));

/**
 * What every event must satisfy before a projector may apply it, whoever produced it (this API,
 * the consolidator, an import, a producer publishing straight to Kafka): the same field rules as the
 * requests, so nothing the read side cannot store reaches it. Request limits (lengths, counts) are
 * not part of it: events derived by Engram (summaries, facts) may legitimately be longer.
 */
export const StorableEvent = Type.Object({
  eventId: uuid('event id'),
  type: Type.Enum([...EVENT_TYPES]),
  schemaVersion: Type.Integer({ minimum: 1, maximum: 2 ** 31 - 1 }),
  tenantId: id('tenant'),
  userId: id('user'),
  agentId: nullableId('agent'),
  sessionId: nullableId('session'),
  occurredAt: timestamp('when it happened'),
  recordedAt: timestamp('when it was recorded'),
  causationId: nullableLine,
  correlationId: nullableLine,
  keyId: Type.Optional(nullableLine),
  payload: Type.Record(Type.String(), Type.Unknown()),
});

/**
 * Null when the event can be stored by every read model, else the VALIDATION_FAILED error; its
 * details.field names the envelope field or the payload path ("content", "metadata.a[2]").
 */
export function eventProblem(event: EngramEvent | unknown): EngramError | null {
  const envelope = problemOf(StorableEvent, event, 'event');
  if (envelope) return envelope;
  const e = event as EngramEvent;
  const p = payloadProblem(e.type, e.payload as unknown as Record<string, unknown>);
  if (!p) return null;
  const field = p.path || 'payload';
  return new EngramError('VALIDATION_FAILED', `${field}: ${p.problem} (${e.type} ${e.eventId})`, {
    details: { field, eventType: e.type, eventId: e.eventId },
  });
}

/** Throws VALIDATION_FAILED (details.field) unless every read model can store the event. */
export function assertStorableEvent(event: EngramEvent): void {
  const err = eventProblem(event);
  if (err) throw err;
}
