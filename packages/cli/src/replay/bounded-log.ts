import {
  EngramError,
  type BatchHandler,
  type EventLog,
  type LogPosition,
  type StoredEvent,
  type Subscription,
} from '@engram/core';

function fromMap(from: ReadonlyMap<number, number> | LogPosition | undefined): Map<number, number> | undefined {
  if (from === undefined) return undefined;
  if ('partition' in from && 'offset' in from && typeof from.partition === 'number')
    return new Map([[from.partition, from.offset]]);
  return new Map(from as ReadonlyMap<number, number>);
}

/**
 * A read-only view of the log that ends at `to` (exclusive, per partition). Its subscribe delivers
 * with plain reads and keeps no consumer checkpoint, so rebuilding a copy of the search index never
 * moves the live consumer's position. `drained` resolves once a subscription delivered everything.
 */
export function boundedLog(log: EventLog, to: Map<number, number>): EventLog & { drained: Promise<void> } {
  let resolveDrained!: () => void;
  const drained = new Promise<void>((r) => (resolveDrained = r));
  async function* read(from?: Map<number, number>): AsyncGenerator<StoredEvent> {
    const open = new Set([...to].filter(([, h]) => h > 0).map(([p]) => p));
    if (open.size === 0) return;
    for await (const e of log.read(from ? { from } : {})) {
      if (e.position.offset >= (to.get(e.position.partition) ?? 0)) {
        open.delete(e.position.partition);
        if (open.size === 0) return;
        continue;
      }
      yield e;
    }
  }
  return {
    drained,
    append: () => Promise.reject(new EngramError('UNSUPPORTED', 'the replay view of the log is read-only')),
    health: async () => ({ appendable: false, reason: 'the replay view of the log is read-only' }),
    read: (opts) => read(fromMap(opts?.from)),
    async subscribe(handler: BatchHandler, opts): Promise<Subscription> {
      let closed = false;
      const batchSize = opts.batchSize ?? 256;
      // Without fromBeginning the caller has already read up to its checkpoint with read().
      const run = (async () => {
        if (opts.fromBeginning) {
          let batch: StoredEvent[] = [];
          for await (const e of read()) {
            if (closed) return;
            batch.push(e);
            if (batch.length >= batchSize) {
              await handler(batch);
              batch = [];
            }
          }
          if (batch.length > 0 && !closed) await handler(batch);
        }
        resolveDrained();
      })();
      run.catch(() => undefined);
      return {
        async close() {
          closed = true;
          await run.catch(() => undefined);
        },
      };
    },
    head: async () => new Map(to),
    streamVersion: (t, u) => log.streamVersion(t, u),
    close: async () => undefined,
  };
}
