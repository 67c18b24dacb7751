import { open, type FileHandle } from 'node:fs/promises';
import {
  EngramError,
  toEngramError,
  type AppendOptions,
  type AppendResult,
  type BatchHandler,
  type EngramEvent,
  type EventCodec,
  type EventLog,
  type LogHealth,
  type Logger,
  type LogPosition,
  type ReadOptions,
  type StoredEvent,
  type SubscribeOptions,
  type Subscription,
} from '@engram/core';
import { CheckpointStore, validateConsumerName } from './checkpoints';
import type { DirLock } from '@engram/dir-lock';
import { frameSize, MAX_KEY_BYTES, MAX_WRITE_BYTES, SEGMENT_MAGIC, writeFrame } from './frame';
import { openDurable, probeWritable, writeDurably } from './fs-util';
import type { WatermarkFile } from './watermark';
import { buildMarks, createSegmentFile, MARK_EVERY, seekByte, type Segment } from './segment';
import { SegmentCursor } from './segment-cursor';
import { saveStreamIndex } from './stream-index';
import { FileSubscription, type SubscriptionSource } from './subscription';
import { RecentEvents } from './recent-events';

const PARTITION = 0;
/** While degraded, how often a small write checks whether the disk accepts writes again. */
const PROBE_EVERY_MS = 1000;
/** The stream index is refreshed after this many new events (and on close). */
export const STREAM_INDEX_EVERY_EVENTS = 50_000;
const DEFAULT_BATCH_SIZE = 100;
const MAX_BATCH_SIZE = 10_000;
/** Decoded events kept for the consumers following the tail (see RecentEvents). */
const RECENT_EVENTS = 4096;

interface PendingAppend {
  key: string;
  keyBytes: Buffer;
  payloads: Uint8Array[];
  bytes: number;
  expected: number | undefined;
  /** Acknowledged (the watermark moved past it) only once this resolves: AppendOptions.commitAfter. */
  commitAfter: Promise<void> | undefined;
  resolve(r: AppendResult): void;
  reject(e: unknown): void;
}

export interface FileEventLogState {
  dir: string;
  segmentsDir: string;
  codec: EventCodec;
  segmentBytes: number;
  groupCommitMaxDelayMs: number;
  consumerCheckpointEveryMs: number;
  logger: Logger;
  lock: DirLock;
  checkpoints: CheckpointStore;
  segments: Segment[];
  nextOffset: number;
  versions: Map<string, number>;
  activeFile: FileHandle;
  watermark: WatermarkFile;
  streamIndexOffset: number;
}

/** An unambiguous stream key (tenant and user ids may contain any character). */
export function streamKey(tenantId: string, userId: string): string {
  return JSON.stringify([tenantId, userId]);
}

/**
 * The embedded log: one partition, offset = global sequence. Appends are queued and written by a
 * single writer; everything queued while a write+fdatasync is in flight goes into the next write
 * (group commit), and each append resolves only after its write is synced.
 */
export class FileEventLog implements EventLog {
  /** Bytes past the acknowledged-end watermark are cut at start-up (recovery.ts). */
  readonly cutsUnacknowledged = true;
  private state: 'open' | 'closing' | 'closed' = 'open';
  private closing: Promise<void> | null = null;
  /** Set while writes fail (a full disk): appends are refused, and a probe looks for recovery. */
  private degraded: { since: string; reason: string } | null = null;
  private probe: NodeJS.Timeout | null = null;
  /** Byte of the active segment from which a failed commit may have left data (cut before the next write). */
  private uncommittedFrom: number | null = null;
  private readonly queue: PendingAppend[] = [];
  private queuedBytes = 0;
  private writerRunning = false;
  private drainedWaiters: Array<() => void> = [];
  private commitWaiters: Array<() => void> = [];
  private readonly subscriptions = new Map<string, FileSubscription>();
  private readonly reservedNames = new Set<string>();
  private readonly marksBuilding = new Map<Segment, Promise<void>>();
  private streamIndexWrite: Promise<void> | null = null;
  private readonly counters = { groupCommits: 0, appendsCommitted: 0, eventsCommitted: 0 };
  private readonly recent = new RecentEvents(RECENT_EVENTS);
  private tailRead: Promise<void> | null = null;

  constructor(private readonly s: FileEventLogState) {}

  async append(events: EngramEvent[], opts: AppendOptions = {}): Promise<AppendResult> {
    // Awaited at commit; an append refused before then must not leave its rejection unhandled.
    opts.commitAfter?.catch(() => undefined);
    this.assertOpen();
    if (!Array.isArray(events) || events.length === 0) {
      throw new EngramError('VALIDATION_FAILED', 'append needs at least one event', { details: { field: 'events' } });
    }
    const first = events[0]!;
    checkStreamIds(first);
    const key = streamKey(first.tenantId, first.userId);
    for (const e of events) {
      checkStreamIds(e);
      if (e.tenantId !== first.tenantId || e.userId !== first.userId) {
        throw new EngramError(
          'VALIDATION_FAILED',
          'all events of one append must belong to one stream (tenant + user)',
          {
            details: { field: 'events', expected: [first.tenantId, first.userId], got: [e.tenantId, e.userId] },
          },
        );
      }
    }
    const expected = opts.expectedStreamVersion;
    if (expected !== undefined && (!Number.isSafeInteger(expected) || expected < 0)) {
      throw new EngramError('VALIDATION_FAILED', 'expectedStreamVersion must be a non-negative integer', {
        details: { field: 'expectedStreamVersion' },
      });
    }
    const keyBytes = Buffer.from(key, 'utf8');
    if (keyBytes.length > MAX_KEY_BYTES) {
      throw new EngramError('VALIDATION_FAILED', 'tenantId + userId are too long', { details: { field: 'userId' } });
    }
    const payloads = events.map((e) => this.s.codec.encode(e));
    let bytes = 0;
    for (const p of payloads) bytes += frameSize(keyBytes.length, p.length);
    if (bytes > MAX_WRITE_BYTES) {
      throw new EngramError(
        'CONTENT_TOO_LARGE',
        `this append takes ${bytes} bytes on disk; one append may take at most ${MAX_WRITE_BYTES}`,
      );
    }
    return new Promise<AppendResult>((resolve, reject) => {
      this.queue.push({ key, keyBytes, payloads, bytes, expected, commitAfter: opts.commitAfter, resolve, reject });
      this.queuedBytes += bytes;
      if (!this.writerRunning) {
        this.writerRunning = true;
        void this.runWriter();
      }
    });
  }

  read(opts: ReadOptions = {}): AsyncIterable<StoredEvent> {
    this.assertOpen();
    const start = startOffsetOf(opts.from);
    const limit = opts.limit;
    if (limit !== undefined && (!Number.isSafeInteger(limit) || limit < 0)) {
      throw new EngramError('VALIDATION_FAILED', 'limit must be a non-negative integer', {
        details: { field: 'limit' },
      });
    }
    return this.readRange(start, this.s.nextOffset, limit ?? Number.POSITIVE_INFINITY);
  }

  async subscribe(handler: BatchHandler, opts: SubscribeOptions): Promise<Subscription> {
    this.assertOpen();
    if (typeof handler !== 'function') throw new EngramError('VALIDATION_FAILED', 'handler must be a function');
    validateConsumerName(opts?.name);
    const batchSize = opts.batchSize ?? DEFAULT_BATCH_SIZE;
    if (!Number.isSafeInteger(batchSize) || batchSize < 1 || batchSize > MAX_BATCH_SIZE) {
      throw new EngramError('VALIDATION_FAILED', `batchSize must be an integer in 1..${MAX_BATCH_SIZE}`, {
        details: { field: 'batchSize' },
      });
    }
    const { name } = opts;
    if (this.subscriptions.has(name) || this.reservedNames.has(name)) {
      throw new EngramError('CONFLICT', `consumer "${name}" already has an open subscription on this log`);
    }
    this.reservedNames.add(name);
    try {
      let start = opts.fromBeginning ? 0 : await this.s.checkpoints.load(name);
      if (start > this.s.nextOffset) {
        this.s.logger.warn(
          { consumer: name, checkpoint: start, head: this.s.nextOffset },
          'event log: consumer checkpoint is beyond the head; following the tail',
        );
        start = this.s.nextOffset;
      }
      this.assertOpen();
      const sub: FileSubscription = new FileSubscription(
        this.source,
        handler,
        name,
        start,
        batchSize,
        this.s.checkpoints,
        this.s.logger,
        () => {
          if (this.subscriptions.get(name) === sub) this.subscriptions.delete(name);
        },
        this.s.consumerCheckpointEveryMs,
      );
      this.subscriptions.set(name, sub);
      sub.start();
      return sub;
    } finally {
      this.reservedNames.delete(name);
    }
  }

  async health(): Promise<LogHealth> {
    if (this.state !== 'open') return { appendable: false, reason: 'the event log is closed' };
    return this.degraded
      ? { appendable: false, reason: this.degraded.reason, since: this.degraded.since }
      : { appendable: true };
  }

  async head(): Promise<Map<number, number>> {
    this.assertOpen();
    return new Map([[PARTITION, this.s.nextOffset]]);
  }

  /** Since open: synced writes, and the appends and events they carried (shows group commit at work). */
  stats(): { groupCommits: number; appendsCommitted: number; eventsCommitted: number } {
    return { ...this.counters };
  }

  async streamVersion(tenantId: string, userId: string): Promise<number> {
    this.assertOpen();
    return this.s.versions.get(streamKey(tenantId, userId)) ?? 0;
  }

  /** Flushes queued appends, stops subscriptions (after their in-flight batch), releases the lock. */
  close(): Promise<void> {
    if (!this.closing) {
      this.state = 'closing';
      this.closing = this.shutdown();
    }
    return this.closing;
  }

  private async shutdown(): Promise<void> {
    if (this.writerRunning) await new Promise<void>((r) => this.drainedWaiters.push(r));
    await Promise.all([...this.subscriptions.values()].map((sub) => sub.close()));
    this.wakeCommitWaiters();
    try {
      await this.streamIndexWrite;
      if (!this.degraded) await saveStreamIndex(this.s.dir, this.s.nextOffset, [...this.s.versions]);
    } catch (e) {
      this.s.logger.warn(
        { dir: this.s.dir, err: (e as Error).message },
        'event log: could not save the stream index on close',
      );
    } finally {
      if (this.probe) clearInterval(this.probe);
      await this.s.activeFile.close().catch(() => undefined);
      await this.s.watermark.close();
      await this.s.lock.release();
      this.state = 'closed';
    }
    this.s.logger.info({ dir: this.s.dir, nextOffset: this.s.nextOffset }, 'event log closed');
  }

  private readonly source: SubscriptionSource = {
    nextOffset: () => this.s.nextOffset,
    readBatch: async (from, limit) => {
      const out: StoredEvent[] = [];
      const end = this.s.nextOffset;
      let next = from;
      for (;;) {
        for (let e = this.recent.get(next); e && next < end && out.length < limit; e = this.recent.get(++next))
          out.push(e);
        if (next >= end || out.length >= limit) return out;
        // Consumers woken by one commit ask for the same events: one reads them, the others wait and take them.
        if (!this.tailRead) break;
        await this.tailRead;
      }
      const read = (async () => {
        for await (const e of this.readRange(next, end, limit - out.length)) out.push(this.recent.put(e));
      })();
      const mine = read.then(
        () => undefined,
        () => undefined,
      );
      this.tailRead = mine;
      try {
        await read;
      } finally {
        if (this.tailRead === mine) this.tailRead = null;
      }
      return out;
    },
    onNextCommit: (wake) => {
      if (this.state === 'closed') wake();
      else this.commitWaiters.push(wake);
    },
  };

  private assertOpen(): void {
    if (this.state !== 'open') throw new EngramError('SHUTTING_DOWN', 'the event log is closed');
  }

  private async runWriter(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        if (this.s.groupCommitMaxDelayMs > 0 && this.queuedBytes < MAX_WRITE_BYTES && this.state === 'open') {
          await new Promise((r) => setTimeout(r, this.s.groupCommitMaxDelayMs));
        }
        await this.commitBatch(this.takeBatch());
      }
    } finally {
      this.writerRunning = false;
      for (const w of this.drainedWaiters.splice(0)) w();
    }
  }

  private takeBatch(): PendingAppend[] {
    let bytes = 0;
    let n = 0;
    while (n < this.queue.length && (n === 0 || bytes + this.queue[n]!.bytes <= MAX_WRITE_BYTES))
      bytes += this.queue[n++]!.bytes;
    this.queuedBytes -= bytes;
    return this.queue.splice(0, n);
  }

  /** Writes one group commit. Never throws: every append in the batch is settled. */
  private async commitBatch(batch: PendingAppend[]): Promise<void> {
    try {
      await this.undoUncommitted();
      await this.rollIfFull();
    } catch (e) {
      const err = this.degrade(e, 'cannot prepare the active segment');
      for (const p of batch) p.reject(err);
      return;
    }
    const seg = this.s.segments[this.s.segments.length - 1]!;
    const tentative = new Map<string, number>();
    const accepted: Array<{ p: PendingAppend; first: number; version: number }> = [];
    let offset = this.s.nextOffset;
    let bytes = 0;
    for (const p of batch) {
      const current = tentative.get(p.key) ?? this.s.versions.get(p.key) ?? 0;
      if (p.expected !== undefined && p.expected !== current) {
        p.reject(
          new EngramError(
            'WRONG_EXPECTED_VERSION',
            `stream ${p.key} holds ${current} events, the append expected ${p.expected}`,
            {
              details: { stream: p.key, expected: p.expected, actual: current },
            },
          ),
        );
        continue;
      }
      accepted.push({ p, first: offset, version: current + p.payloads.length });
      tentative.set(p.key, current + p.payloads.length);
      offset += p.payloads.length;
      bytes += p.bytes;
    }
    if (accepted.length === 0) return;

    const buf = Buffer.allocUnsafe(bytes);
    const marks: Array<[number, number]> = [];
    let at = 0;
    for (const { p, first } of accepted) {
      p.payloads.forEach((payload, i) => {
        if ((first + i) % MARK_EVERY === 0) marks.push([first + i, seg.bytes + at]);
        at = writeFrame(buf, at, first + i, i === p.payloads.length - 1, p.keyBytes, payload);
      });
    }
    try {
      this.uncommittedFrom = seg.bytes;
      await writeDurably(this.s.activeFile, buf, seg.bytes);
      if (!(await this.commitsAfter(accepted))) return;
      // Acknowledged only once the watermark says so: start-up then knows these bytes were promised.
      await this.s.watermark.advance({ segmentBase: seg.base, byteEnd: seg.bytes + buf.length, nextOffset: offset });
      this.uncommittedFrom = null;
    } catch (e) {
      const err = this.degrade(e, 'write or fdatasync failed');
      for (const { p } of accepted) p.reject(err);
      // Rejected appends must leave no record behind: cut them now, or before the next write.
      await this.undoUncommitted().catch(() => undefined);
      return;
    }
    seg.bytes += buf.length;
    this.counters.groupCommits++;
    this.counters.appendsCommitted += accepted.length;
    this.counters.eventsCommitted += offset - this.s.nextOffset;
    for (const [o, b] of marks) seg.marks?.set(o, b);
    this.s.nextOffset = offset;
    for (const [key, version] of tentative) this.s.versions.set(key, version);
    for (const { p, first, version } of accepted) {
      const positions: LogPosition[] = p.payloads.map((_, i) => ({ partition: PARTITION, offset: first + i }));
      p.resolve({ positions, streamVersion: version });
    }
    // The consumers following the tail take these from memory, decoded as a read would, instead of reading them back.
    if (this.subscriptions.size > 0) this.rememberCommitted(accepted);
    this.recovered();
    this.wakeCommitWaiters();
    this.maybeSaveStreamIndex();
  }

  /** Cuts what a failed commit may have left after the committed end of the active segment. */
  private async undoUncommitted(): Promise<void> {
    if (this.uncommittedFrom === null) return;
    await this.s.activeFile.truncate(this.uncommittedFrom);
    await this.s.activeFile.datasync();
    this.uncommittedFrom = null;
  }

  private async rollIfFull(): Promise<void> {
    const seg = this.s.segments[this.s.segments.length - 1]!;
    if (seg.bytes < this.s.segmentBytes || seg.bytes <= SEGMENT_MAGIC.length) return;
    const base = this.s.nextOffset;
    const path = await createSegmentFile(this.s.segmentsDir, base);
    const fh = await openDurable(path);
    const old = this.s.activeFile;
    this.s.activeFile = fh;
    this.s.segments.push({ base, path, bytes: SEGMENT_MAGIC.length, marks: new Map() });
    await old.close();
    this.s.logger.info({ segment: path, base }, 'event log: new segment');
  }

  /**
   * A write failed (ENOSPC, EIO): the batch is refused (LOG_UNAVAILABLE, retriable) and the log is
   * degraded until a write works again: the next commit tries anyway, and a probe checks every
   * second so that health reports recovery even without traffic. Nothing acknowledged is at risk:
   * every acknowledged byte was fdatasynced before this write began.
   */
  private degrade(e: unknown, what: string): EngramError {
    const message = `event log ${what}: ${(e as Error).message}`;
    if (!this.degraded) {
      this.degraded = { since: new Date().toISOString(), reason: message };
      this.s.logger.error(
        { dir: this.s.dir, err: (e as Error).message, code: (e as NodeJS.ErrnoException).code },
        `event log ${what}; refusing appends until writing works again`,
      );
      this.startProbe();
    } else {
      this.degraded.reason = message;
    }
    return new EngramError('LOG_UNAVAILABLE', `${message}; appends are refused until the disk accepts writes again`, {
      cause: e,
      retriable: true,
      details: { retryAfterSeconds: 1 },
    });
  }

  private recovered(): void {
    if (!this.degraded) return;
    this.s.logger.warn(
      { dir: this.s.dir, degradedSince: this.degraded.since },
      'event log: writes work again; appends accepted',
    );
    this.degraded = null;
    if (this.probe) clearInterval(this.probe);
    this.probe = null;
  }

  private startProbe(): void {
    if (this.probe) return;
    this.probe = setInterval(() => {
      if (this.writerRunning || !this.degraded) return;
      void probeWritable(this.s.dir)
        .then(() => this.undoUncommitted())
        .then(
          () => this.recovered(),
          () => undefined,
        );
    }, PROBE_EVERY_MS);
    this.probe.unref();
  }

  private wakeCommitWaiters(): void {
    for (const w of this.commitWaiters.splice(0)) w();
  }

  private maybeSaveStreamIndex(): void {
    if (this.streamIndexWrite || this.s.nextOffset - this.s.streamIndexOffset < STREAM_INDEX_EVERY_EVENTS) return;
    const offset = this.s.nextOffset;
    const streams = [...this.s.versions];
    this.streamIndexWrite = saveStreamIndex(this.s.dir, offset, streams)
      .then(() => {
        this.s.streamIndexOffset = offset;
      })
      .catch((e: unknown) =>
        this.s.logger.warn({ dir: this.s.dir, err: (e as Error).message }, 'event log: stream index save failed'),
      )
      .finally(() => {
        this.streamIndexWrite = null;
      });
  }

  /** Yields [start, end) up to `limit` events; `end` is fixed by the caller (the head when called). */
  private async *readRange(start: number, end: number, limit: number): AsyncGenerator<StoredEvent> {
    try {
      yield* this.readSegments(start, end, limit);
    } catch (e) {
      throw toEngramError(e, 'LOG_UNAVAILABLE');
    }
  }

  private async *readSegments(start: number, end: number, limit: number): AsyncGenerator<StoredEvent> {
    let offset = start;
    let remaining = limit;
    while (offset < end && remaining > 0) {
      const idx = this.segmentIndexOf(offset);
      const seg = this.s.segments[idx]!;
      const segEnd = Math.min(
        end,
        idx + 1 < this.s.segments.length ? this.s.segments[idx + 1]!.base : this.s.nextOffset,
      );
      await this.ensureMarks(seg);
      const fh = await open(seg.path, 'r');
      try {
        const cursor = new SegmentCursor(fh, seekByte(seg, offset), seg.bytes);
        while (offset < segEnd && remaining > 0) {
          const step = await cursor.next();
          if (step.kind !== 'frame') {
            throw new EngramError(
              'LOG_CORRUPT',
              `cannot read offset ${offset} from ${seg.path}: ${step.kind === 'bad' ? step.reason : 'file ends early'} at byte ${step.at}`,
              {
                details: { segment: seg.base, offset },
              },
            );
          }
          const { frame } = step;
          if (frame.offset < offset) continue;
          if (frame.offset !== offset) {
            throw new EngramError('LOG_CORRUPT', `expected offset ${offset} in ${seg.path}, found ${frame.offset}`, {
              details: { segment: seg.base, offset },
            });
          }
          let event: EngramEvent;
          try {
            event = this.s.codec.decode(frame.payload);
          } catch (e) {
            const cause = e instanceof EngramError ? e : undefined;
            throw new EngramError(
              cause?.code ?? 'DECODE_FAILED',
              `event at offset ${offset} cannot be decoded: ${(e as Error).message}`,
              {
                cause: e,
                details: { offset },
              },
            );
          }
          yield { event, position: { partition: PARTITION, offset } };
          offset++;
          remaining--;
        }
      } finally {
        await fh.close();
      }
    }
  }

  /**
   * Waits for what the batch's appends must wait for before they are acknowledged (their keys
   * stored); if one fails, the whole written batch is cut (nothing acknowledged it) and every append
   * in it fails with that error: false.
   */
  private async commitsAfter(accepted: ReadonlyArray<{ p: PendingAppend }>): Promise<boolean> {
    const waits = accepted.flatMap(({ p }) => (p.commitAfter ? [p.commitAfter] : []));
    if (waits.length === 0) return true;
    try {
      await Promise.all(waits);
      return true;
    } catch (e) {
      for (const { p } of accepted) p.reject(e);
      await this.undoUncommitted().catch(() => undefined);
      return false;
    }
  }

  private rememberCommitted(accepted: ReadonlyArray<{ p: PendingAppend; first: number }>): void {
    for (const { p, first } of accepted)
      p.payloads.forEach((payload, i) => {
        let event: EngramEvent;
        try {
          event = this.s.codec.decode(payload);
        } catch {
          return; // a reader meets it in the segment and reports it there
        }
        this.recent.put({ event, position: { partition: PARTITION, offset: first + i } });
      });
  }

  private segmentIndexOf(offset: number): number {
    const segs = this.s.segments;
    let lo = 0;
    let hi = segs.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (segs[mid]!.base <= offset) lo = mid;
      else hi = mid - 1;
    }
    return lo;
  }

  private async ensureMarks(seg: Segment): Promise<void> {
    if (seg.marks) return;
    let building = this.marksBuilding.get(seg);
    if (!building) {
      building = buildMarks(seg)
        .then((m) => {
          seg.marks = m;
        })
        .finally(() => this.marksBuilding.delete(seg));
      this.marksBuilding.set(seg, building);
    }
    await building;
  }
}

function checkStreamIds(e: EngramEvent): void {
  if (
    typeof e !== 'object' ||
    e === null ||
    typeof e.tenantId !== 'string' ||
    e.tenantId === '' ||
    typeof e.userId !== 'string' ||
    e.userId === ''
  ) {
    throw new EngramError('VALIDATION_FAILED', 'every event needs a non-empty tenantId and userId', {
      details: { field: 'tenantId' },
    });
  }
}

function startOffsetOf(from: ReadOptions['from']): number {
  if (from === undefined) return 0;
  let offset: number;
  if (from instanceof Map) {
    offset = from.get(PARTITION) ?? 0;
  } else {
    const p = from as LogPosition;
    if (p.partition !== PARTITION) {
      throw new EngramError('VALIDATION_FAILED', `the file event log has only partition ${PARTITION}`, {
        details: { field: 'from' },
      });
    }
    offset = p.offset;
  }
  if (!Number.isSafeInteger(offset) || offset < 0) {
    throw new EngramError('VALIDATION_FAILED', 'read start offset must be a non-negative integer', {
      details: { field: 'from' },
    });
  }
  return offset;
}
