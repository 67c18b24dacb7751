import { isEngramError, toEngramError, type EngramError } from '../errors';
import { retry, type Backoff } from './retry';

/** Infrastructure (the store, the log, an embedding service) failing: retried until it heals, never dead-lettered. */
export function isTransient(e: unknown): boolean {
  return isEngramError(e) && e.retriable;
}

export interface PoisonGuardOptions<T> {
  /** Applies several items at once (one transaction, one index update). */
  applyAll(items: T[]): Promise<void>;
  /** Applies one item alone. */
  applyOne(item: T): Promise<void>;
  /** Parks an item that keeps failing (the dead letter), then lets the consumer move past it. */
  deadLetter(item: T, failure: EngramError, attempts: number): Promise<void>;
  /** Items refused before any work (unstorable): dead-lettered without retries. Null when fine. */
  refuse?(item: T): EngramError | null;
  /** Whether the failure is the item's own fault only (a last check of the store, say); default true. */
  confirmItemFault?(failure: unknown): Promise<boolean>;
  /** Told when a whole batch failed for a non-transient reason and its items are tried one by one. */
  onBatchFailure?(error: unknown, items: number): void;
  /** Attempts per item before it is dead-lettered (default 3). */
  attempts?: number;
  backoff?: Backoff;
  /**
   * This many items in a row failing with the very same error means the fault is not theirs (a
   * missing table, a broken model): the guard stops dead-lettering and fails as transient (default 50).
   */
  breakerAfter?: number;
}

const DEFAULT_BACKOFF: Backoff = { initialMs: 50, maxMs: 1000 };

/**
 * L8: one bad item never stops a consumer. A batch is applied whole; if that fails for anything but
 * infrastructure, its items are applied one at a time with bounded retries, and each that still
 * fails is dead-lettered so the rest go on. Transient failures are rethrown untouched (the log
 * redelivers the batch with backoff). Used by the projector runner, the search index and the
 * consolidator alike.
 */
export class PoisonGuard<T> {
  private sameFailures = 0;
  private lastFailure: string | null = null;

  constructor(private readonly o: PoisonGuardOptions<T>) {}

  async apply(items: T[]): Promise<{ deadLettered: number }> {
    if (items.length === 0) return { deadLettered: 0 };
    if (!items.some((i) => this.o.refuse?.(i))) {
      try {
        await this.o.applyAll(items);
        this.sameFailures = 0;
        return { deadLettered: 0 };
      } catch (e) {
        if (isTransient(e)) throw e;
        this.o.onBatchFailure?.(e, items.length);
      }
    }
    let deadLettered = 0;
    for (const item of items) if (await this.applyAlone(item)) deadLettered++;
    return { deadLettered };
  }

  /** True when the item was dead-lettered. */
  private async applyAlone(item: T): Promise<boolean> {
    const refused = this.o.refuse?.(item) ?? null;
    if (refused) {
      await this.o.deadLetter(item, refused, 1);
      return true;
    }
    let attempts = 0;
    try {
      await retry(
        (n) => {
          attempts = n;
          return this.o.applyOne(item);
        },
        {
          maxAttempts: this.o.attempts ?? 3,
          backoff: this.o.backoff ?? DEFAULT_BACKOFF,
          retryIf: (e) => !isTransient(e),
        },
      );
      this.sameFailures = 0;
      return false;
    } catch (e) {
      if (isTransient(e)) throw e;
      if (this.o.confirmItemFault && !(await this.o.confirmItemFault(e))) throw e;
      const failure = toEngramError(e);
      const key = `${failure.code}: ${failure.message}`;
      this.sameFailures = key === this.lastFailure ? this.sameFailures + 1 : 1;
      this.lastFailure = key;
      const breakerAfter = this.o.breakerAfter ?? 50;
      if (this.sameFailures > breakerAfter) {
        throw toEngramError(
          new Error(
            `${breakerAfter} items in a row failed with ${failure.code} (${failure.message}): the fault looks systemic, not the items'; retrying instead of dead-lettering`,
          ),
          'STORE_UNAVAILABLE',
        );
      }
      await this.o.deadLetter(item, failure, attempts);
      return true;
    }
  }
}
