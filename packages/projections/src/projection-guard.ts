import { eventProblem } from '@engram/contract';
import {
  formatPosition,
  PoisonGuard,
  toEngramError,
  type EngramError,
  type Logger,
  type SqlDatabase,
  type StoredEvent,
} from '@engram/core';
import { applyBatch, skipPast, type BatchOutcome } from './apply-batch';
import { insertDeadLetter } from './dead-letters';
import type { Projector } from './projector';

/**
 * L8 for one SQL projector: batches go through applyBatch; an event the contract's check refuses,
 * or one that still fails after bounded retries, is dead-lettered in the transaction that moves the
 * projection's checkpoint past it. Used by the live runner and by offline catch-up (replay, tools).
 */
export function projectionGuard(
  db: SqlDatabase,
  projector: Projector,
  logger: Logger,
  hooks: { onApplied?(o: BatchOutcome): Promise<void> | void; onDeadLetter?(): void } = {},
) {
  const name = projector.name;
  const deadLetter = async (stored: StoredEvent, failure: EngramError, attempts: number) => {
    const e = stored.event as Partial<StoredEvent['event']>;
    await db.transaction(async (tx) => {
      if (!(await skipPast(tx, name, stored))) return;
      await insertDeadLetter(tx, {
        projection: name,
        position: stored.position,
        eventId: e.eventId ?? null,
        eventType: e.type ?? null,
        tenantId: e.tenantId ?? null,
        userId: e.userId ?? null,
        code: failure.code,
        error: failure.message,
        attempts,
      });
    });
    hooks.onDeadLetter?.();
    logger.error(
      {
        projector: name,
        position: formatPosition(stored.position),
        eventId: e.eventId,
        type: e.type,
        code: failure.code,
        err: failure.message,
        attempts,
      },
      'event dead-lettered for this projection; the projection goes on',
    );
  };
  return new PoisonGuard<StoredEvent>({
    applyAll: async (batch) => {
      const outcome = await applyBatch(db, projector, batch);
      await hooks.onApplied?.(outcome);
    },
    applyOne: async (stored) => {
      await applyBatch(db, projector, [stored]);
    },
    refuse: (stored) => eventProblem(stored.event),
    // A store that no longer answers is an outage, not this event's fault.
    confirmItemFault: async () =>
      db.query('SELECT 1').then(
        () => true,
        () => false,
      ),
    deadLetter,
    onBatchFailure: (err, n) =>
      logger.warn(
        { projector: name, events: n, err: toEngramError(err).message },
        'projector batch failed; applying its events one at a time',
      ),
  });
}
