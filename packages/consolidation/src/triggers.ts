import {
  deterministicId,
  newId,
  systemClock,
  type AppendResult,
  type Clock,
  type EventLog,
  type Logger,
  type Scope,
  type SqlExecutor,
} from '@engram/core';
import { buildEvent } from './events';
import { findIdleSessions } from './read-models';

/**
 * K1 manual trigger (admin API): ends the session with reason "manual"; the consolidator picks the
 * SessionEnded up like any other. Returns the append result (the event's position).
 */
export async function appendManualConsolidation(
  log: EventLog,
  scope: Scope,
  sessionId: string,
  opts: { clock?: Clock; correlationId?: string } = {},
): Promise<AppendResult & { eventId: string }> {
  const now = (opts.clock ?? systemClock).now().toISOString();
  const eventId = newId();
  const event = buildEvent(
    'SessionEnded',
    {
      tenantId: scope.tenantId,
      userId: scope.userId,
      agentId: scope.agentId,
      sessionId,
      causationId: null,
      correlationId: opts.correlationId ?? null,
    },
    eventId,
    { sessionId, reason: 'manual' },
    { occurredAt: now, recordedAt: now },
  );
  const r = await log.append([event]);
  return { ...r, eventId };
}

/**
 * K1 idle trigger: sessions without activity for idleSeconds (and not ended) get SessionEnded
 * {reason: 'idle'}. The event id is derived from the session's last activity, and sessions already
 * ended by this process are remembered until the read model shows them ended.
 */
export async function endIdleSessions(
  deps: {
    log: EventLog;
    db: SqlExecutor;
    clock: Clock;
    idleSeconds: number;
    logger: Logger;
    ended: Map<string, string>;
  },
  limit = 500,
): Promise<number> {
  const now = deps.clock.now();
  const idle = await findIdleSessions(deps.db, new Date(now.getTime() - deps.idleSeconds * 1000), limit);
  const stillOpen = new Set<string>();
  let count = 0;
  for (const s of idle) {
    const k = `${s.tenantId}/${s.userId}/${s.sessionId}`;
    stillOpen.add(k);
    if (deps.ended.get(k) === s.lastActivityAt) continue;
    const at = now.toISOString();
    await deps.log.append([
      buildEvent(
        'SessionEnded',
        {
          tenantId: s.tenantId,
          userId: s.userId,
          agentId: s.agentId,
          sessionId: s.sessionId,
          causationId: null,
          correlationId: null,
        },
        deterministicId('idle-end', s.tenantId, s.userId, s.sessionId, s.lastActivityAt),
        { sessionId: s.sessionId, reason: 'idle' },
        { occurredAt: at, recordedAt: at },
      ),
    ]);
    deps.ended.set(k, s.lastActivityAt);
    count++;
  }
  // Forget sessions the read model now shows as ended (or active again).
  if (idle.length < limit) for (const k of [...deps.ended.keys()]) if (!stillOpen.has(k)) deps.ended.delete(k);
  if (count > 0) deps.logger.info({ sessions: count }, 'idle sessions ended');
  return count;
}
