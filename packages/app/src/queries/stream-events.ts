import {
  EngramError,
  authorize,
  forbidden,
  parsePosition,
  requireScopes,
  tenantFor,
  type EventType,
  type StoredEvent,
} from '@engram/core';
import { callerOf } from '../access/operations';
import type { AppContext } from '../context';
import { formatCursor, parseCursor, type StreamCursor } from '../events/event-cursor';
import { toWireEvent, type WireEvent } from '../events/wire-event';
import type { StreamEventsInput, StreamItem } from '../types';

const DEFAULT_HEARTBEAT_MS = 15_000;
/** Live events a stream holds for a client that does not take them; beyond, it is disconnected (it resumes from its last id). */
export const DEFAULT_STREAM_BUFFER = 10_000;

interface Reach {
  tenantId: string;
  userId: string | null;
  agentId: string | null;
}

/** P5: the events the key may see: its tenant, its user (or the one asked for), its agent. Read scope. */
function reachOf(ctx: AppContext, input: StreamEventsInput): Reach {
  const principal = callerOf(ctx, input.principal, 'streamEvents');
  const userId = input.userId ?? principal.userId;
  if (userId !== null) {
    const s = authorize(principal, ['read'], { tenantId: input.tenantId, userId, agentId: input.agentId ?? null });
    return { tenantId: s.tenantId, userId: s.userId, agentId: s.agentId };
  }
  requireScopes(principal, ['read']);
  const tenantId = tenantFor(principal, input.tenantId);
  const agentId = input.agentId ?? null;
  if (principal.agentId !== null && agentId !== null && agentId !== principal.agentId)
    throw forbidden('AGENT_NOT_ALLOWED', `this key is bound to another agent than "${agentId}"`, { agentId });
  return { tenantId, userId: null, agentId: principal.agentId ?? agentId };
}

function startOf(input: StreamEventsInput): StreamCursor | null {
  if (input.after !== undefined && input.after.trim() !== '') return parseCursor(input.after);
  if (input.from === undefined) return null;
  const p = parsePosition(input.from);
  if (!p)
    throw new EngramError('VALIDATION_FAILED', 'from must be a log position "partition:offset"', {
      details: { field: 'from' },
    });
  return new Map([[p.partition, p.offset]]);
}

/**
 * B1: the events of a tenant or a user within the key's reach, from a position (or the head), then
 * live. Replayed events (already in the log when the stream started) carry ids only — their
 * content may have been forgotten since, and reads are where forgetting is honoured; live events
 * carry their content unless it was erased. Authorised and validated before the first item.
 */
export async function streamEvents(ctx: AppContext, input: StreamEventsInput): Promise<AsyncIterable<StreamItem>> {
  const reach = reachOf(ctx, input);
  const start = startOf(input);
  const types = input.types && input.types.length > 0 ? new Set<EventType>(input.types) : null;
  const heartbeatMs = input.heartbeatMs ?? DEFAULT_HEARTBEAT_MS;
  const maxBuffered = input.maxBuffered ?? DEFAULT_STREAM_BUFFER;
  const hub = ctx.tail;
  const { log } = ctx;
  const signal = input.signal;

  const visible = (s: StoredEvent) => {
    const e = s.event;
    return (
      e.tenantId === reach.tenantId &&
      (reach.userId === null || e.userId === reach.userId) &&
      (reach.agentId === null || e.agentId === reach.agentId) &&
      (types === null || types.has(e.type))
    );
  };

  return {
    async *[Symbol.asyncIterator]() {
      const live: StoredEvent[] = [];
      let overflow = false;
      let wake: (() => void) | null = null;
      const poke = () => {
        wake?.();
        wake = null;
      };
      const leave = hub.join({
        push(batch) {
          if (overflow) return;
          if (live.length + batch.length > maxBuffered) overflow = true;
          else live.push(...batch);
          poke();
        },
      });
      signal?.addEventListener('abort', poke);
      // Joined before the head is read: whatever is appended from now on reaches `live`; what both
      // the catch-up read and `live` hold is delivered once (by position).
      const next: StreamCursor = start ?? (await log.head());
      const deliver = function* (s: StoredEvent, replayed: boolean): Generator<StreamItem> {
        const p = s.position.partition;
        if (s.position.offset < (next.get(p) ?? 0)) return;
        next.set(p, s.position.offset + 1);
        if (!visible(s)) return;
        const event: WireEvent = toWireEvent(s, { content: !replayed });
        yield { kind: 'event', id: formatCursor(next), event };
      };
      try {
        if (start) {
          const head = await log.head();
          // A position past the head (another log's id) follows the head rather than waiting for the log to get there.
          for (const [p, n] of start) if (n > (head.get(p) ?? 0)) start.set(p, head.get(p) ?? 0);
          const behind = [...head].some(([p, h]) => (start.get(p) ?? 0) < h);
          if (behind) {
            for await (const s of log.read({ from: new Map(start) })) {
              if (signal?.aborted) return;
              yield* deliver(s, true);
            }
          }
        }
        if (input.follow === false) return;
        for (;;) {
          if (signal?.aborted) return;
          if (overflow) {
            const error = new EngramError(
              'RATE_LIMITED',
              `the client took events more slowly than they were written (over ${maxBuffered} waiting); resume from the last id`,
              { retriable: true, details: { reason: 'STREAM_TOO_SLOW' } },
            ).toJSON();
            yield { kind: 'end', error };
            return;
          }
          const s = live.shift();
          if (s) {
            yield* deliver(s, false);
            continue;
          }
          let timer: NodeJS.Timeout | undefined;
          const beat = await new Promise<boolean>((resolve) => {
            wake = () => resolve(false);
            timer = setTimeout(() => resolve(true), heartbeatMs);
          });
          clearTimeout(timer);
          wake = null;
          if (beat) yield { kind: 'heartbeat' };
        }
      } finally {
        leave();
        signal?.removeEventListener('abort', poke);
      }
    },
  };
}
