import { open } from 'node:fs/promises';
import { SEGMENT_MAGIC } from './frame';
import { MARK_EVERY } from './segment';
import { SegmentCursor } from './segment-cursor';

export interface ScanProblem {
  /** Byte where the bad or incomplete data starts. */
  byte: number;
  /** The record offset expected there. */
  offset: number;
  reason: string;
}

export interface SegmentScan {
  base: number;
  path: string;
  /** The whole file's size (also when only part of it was scanned). */
  size: number;
  /** Byte positions of records at offsets that are multiples of MARK_EVERY (up to goodEnd). */
  marks: Map<number, number>;
  /** Byte after the last complete append (everything before it reads back intact). */
  goodEnd: number;
  /** Offset after the last complete append. */
  goodNext: number;
  /** Stream keys of the complete appends at offsets >= countFrom, one per record. */
  keys: string[];
  problem: ScanProblem | null;
  /** Whole records (by structure, CRC aside) from goodEnd to the end of the file: what cutting at goodEnd drops. */
  recordsAfterGood: number;
}

/**
 * Reads a segment from its header to its end, verifying every CRC and the offset sequence. Stops at
 * the first damaged or incomplete append; what follows is counted by structure only.
 * onRecord, when given, sees every intact record's payload (e.g. to try decoding it).
 */
export async function scanSegment(
  path: string,
  base: number,
  opts: {
    /** Stream keys are collected from this offset on. */
    countFrom?: number;
    /** Scan only up to this byte (the acknowledged end); the rest is only counted. */
    endByte?: number;
    onRecord?: (offset: number, payload: Buffer, byte: number) => string | null;
  } = {},
): Promise<SegmentScan> {
  const countFrom = opts.countFrom ?? 0;
  const onRecord = opts.onRecord;
  const fh = await open(path, 'r');
  try {
    const fileSize = (await fh.stat()).size;
    const size = Math.min(fileSize, opts.endByte ?? fileSize);
    const header = Buffer.alloc(SEGMENT_MAGIC.length);
    await fh.read(header, 0, header.length, 0);
    const out: SegmentScan = {
      base,
      path,
      size,
      marks: new Map(),
      goodEnd: SEGMENT_MAGIC.length,
      goodNext: base,
      keys: [],
      problem: null,
      recordsAfterGood: 0,
    };
    if (size < SEGMENT_MAGIC.length || !header.equals(SEGMENT_MAGIC)) {
      out.goodEnd = 0;
      out.size = fileSize;
      out.problem = { byte: 0, offset: base, reason: 'no valid segment header' };
      return out;
    }
    const cursor = new SegmentCursor(fh, SEGMENT_MAGIC.length, size);
    let expected = base;
    let pendingKeys: string[] = [];
    let appendStart = SEGMENT_MAGIC.length;
    for (;;) {
      const step = await cursor.next();
      if (step.kind === 'bad') {
        out.problem = { byte: step.at, offset: expected, reason: step.reason };
        break;
      }
      if (step.kind === 'end') {
        if (step.partial) out.problem = { byte: step.at, offset: expected, reason: 'incomplete record' };
        break;
      }
      const { frame } = step;
      if (frame.offset !== expected) {
        out.problem = {
          byte: step.at,
          offset: expected,
          reason: `record has offset ${frame.offset}, expected ${expected}`,
        };
        break;
      }
      const undecodable = onRecord?.(frame.offset, frame.payload, step.at) ?? null;
      if (undecodable) {
        out.problem = { byte: step.at, offset: expected, reason: undecodable };
        break;
      }
      if (expected % MARK_EVERY === 0) out.marks.set(expected, step.at);
      if (expected >= countFrom) pendingKeys.push(frame.key);
      expected++;
      if (frame.endOfAppend) {
        out.keys.push(...pendingKeys);
        pendingKeys = [];
        out.goodEnd = step.at + frame.size;
        out.goodNext = expected;
        appendStart = out.goodEnd;
      }
    }
    if (out.problem === null && out.goodEnd < size)
      out.problem = { byte: appendStart, offset: out.goodNext, reason: 'append has no end marker' };
    for (const offset of [...out.marks.keys()]) if (offset >= out.goodNext) out.marks.delete(offset);
    if (out.goodEnd < fileSize) out.recordsAfterGood = await countFrames(fh, out.goodEnd, fileSize);
    out.size = fileSize;
    return out;
  } finally {
    await fh.close();
  }
}

async function countFrames(fh: Awaited<ReturnType<typeof open>>, from: number, size: number): Promise<number> {
  const cursor = new SegmentCursor(fh, from, size, false);
  let n = 0;
  for (;;) {
    const step = await cursor.next();
    if (step.kind !== 'frame') return n;
    n++;
  }
}
