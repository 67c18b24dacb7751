import { Readable } from 'node:stream';
import Type from 'typebox';
import type { MemoryApp, StreamItem } from '@engram/app';
import type { EventType } from '@engram/core';
import { EventStreamHeaders, EventStreamQuery } from '@engram/contract';
import { route, type RouteDef } from './route-def';

const nullable = (description?: string) => Type.Union([Type.String(), Type.Null()], description ? { description } : {});

/** One event of the stream: the `data:` of each SSE message (its `event:` is the type, its `id:` the resume id). */
export const wireEventSchema = Type.Object(
  {
    position: Type.String({ description: 'log position "partition:offset"' }),
    eventId: Type.String(),
    type: Type.String({
      description: 'event type (MemoryWritten, FactExtracted, MemorySuperseded, MemoryForgotten, …)',
    }),
    schemaVersion: Type.Integer(),
    tenantId: Type.String(),
    userId: Type.String(),
    agentId: nullable(),
    sessionId: nullable(),
    occurredAt: Type.String({ format: 'date-time' }),
    recordedAt: Type.String({ format: 'date-time' }),
    causationId: nullable(),
    correlationId: nullable(),
    data: Type.Record(Type.String(), Type.Unknown(), {
      description:
        'the payload’s clear fields: ids (memoryId, messageId, supersededBy, erasureId…), tier, source, times',
    }),
    content: Type.Union([Type.Record(Type.String(), Type.Unknown()), Type.Null()], {
      description:
        'the user content (content, tags, key, metadata… at their payload paths) of a live event; null for replayed events (read them through GET /v1/memories/{id}, which honours forgetting) and erased ones',
    }),
    erased: Type.Boolean({ description: 'its content was crypto-shredded (P4): only ids remain' }),
  },
  {
    description:
      'text/event-stream: each message is `id: <resume id>`, `event: <type>`, `data: <this object as JSON>`; ' +
      'a comment line (": heartbeat") comes when nothing happened for 15 s; a client that falls too far behind gets ' +
      '`event: error` (RATE_LIMITED, details.reason STREAM_TOO_SLOW) and the stream ends: reconnect with Last-Event-ID',
  },
);

/** One SSE message per item (https://html.spec.whatwg.org/multipage/server-sent-events.html). */
export function sseOf(item: StreamItem): string {
  switch (item.kind) {
    case 'event':
      return `id: ${item.id}\nevent: ${item.event.type}\ndata: ${JSON.stringify(item.event)}\n\n`;
    case 'heartbeat':
      return ': heartbeat\n\n';
    case 'end':
      return `event: error\ndata: ${JSON.stringify({ error: item.error })}\n\n`;
  }
}

export function eventStreamRoutes(app: MemoryApp, opts: { heartbeatMs?: number } = {}): RouteDef[] {
  return [
    route({
      method: 'GET',
      url: '/v1/events/stream',
      operationId: 'streamEvents',
      summary:
        'Server-Sent Events of the tenant’s (or a user’s) events within the key’s reach (read scope), from now, from a position or after a Last-Event-ID, then live',
      tag: 'ingest',
      reads: true,
      schema: { querystring: EventStreamQuery, headers: EventStreamHeaders },
      responses: {
        200: { description: 'the event stream', contentType: 'text/event-stream', schema: wireEventSchema },
      },
      async handle({ tenantId, principal, query, headers, signal }) {
        const items = await app.streamEvents({
          tenantId,
          principal,
          userId: query.userId ?? null,
          agentId: query.agentId ?? null,
          ...(headers['last-event-id'] !== undefined ? { after: headers['last-event-id'] } : {}),
          ...(query.from !== undefined ? { from: query.from } : {}),
          ...(query.follow === 'false' ? { follow: false } : {}),
          ...(query.types ? { types: query.types.split(',') as EventType[] } : {}),
          ...(opts.heartbeatMs !== undefined ? { heartbeatMs: opts.heartbeatMs } : {}),
          signal,
        });
        const body = Readable.from(
          (async function* () {
            // Sent at once, so the client sees the stream open before the first event; `retry` is its reconnect delay.
            yield 'retry: 2000\n: connected\n\n';
            for await (const item of items) yield sseOf(item);
          })(),
        );
        return {
          status: 200,
          body,
          contentType: 'text/event-stream; charset=utf-8',
          // connection: close — a stream ended by shutdown leaves no keep-alive connection to wait for.
          headers: { 'cache-control': 'no-cache', 'x-accel-buffering': 'no', connection: 'close' },
        };
      },
    }),
  ];
}
