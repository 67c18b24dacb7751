import { open, rm, truncate, unlink } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { EngramError, type EventCodec } from '@engram/core';
import { acquireDirLock } from '@engram/dir-lock';
import { CheckpointStore } from './checkpoints';
import { SEGMENT_MAGIC } from './frame';
import { fsyncDir } from './fs-util';
import { listSegmentBases, segmentPath } from './segment';
import { SegmentCursor } from './segment-cursor';
import { scanSegment, type SegmentScan } from './segment-scan';
import { readWatermark, watermarkPath, WatermarkFile, type Watermark } from './watermark';

export interface SegmentReport {
  base: number;
  path: string;
  bytes: number;
  /** Records that read back intact (CRC, offsets, decodable). */
  records: number;
}

export interface Damage {
  segment: number;
  path: string;
  byte: number;
  /** The record offset expected at the damage. */
  offset: number;
  reason: string;
  /** Inside what was acknowledged to writers (the service refuses to start on it). */
  acknowledged: boolean;
}

export interface CutReport {
  /** The log would end at this offset: records fromOffset.. go. */
  fromOffset: number;
  /** First byte cut in segment `segment`. */
  segment: number;
  byte: number;
  /** Whole records cut (counted by structure, damaged ones included) and bytes cut over all segments. */
  records: number;
  bytes: number;
  /** Segment files that would be deleted whole. */
  segmentsRemoved: string[];
  /** The offset the log ended at before (the head). */
  headBefore: number;
}

export interface VerifyReport {
  dir: string;
  ok: boolean;
  segments: SegmentReport[];
  records: number;
  acknowledged: Watermark | null;
  damage: Damage | null;
  /** What `engram log repair --truncate-at <damage's append>` would cut; null when nothing is damaged. */
  repair: CutReport | null;
  /** Bytes after the acknowledged end (a torn tail from a crash): cut at the next open, not damage. */
  unacknowledgedTail: { segment: number; bytes: number; records: number } | null;
}

/** Records and bytes from `byte` of segment `base` to the end of the log, counted by structure. */
async function cutReport(
  segmentsDir: string,
  bases: number[],
  base: number,
  byte: number,
  fromOffset: number,
  headBefore: number,
): Promise<CutReport> {
  let records = 0;
  let bytes = 0;
  const removed: string[] = [];
  for (const b of bases) {
    if (b < base) continue;
    const path = segmentPath(segmentsDir, b);
    const fh = await open(path, 'r');
    try {
      const size = (await fh.stat()).size;
      const from = b === base ? byte : SEGMENT_MAGIC.length;
      const cursor = new SegmentCursor(fh, Math.min(from, size), size, false);
      for (;;) {
        const step = await cursor.next();
        if (step.kind !== 'frame') break;
        records++;
      }
      bytes += b === base ? Math.max(0, size - byte) : size;
      if (b !== base) removed.push(path);
    } finally {
      await fh.close();
    }
  }
  return { fromOffset, segment: base, byte, records, bytes, segmentsRemoved: removed, headBefore };
}

/**
 * Reads the whole log as an operator would before deciding anything: every record's CRC, offset
 * sequence and (given a codec) decodability, against the acknowledged end. Changes nothing.
 */
export async function verifyFileLog(dirIn: string, opts: { codec?: EventCodec } = {}): Promise<VerifyReport> {
  const dir = resolve(dirIn);
  const segmentsDir = join(dir, 'segments');
  const bases = await listSegmentBases(segmentsDir).catch(() => [] as number[]);
  const acknowledged = await readWatermark(dir);
  const report: VerifyReport = {
    dir,
    ok: true,
    segments: [],
    records: 0,
    acknowledged,
    damage: null,
    repair: null,
    unacknowledgedTail: null,
  };
  const decode = opts.codec
    ? (offset: number, payload: Buffer) => {
        try {
          opts.codec!.decode(payload);
          return null;
        } catch (e) {
          return `record ${offset} cannot be decoded: ${(e as Error).message}`;
        }
      }
    : undefined;
  let expected = bases[0] ?? 0;
  let damagedScan: SegmentScan | null = null;
  for (const base of bases) {
    const path = segmentPath(segmentsDir, base);
    if (base !== expected && !damagedScan) {
      report.damage = {
        segment: base,
        path,
        byte: 0,
        offset: expected,
        reason: `segment starts at offset ${base}, records ${expected}–${base - 1} are missing`,
        acknowledged: true,
      };
      damagedScan = {
        base,
        path,
        size: 0,
        marks: new Map(),
        goodEnd: 0,
        goodNext: expected,
        keys: [],
        problem: null,
        recordsAfterGood: 0,
      };
      break;
    }
    const scan = await scanSegment(path, base, { ...(decode ? { onRecord: decode } : {}) });
    report.segments.push({ base, path, bytes: scan.size, records: scan.goodNext - base });
    report.records += scan.goodNext - base;
    expected = scan.goodNext;
    if (!scan.problem) continue;
    const ackEnd =
      acknowledged === null
        ? null
        : base < acknowledged.segmentBase
          ? Infinity
          : base === acknowledged.segmentBase
            ? acknowledged.byteEnd
            : -1;
    const isLast = base === bases[bases.length - 1];
    const insideAck = ackEnd === null ? !isLast : scan.problem.byte < ackEnd;
    if (!insideAck && isLast && !scan.problem.reason.includes('cannot be decoded')) {
      report.unacknowledgedTail = { segment: base, bytes: scan.size - scan.goodEnd, records: scan.recordsAfterGood };
      break;
    }
    report.damage = {
      segment: base,
      path,
      byte: scan.problem.byte,
      offset: scan.problem.offset,
      reason: scan.problem.reason,
      acknowledged: insideAck,
    };
    damagedScan = scan;
    break;
  }
  if (report.damage && damagedScan) {
    report.ok = false;
    const head = acknowledged?.nextOffset ?? expected;
    report.repair = await cutReport(
      segmentsDir,
      bases,
      damagedScan.base,
      damagedScan.goodEnd,
      damagedScan.goodNext,
      Math.max(head, expected),
    );
  }
  return report;
}

/** Where record `offset` starts in the log, moved back to the start of its append (a log is only ever cut between appends). */
async function appendStartOf(
  segmentsDir: string,
  bases: number[],
  offset: number,
): Promise<{ base: number; byte: number; offset: number }> {
  let idx = -1;
  for (let i = 0; i < bases.length; i++) if (bases[i]! <= offset) idx = i;
  if (idx === -1)
    throw new EngramError('VALIDATION_FAILED', `offset ${offset} is before the first segment`, {
      details: { field: 'truncate-at' },
    });
  const base = bases[idx]!;
  const fh = await open(segmentPath(segmentsDir, base), 'r');
  try {
    const size = (await fh.stat()).size;
    const cursor = new SegmentCursor(fh, SEGMENT_MAGIC.length, size, false);
    let appendStart = { byte: SEGMENT_MAGIC.length, offset: base };
    for (;;) {
      const step = await cursor.next();
      if (step.kind !== 'frame') break;
      if (step.frame.offset >= offset) return { base, ...appendStart };
      if (step.frame.endOfAppend) appendStart = { byte: step.at + step.frame.size, offset: step.frame.offset + 1 };
    }
    if (appendStart.offset <= offset) return { base, ...appendStart };
    throw new EngramError('VALIDATION_FAILED', `cannot find record ${offset} in segment ${base}`, {
      details: { field: 'truncate-at' },
    });
  } finally {
    await fh.close();
  }
}

/**
 * `engram log repair --truncate-at <offset>`: cuts the log so that it ends before `offset` (moved
 * back to the start of its append). Without `apply` it only reports exactly what would be cut. With
 * it: the segment is truncated, later segments removed, the acknowledged end rewritten, the stream
 * index dropped (rebuilt at open) and consumer checkpoints past the new end pulled back. Read models
 * built from the cut records must then be rebuilt (`engram replay`); projectors refuse to start until then.
 */
export async function repairFileLog(
  dirIn: string,
  opts: { truncateAt: number; apply: boolean },
): Promise<CutReport & { applied: boolean }> {
  const dir = resolve(dirIn);
  if (!Number.isSafeInteger(opts.truncateAt) || opts.truncateAt < 0)
    throw new EngramError('VALIDATION_FAILED', '--truncate-at must be a record offset (a non-negative integer)', {
      details: { field: 'truncate-at' },
    });
  const lock = await acquireDirLock(dir, { file: 'LOCK', what: 'event log', code: 'LOG_UNAVAILABLE' });
  try {
    const segmentsDir = join(dir, 'segments');
    const bases = await listSegmentBases(segmentsDir);
    const acked = await readWatermark(dir);
    const verify = await verifyFileLog(dir);
    const headBefore = Math.max(acked?.nextOffset ?? 0, verify.records + (bases[0] ?? 0));
    if (opts.truncateAt >= headBefore)
      throw new EngramError(
        'VALIDATION_FAILED',
        `the log ends at offset ${headBefore}: nothing to cut at ${opts.truncateAt}`,
        { details: { field: 'truncate-at' } },
      );
    const at = await appendStartOf(segmentsDir, bases, opts.truncateAt);
    const cut = await cutReport(segmentsDir, bases, at.base, at.byte, at.offset, headBefore);
    if (!opts.apply) return { ...cut, applied: false };
    const path = segmentPath(segmentsDir, at.base);
    await truncate(path, at.byte);
    const fh = await open(path, 'r+');
    await fh.sync();
    await fh.close();
    for (const p of cut.segmentsRemoved) await unlink(p);
    await fsyncDir(segmentsDir);
    await rm(watermarkPath(dir), { force: true });
    const w = await WatermarkFile.open(
      dir,
      { segmentBase: at.base, byteEnd: at.byte, nextOffset: at.offset },
      acked?.seq ?? 0,
    );
    await w.close();
    await rm(join(dir, 'stream-index.json'), { force: true });
    const checkpoints = new CheckpointStore(dir);
    for (const { name, nextOffset } of await checkpoints.all())
      if (nextOffset > at.offset) await checkpoints.save(name, at.offset);
    await fsyncDir(dir);
    return { ...cut, applied: true };
  } finally {
    await lock.release();
  }
}
