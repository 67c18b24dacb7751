/**
 * A FIFO mutex. PGlite has one connection, so a transaction must own it from BEGIN to COMMIT: any
 * other caller (a plain query or another transaction) waits its turn instead of interleaving.
 */
export class SerialLock {
  private tail: Promise<void> = Promise.resolve();

  run<T>(fn: () => Promise<T>): Promise<T> {
    const result = this.tail.then(fn);
    this.tail = result.then(
      () => undefined,
      () => undefined,
    );
    return result;
  }
}
