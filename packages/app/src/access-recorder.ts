import { sha256Hex, streamKeyOf, type Logger } from '@engram/core';
import type { Clock, EventLog, Scope } from '@engram/core';
import { appendAll, buildEvent } from './envelope';

interface PendingBatch {
  scope: Scope;
  /** Memory id → how many of the batch's queries returned it. */
  counts: Map<string, number>;
  queries: number;
  /** The query text when every query of the batch was the same, else null (hashed once, at flush). */
  query: string | null;
}

/** Most ids kept per stream while the log is unreachable, so a long outage cannot grow memory unbounded. */
const MAX_PENDING_IDS = 10_000;

/**
 * R8: hits reinforce their memories. Accesses are batched per user stream and appended off the
 * request path as one MemoryAccessed per stream and flush (every flushMs and on close), with a
 * count per memory: the log grows with the number of users reading, not with every read.
 */
export class AccessRecorder {
  private pending = new Map<string, PendingBatch>();
  private timer: NodeJS.Timeout | null;
  private flushing: Promise<void> | null = null;
  private closed = false;

  constructor(
    private readonly log: EventLog,
    private readonly clock: Clock,
    private readonly logger: Logger,
    flushMs: number,
  ) {
    this.timer = setInterval(() => void this.flush(), Math.max(10, flushMs));
    this.timer.unref();
  }

  record(scope: Scope, memoryIds: string[], query: string): void {
    if (memoryIds.length === 0 || this.closed) return;
    const key = `${streamKeyOf(scope)}/${scope.agentId ?? ''}`;
    let batch = this.pending.get(key);
    if (!batch) {
      batch = { scope, counts: new Map(), queries: 0, query };
      this.pending.set(key, batch);
    } else if (batch.query !== query) batch.query = null;
    batch.queries++;
    addCounts(batch, new Map([...new Set(memoryIds)].map((id) => [id, 1])));
  }

  get pendingStreams(): number {
    return this.pending.size;
  }

  async flush(): Promise<void> {
    if (this.flushing) return this.flushing;
    this.flushing = this.flushNow().finally(() => {
      this.flushing = null;
    });
    return this.flushing;
  }

  private async flushNow(): Promise<void> {
    const batches = [...this.pending.entries()];
    this.pending.clear();
    for (const [key, b] of batches) {
      const memoryIds = [...b.counts.keys()];
      const event = buildEvent(
        this.clock,
        'MemoryAccessed',
        { scope: b.scope },
        {
          memoryIds,
          queryHash: b.query === null ? null : sha256Hex(b.query),
          counts: memoryIds.map((id) => b.counts.get(id)!),
          queries: b.queries,
        },
      );
      try {
        await appendAll(this.log, [event]);
      } catch (e) {
        this.logger.warn({ err: e, stream: key, ids: b.counts.size }, 'MemoryAccessed append failed; will retry');
        const again = this.pending.get(key);
        if (again) {
          addCounts(again, b.counts);
          again.queries += b.queries;
          again.query = null;
        } else this.pending.set(key, b);
      }
    }
  }

  /** Stops recording and appends what is pending (waiting for an in-flight flush first). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.closed = true;
    if (this.flushing) await this.flushing;
    await this.flush();
    if (this.pending.size > 0)
      this.logger.warn({ streams: this.pending.size }, 'MemoryAccessed batches not recorded at close');
  }
}

function addCounts(batch: PendingBatch, counts: ReadonlyMap<string, number>): void {
  for (const [id, n] of counts) {
    const had = batch.counts.get(id);
    if (had !== undefined) batch.counts.set(id, had + n);
    else if (batch.counts.size < MAX_PENDING_IDS) batch.counts.set(id, n);
  }
}
