import {
  deterministicId,
  effectiveImportance,
  shouldArchive,
  type Clock,
  type DecayConfig,
  type EngramEvent,
  type EventLog,
  type Logger,
  type SqlExecutor,
} from '@engram/core';
import { buildEvent } from './events';
import { loadDecayCandidates } from './read-models';

/**
 * D1: SEMANTIC ENVIRONMENT entries whose effective importance fell below the threshold are archived
 * (USER and pinned entries are exempt). One append per user stream; the event id is derived from the
 * entry's last event, so a repeated pass over an unchanged entry plans the same event.
 */
export async function runDecayPass(
  deps: {
    log: EventLog;
    db: SqlExecutor;
    clock: Clock;
    decay: DecayConfig;
    logger: Logger;
    recentlyArchived: Set<string>;
  },
  scope?: { tenantId: string; userId: string },
): Promise<number> {
  const now = deps.clock.now();
  const candidates = await loadDecayCandidates(deps.db, scope);
  const byUser = new Map<string, EngramEvent[]>();
  for (const e of candidates) {
    const input = {
      importance: e.importance,
      type: 'ENVIRONMENT' as const,
      pinned: e.pinned,
      accessCount: e.accessCount,
      lastTouched: e.lastAccessed ?? e.createdAt,
    };
    if (!shouldArchive(input, now, deps.decay)) continue;
    const eventId = deterministicId(e.id, 'decay', e.lastEventId);
    if (deps.recentlyArchived.has(eventId)) continue;
    const event = buildEvent(
      'MemoryArchived',
      {
        tenantId: e.tenantId,
        userId: e.userId,
        agentId: e.agentId,
        sessionId: null,
        causationId: e.lastEventId,
        correlationId: null,
      },
      eventId,
      {
        memoryId: e.id,
        reason: 'decay',
        effectiveImportance: Math.round(effectiveImportance(input, now, deps.decay) * 1e6) / 1e6,
      },
      { occurredAt: now.toISOString(), recordedAt: now.toISOString() },
    );
    const key = `${e.tenantId}/${e.userId}`;
    const list = byUser.get(key);
    if (list) list.push(event);
    else byUser.set(key, [event]);
  }
  let archived = 0;
  for (const events of byUser.values()) {
    await deps.log.append(events);
    for (const ev of events) deps.recentlyArchived.add(ev.eventId);
    archived += events.length;
  }
  if (deps.recentlyArchived.size > 50_000) deps.recentlyArchived.clear();
  if (archived > 0) deps.logger.info({ archived }, 'decay pass archived entries');
  return archived;
}
