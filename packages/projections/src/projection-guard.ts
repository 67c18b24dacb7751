import {
  formatPosition,
  isTransient,
  PoisonGuard,
  toEngramError,
  type EngramError,
  type Logger,
  type SqlDatabase,
  type StoredEvent,
} from '@engram/core';
import { applyBatch, applyBatchTogether, skipPast, type BatchOutcome } from './apply-batch';
import { storableProblem } from './event-check';
import { insertDeadLetter } from './dead-letters';
import type { Projector } from './projector';

/**
 * L8 for one SQL projector: batches go through applyBatch; an event the contract's check refuses,
 * or one that still fails after bounded retries, is dead-lettered in the transaction that moves the
 * projection's checkpoint past it. Used by the live runner and by offline catch-up (replay, tools).
 */
export interface GuardHooks {
  onApplied?(o: BatchOutcome): Promise<void> | void;
  onDeadLetter?(): void;
}

export interface BatchGuard {
  apply(batch: StoredEvent[]): Promise<{ deadLettered: number }>;
}

export function projectionGuard(
  db: SqlDatabase,
  projector: Projector,
  logger: Logger,
  hooks: GuardHooks = {},
): BatchGuard {
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
    refuse: storableProblem,
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

/**
 * L8 for SQL projectors that share a store in one process: a batch is applied by all of them in ONE
 * transaction (applyBatchTogether: each keeps its own checkpoint compare-and-set). If that fails for
 * anything but infrastructure, or an event of the batch is unstorable, the batch goes through each
 * projector's own guard instead (its own transaction, one event at a time, its own dead letters), so
 * a bad event costs what it cost before and never holds back the other projections.
 */
export function projectionGroupGuard(
  db: SqlDatabase,
  projectors: readonly Projector[],
  logger: Logger,
  hooksOf: (p: Projector) => GuardHooks = () => ({}),
): BatchGuard {
  if (projectors.length === 1) return projectionGuard(db, projectors[0]!, logger, hooksOf(projectors[0]!));
  const alone = projectors.map((p) => projectionGuard(db, p, logger, hooksOf(p)));
  return {
    async apply(batch) {
      if (batch.length === 0) return { deadLettered: 0 };
      if (!batch.some((e) => storableProblem(e))) {
        try {
          const outcomes = await applyBatchTogether(db, projectors, batch);
          for (const [i, p] of projectors.entries()) await hooksOf(p).onApplied?.(outcomes[i]!);
          return { deadLettered: 0 };
        } catch (err) {
          if (isTransient(err)) throw err;
          logger.warn(
            { projectors: projectors.map((p) => p.name), events: batch.length, err: toEngramError(err).message },
            'projector group batch failed; applying it projector by projector',
          );
        }
      }
      let deadLettered = 0;
      for (const g of alone) deadLettered += (await g.apply(batch)).deadLettered;
      return { deadLettered };
    },
  };
}
