import { eventProblem } from '@engram/contract';
import type { EngramError, StoredEvent } from '@engram/core';

const checked = new WeakMap<object, EngramError | null>();

/**
 * The contract's event check, once per delivered event: the guard and the batch both ask, for every
 * projector that applies the batch, and a delivered event is never changed afterwards.
 */
export function storableProblem(stored: StoredEvent): EngramError | null {
  const e: unknown = stored.event;
  if (typeof e !== 'object' || e === null) return eventProblem(e);
  let p = checked.get(e);
  if (p === undefined) {
    p = eventProblem(e);
    checked.set(e, p);
  }
  return p;
}
