import {
  EngramError,
  formatPosition,
  type DeadLetter,
  type EngramEvent,
  type LogPosition,
  type Scope,
} from '@engram/core';
import { eventStatusRows, sqlDeadLetters } from '@engram/projections';
import type { AppContext } from '../context';
import type { CallBase, EventStatusView } from '../types';
import { admit } from '../access/operations';

/** How far back from the slowest checkpoint the log is searched for an event not applied yet. */
const MAX_TAIL_SCAN = 200_000;

/**
 * The events of the log the read side has not applied yet: from the slowest projection checkpoint
 * (at most MAX_TAIL_SCAN back from the head) to the head as it was when the scan began.
 */
export async function* unappliedEvents(ctx: AppContext): AsyncGenerator<{ event: EngramEvent; position: LogPosition }> {
  const head = await ctx.log.head();
  const r = await ctx.db.query<{ partition: number; next: number }>(
    'SELECT partition, min(next_offset) AS next FROM projection_checkpoints GROUP BY partition',
  );
  const slowest = new Map(r.rows.map((row) => [Number(row.partition), Number(row.next)]));
  const from = new Map(
    [...head].map(([p, h]) => [p, Math.max(0, Math.min(slowest.get(p) ?? 0, h), h - MAX_TAIL_SCAN)]),
  );
  for await (const { event, position } of ctx.log.read({ from })) {
    if (position.offset >= (head.get(position.partition) ?? 0)) continue;
    yield { event, position };
  }
}

/** The event in the part of the log the read side has not applied yet (the caller's stream only). */
async function findPending(
  ctx: AppContext,
  scope: Scope,
  eventId: string,
): Promise<{ position: LogPosition; type: string } | null> {
  for await (const { event, position } of unappliedEvents(ctx)) {
    if (event.eventId === eventId && event.tenantId === scope.tenantId && event.userId === scope.userId)
      return { position, type: event.type };
  }
  return null;
}

const deadLetterView = (d: DeadLetter) => ({
  id: d.id,
  projection: d.projection,
  code: d.code,
  error: d.error,
  attempts: d.attempts,
  status: d.status,
  lastFailedAt: d.lastFailedAt,
});

/**
 * L8 write status of an acknowledged event: pending (in the log, not yet applied by the read side),
 * applied (with the memory it produced), or rejected (a projector refused it, e.g. PROVENANCE_REJECTED,
 * or a projection dead-lettered it: DEAD_LETTERED, retryable). 404 for an id the caller's stream
 * does not hold.
 */
export async function eventStatus(ctx: AppContext, input: CallBase & { eventId: string }): Promise<EventStatusView> {
  const { scope } = admit(ctx, input, 'eventStatus');
  const eventId = input.eventId.toLowerCase();
  const rows = await eventStatusRows(ctx.db, scope.tenantId, scope.userId, eventId);
  const dead = (await sqlDeadLetters(ctx.db).list({ eventId, tenantId: scope.tenantId, userId: scope.userId })).filter(
    (d) => d.eventId === eventId,
  );
  let position: LogPosition | null = rows[0]
    ? { partition: rows[0].partition, offset: rows[0].offset }
    : (dead[0]?.position ?? null);
  let type = rows[0]?.eventType ?? dead[0]?.eventType ?? null;
  if (!position) {
    const pending = await findPending(ctx, scope, eventId);
    if (!pending)
      throw new EngramError('NOT_FOUND', `event ${eventId} is not in this user's stream`, { details: { eventId } });
    position = pending.position;
    type = pending.type;
  }
  const projections = rows.map((r) => ({
    projection: r.projection,
    outcome: r.outcome,
    memoryId: r.memoryId,
    code: r.code,
    reason: r.reason,
  }));
  const vectors: EventStatusView['vectors'] = ctx.vectorProgress
    ? (await ctx.vectorProgress.reached(position))
      ? 'applied'
      : 'pending'
    : null;
  const base = {
    eventId,
    vectors,
    type,
    position: formatPosition(position),
    projections,
    deadLetters: dead.map(deadLetterView),
  };
  const memoryId = rows.find((r) => r.memoryId)?.memoryId ?? null;
  const refused = rows.find((r) => r.outcome === 'rejected');
  if (refused) return { ...base, status: 'rejected', memoryId, code: refused.code, reason: refused.reason };
  if (dead.length > 0) {
    return {
      ...base,
      status: 'rejected',
      memoryId,
      code: 'DEAD_LETTERED',
      reason: dead.map((d) => `${d.projection}: ${d.code}: ${d.error}`).join('; '),
    };
  }
  const applied = rows.length > 0 && (await ctx.progress.reached(position));
  return { ...base, status: applied ? 'applied' : 'pending', memoryId, code: null, reason: null };
}
