import { EngramError, newId } from '@engram/core';
import type { EngramEvent, Scope } from '@engram/core';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { getErasure, getMemory, listSessions, type ErasureReport } from '@engram/projections';
import type { StoredMemory } from '@engram/projections';
import { waitForPosition } from '../position-wait';
import { screenWrite } from '../scanning';
import type { Appended, ConsolidateInput, ConsolidateResult, ForgetInput, ForgetResult, MemoryIdInput, SessionInput } from '../types';
import { invalid, positionOf } from '../rules';

export async function endSession(ctx: AppContext, input: SessionInput): Promise<Appended> {
  const { scope, sessionId } = input;
  const correlationId = input.correlationId ?? null;
  const event = buildEvent(ctx.clock, 'SessionEnded', { scope, sessionId, correlationId }, { sessionId, reason: 'explicit' });
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}

/** Looks a memory up in the caller's scope after the optional read-your-writes wait; 404 otherwise. */
async function memoryInScope(ctx: AppContext, input: MemoryIdInput): Promise<{ scope: Scope; row: StoredMemory; correlationId: string | null }> {
  const { scope } = input;
  const memoryId = input.memoryId.toLowerCase();
  const correlationId = input.correlationId ?? null;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const row = await getMemory(ctx.db, scope, memoryId);
  if (!row) throw new EngramError('NOT_FOUND', `memory ${memoryId} not found`, { details: { memoryId } });
  return { scope, row, correlationId };
}

export async function pin(ctx: AppContext, input: MemoryIdInput, pinned: boolean): Promise<Appended> {
  const { scope, row, correlationId } = await memoryInScope(ctx, input);
  const memoryId = row.id;
  const event = pinned
    ? buildEvent(ctx.clock, 'MemoryPinned', { scope, correlationId }, { memoryId })
    : buildEvent(ctx.clock, 'MemoryUnpinned', { scope, correlationId }, { memoryId });
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}

export async function restore(ctx: AppContext, input: MemoryIdInput): Promise<Appended> {
  const { scope, row, correlationId } = await memoryInScope(ctx, input);
  if (row.tier !== 'ARCHIVAL') {
    throw new EngramError('CONFLICT', `memory ${row.id} is ${row.tier}; only an ARCHIVAL entry can be restored`, {
      details: { memoryId: row.id, tier: row.tier },
    });
  }
  const event = buildEvent(ctx.clock, 'MemoryRestored', { scope, correlationId }, { memoryId: row.id });
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}

/** P4: erase one memory, every entry of a key, or everything of the user; the event is the audit record. */
export async function forget(ctx: AppContext, input: ForgetInput): Promise<ForgetResult> {
  const { target, scope } = input;
  const correlationId = input.correlationId ?? null;
  const reason = input.reason ?? null;
  const requestedBy = input.requestedBy ?? scope.agentId ?? scope.userId;
  let memoryId: string | null = null;
  let key: string | null = null;
  if (target === 'memory') {
    if (!input.memoryId) throw invalid('memoryId', 'is required to forget a memory');
    const { row } = await memoryInScope(ctx, { scope, memoryId: input.memoryId, minPosition: input.minPosition });
    memoryId = row.id;
  } else if (target === 'key') {
    key = input.key ?? null;
    if (!key) throw invalid('key', 'is required to forget a key');
  }
  if (reason) {
    // An erasure is never held for an operator: a refused reason refuses the request.
    await screenWrite(ctx, { scope, sessionId: null, correlationId, attempted: 'forget', fields: { reason }, quarantinable: false });
  }
  const erasureId = newId();
  const event = buildEvent(ctx.clock, 'MemoryForgotten', { scope, correlationId }, { target, memoryId, key, reason, requestedBy, erasureId, derived: null });
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position, erasureId };
}

/** B2: the report of one erasure (pending until the erasure coordinator completes it). */
export async function erasureReport(ctx: AppContext, input: { tenantId: string; erasureId: string; minPosition?: string }): Promise<ErasureReport> {
  await waitForPosition(ctx, positionOf(input.minPosition));
  const r = await getErasure(ctx.db, input.tenantId, input.erasureId.toLowerCase());
  if (!r) throw new EngramError('NOT_FOUND', `erasure ${input.erasureId} not found`, { details: { erasureId: input.erasureId } });
  return r;
}

/** K1 manual trigger: ends the given session, or every open session of the user, for consolidation. */
export async function consolidate(ctx: AppContext, input: ConsolidateInput): Promise<ConsolidateResult> {
  const { scope } = input;
  const correlationId = input.correlationId ?? null;
  const one = input.sessionId ?? null;
  const sessions = one ? [one] : (await listSessions(ctx.db, scope, { openOnly: true, limit: 1000 })).map((x) => x.sessionId);
  if (sessions.length === 0) return { sessions: [], eventIds: [], position: null };
  const events: EngramEvent[] = sessions.map((sessionId) =>
    buildEvent(ctx.clock, 'SessionEnded', { scope, sessionId, correlationId }, { sessionId, reason: 'manual' }),
  );
  const res = await appendAll(ctx.log, events);
  return { sessions, eventIds: events.map((e) => e.eventId), position: res.position };
}
