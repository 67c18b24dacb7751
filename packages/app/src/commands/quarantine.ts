import {
  agentVisible,
  currentSchemaVersion,
  deterministicId,
  EngramError,
  forbidden,
  type Principal,
} from '@engram/core';
import { admitTenant } from '../access/operations';
import type { EngramEvent, QuarantineResolution } from '@engram/core';
import { getQuarantined, listQuarantined, type QuarantinedWrite } from '@engram/projections';
import type { AppContext } from '../context';
import { appendAll, buildEvent } from '../envelope';
import type { QuarantineListInput, QuarantineResolveInput, QuarantineResolveResult } from '../types';
import { waitForPosition } from '../position-wait';
import { positionOf } from '../rules';

/** Inputs are checked against their @engram/contract shapes by the transport. */
export async function listQuarantine(ctx: AppContext, input: QuarantineListInput): Promise<QuarantinedWrite[]> {
  const { tenantId, principal } = admitTenant(ctx, input, 'listQuarantine');
  // A key bound to a user or an agent reviews only theirs.
  if (principal.userId !== null && input.userId && input.userId !== principal.userId) {
    throw forbidden('USER_NOT_ALLOWED', `this key is bound to another user than "${input.userId}"`, {
      userId: input.userId,
    });
  }
  const userId = principal.userId ?? input.userId ?? null;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const items = await listQuarantined(ctx.db, tenantId, {
    ...(userId ? { userId } : {}),
    ...(input.status ? { status: input.status } : {}),
    ...(input.limit ? { limit: input.limit } : {}),
  });
  return items.filter((q) => agentVisible(principal.agentId, q.agentId));
}

async function pending(
  ctx: AppContext,
  principal: Principal,
  tenantId: string,
  quarantineId: string,
): Promise<QuarantinedWrite> {
  const q = await getQuarantined(ctx.db, tenantId, quarantineId);
  const reachable =
    q && (principal.userId === null || q.userId === principal.userId) && agentVisible(principal.agentId, q.agentId);
  if (!q || !reachable)
    throw new EngramError('NOT_FOUND', `no quarantined write ${quarantineId}`, { details: { quarantineId } });
  if (q.status !== 'pending') {
    throw new EngramError('CONFLICT', `quarantined write ${quarantineId} was already ${q.status}`, {
      details: { quarantineId, status: q.status },
    });
  }
  return q;
}

/**
 * An operator's decision on a held write. Released: the held event is appended as it would have
 * been (same stream, time and payload, at the current schema version of its type — fields added
 * since take their defaults), with an id derived from the quarantine and the ContentQuarantined
 * event as its cause, together with QuarantineResolved in one append. Discarded: only the decision.
 */
export async function resolveQuarantine(
  ctx: AppContext,
  input: QuarantineResolveInput,
  resolution: QuarantineResolution,
): Promise<QuarantineResolveResult> {
  const { tenantId, principal, keyId } = admitTenant(
    ctx,
    input,
    resolution === 'released' ? 'releaseQuarantined' : 'discardQuarantined',
  );
  const { quarantineId } = input;
  const note = input.note ?? null;
  const resolvedBy = input.resolvedBy ?? keyId;
  const correlationId = input.correlationId ?? null;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const q = await pending(ctx, principal, tenantId, quarantineId);
  const scope = { tenantId, userId: q.userId, agentId: q.agentId };
  const events: EngramEvent[] = [];
  let releasedEventId: string | null = null;
  if (resolution === 'released') {
    releasedEventId = deterministicId(quarantineId, 'released');
    events.push({
      eventId: releasedEventId,
      type: q.heldType,
      schemaVersion: currentSchemaVersion(q.heldType),
      tenantId,
      userId: q.userId,
      agentId: q.agentId,
      sessionId: q.sessionId,
      keyId: q.keyId,
      occurredAt: q.occurredAt,
      recordedAt: ctx.clock.now().toISOString(),
      causationId: q.eventId,
      correlationId,
      payload: q.heldPayload,
    } as unknown as EngramEvent);
  }
  events.push(
    buildEvent(
      ctx.clock,
      'QuarantineResolved',
      { scope, sessionId: q.sessionId, correlationId, causationId: q.eventId, keyId },
      {
        quarantineId,
        resolution,
        resolvedBy,
        releasedEventId,
        note,
      },
    ),
  );
  const { eventId, position } = await appendAll(ctx.log, events);
  ctx.logger.info(
    { tenantId, userId: q.userId, quarantineId, resolution, heldType: q.heldType },
    'quarantined write resolved',
  );
  return { quarantineId, resolution, eventId, position, releasedEventId };
}
