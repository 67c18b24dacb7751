import { EngramError, newId, requireAllAgents, type Principal } from '@engram/core';
import { admit, admitTenant, type Operation } from '../access/operations';
import type { EngramEvent, Scope } from '@engram/core';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import { getErasure, getMemory, listSessions, type ErasureReport } from '@engram/projections';
import type { StoredMemory } from '@engram/projections';
import { waitForPosition } from '../position-wait';
import { screenWrite } from '../scanning';
import type {
  Appended,
  ConsolidateInput,
  ConsolidateResult,
  ForgetInput,
  ForgetResult,
  MemoryIdInput,
  SessionInput,
} from '../types';
import { invalid, positionOf } from '../rules';

export async function endSession(ctx: AppContext, input: SessionInput): Promise<Appended> {
  const { scope, keyId } = admit(ctx, input, 'endSession');
  const { sessionId } = input;
  const correlationId = input.correlationId ?? null;
  const event = buildEvent(
    ctx.clock,
    'SessionEnded',
    { scope, sessionId, correlationId, keyId },
    { sessionId, reason: 'explicit' },
  );
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}

interface InScope {
  scope: Scope;
  row: StoredMemory;
  correlationId: string | null;
  keyId: string | null;
}

/** Looks a memory up in the caller's (authorised) scope after the optional read-your-writes wait; 404 otherwise. */
async function lookUp(
  ctx: AppContext,
  scope: Scope,
  keyId: string | null,
  input: Omit<MemoryIdInput, 'scope'>,
): Promise<InScope> {
  const memoryId = input.memoryId.toLowerCase();
  const correlationId = input.correlationId ?? null;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const row = await getMemory(ctx.db, scope, memoryId);
  if (!row) throw new EngramError('NOT_FOUND', `memory ${memoryId} not found`, { details: { memoryId } });
  return { scope, row, correlationId, keyId };
}

function memoryInScope(ctx: AppContext, input: MemoryIdInput, op: Operation): Promise<InScope> {
  const { scope, keyId } = admit(ctx, input, op);
  return lookUp(ctx, scope, keyId, input);
}

export async function pin(ctx: AppContext, input: MemoryIdInput, pinned: boolean): Promise<Appended> {
  const { scope, row, correlationId, keyId } = await memoryInScope(ctx, input, pinned ? 'pin' : 'unpin');
  const memoryId = row.id;
  const event = pinned
    ? buildEvent(ctx.clock, 'MemoryPinned', { scope, correlationId, keyId }, { memoryId })
    : buildEvent(ctx.clock, 'MemoryUnpinned', { scope, correlationId, keyId }, { memoryId });
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}

export async function restore(ctx: AppContext, input: MemoryIdInput): Promise<Appended> {
  const { scope, row, correlationId, keyId } = await memoryInScope(ctx, input, 'restore');
  if (row.tier !== 'ARCHIVAL') {
    throw new EngramError('CONFLICT', `memory ${row.id} is ${row.tier}; only an ARCHIVAL entry can be restored`, {
      details: { memoryId: row.id, tier: row.tier },
    });
  }
  const event = buildEvent(ctx.clock, 'MemoryRestored', { scope, correlationId, keyId }, { memoryId: row.id });
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position };
}

/** P4: erase one memory, every entry of a key, or everything of the user; the event is the audit record. */
export async function forget(ctx: AppContext, input: ForgetInput): Promise<ForgetResult> {
  const { target } = input;
  const { scope, principal, keyId } = admit(ctx, input, 'forget');
  // Erasing a key or a whole user reaches every agent's entries: not for an agent-bound key.
  if (target !== 'memory') requireAllAgents(principal, target === 'key' ? 'forgetting a key' : 'forgetting a user');
  const correlationId = input.correlationId ?? null;
  const reason = input.reason ?? null;
  const requestedBy = input.requestedBy ?? scope.agentId ?? scope.userId;
  let memoryId: string | null = null;
  let key: string | null = null;
  if (target === 'memory') {
    if (!input.memoryId) throw invalid('memoryId', 'is required to forget a memory');
    const { row } = await lookUp(ctx, scope, keyId, { memoryId: input.memoryId, minPosition: input.minPosition });
    memoryId = row.id;
  } else if (target === 'key') {
    key = input.key ?? null;
    if (!key) throw invalid('key', 'is required to forget a key');
  }
  if (reason) {
    // An erasure is never held for an operator: a refused reason refuses the request.
    await screenWrite(ctx, {
      scope,
      sessionId: null,
      correlationId,
      keyId,
      attempted: 'forget',
      fields: { reason },
      quarantinable: false,
    });
  }
  const erasureId = newId();
  const event = buildEvent(
    ctx.clock,
    'MemoryForgotten',
    { scope, correlationId, keyId },
    { target, memoryId, key, reason, requestedBy, erasureId, derived: null },
  );
  const { eventId, position } = await appendAll(ctx.log, [event]);
  return { eventId, position, erasureId };
}

/** B2: the report of one erasure (pending until the erasure coordinator completes it). */
export async function erasureReport(
  ctx: AppContext,
  input: { tenantId: string; principal?: Principal; erasureId: string; minPosition?: string },
): Promise<ErasureReport> {
  const { tenantId, principal } = admitTenant(ctx, input, 'getErasure');
  await waitForPosition(ctx, positionOf(input.minPosition));
  const r = await getErasure(ctx.db, tenantId, input.erasureId.toLowerCase());
  // A key bound to a user sees that user's erasures only.
  if (!r || (principal.userId !== null && r.subject.userId !== principal.userId))
    throw new EngramError('NOT_FOUND', `erasure ${input.erasureId} not found`, {
      details: { erasureId: input.erasureId },
    });
  return r;
}

/** K1 manual trigger: ends the given session, or every open session of the user, for consolidation. */
export async function consolidate(ctx: AppContext, input: ConsolidateInput): Promise<ConsolidateResult> {
  const { scope, keyId } = admit(ctx, input, 'consolidate');
  const correlationId = input.correlationId ?? null;
  const one = input.sessionId ?? null;
  const sessions = one
    ? [one]
    : (await listSessions(ctx.db, scope, { openOnly: true, limit: 1000 })).map((x) => x.sessionId);
  if (sessions.length === 0) return { sessions: [], eventIds: [], position: null };
  const events: EngramEvent[] = sessions.map((sessionId) =>
    buildEvent(ctx.clock, 'SessionEnded', { scope, sessionId, correlationId, keyId }, { sessionId, reason: 'manual' }),
  );
  const res = await appendAll(ctx.log, events);
  return { sessions, eventIds: events.map((e) => e.eventId), position: res.position };
}
