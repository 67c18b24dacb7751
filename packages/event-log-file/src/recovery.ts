import { open, stat } from 'node:fs/promises';
import { EngramError, type Logger } from '@engram/core';
import { MAX_WRITE_BYTES, SEGMENT_MAGIC } from './frame';
import { MARK_EVERY, segmentPath, type Segment } from './segment';
import { SegmentCursor } from './segment-cursor';
import type { StreamIndexSnapshot } from './stream-index';

export interface RecoveredState {
  segments: Segment[];
  nextOffset: number;
  versions: Map<string, number>;
  /** Records scanned to rebuild state (a hint for whether to refresh the stream index). */
  scannedRecords: number;
}

/**
 * Rebuilds the log state from the segment files. Segments before the one holding the snapshot's
 * nextOffset are trusted (sealed, and verified by CRC when read); the rest are scanned. A bad or
 * incomplete tail of the LAST segment is what a crash mid-write leaves: it was never acknowledged,
 * so it is truncated. Damage anywhere else is real corruption and open fails.
 */
export async function recoverSegments(
  segmentsDir: string,
  bases: number[],
  snapshot: StreamIndexSnapshot | null,
  logger: Logger,
): Promise<RecoveredState> {
  let startIdx = 0;
  let versions = new Map<string, number>();
  let countFrom = 0;
  if (snapshot) {
    for (let i = 0; i < bases.length; i++) if (bases[i]! <= snapshot.nextOffset) startIdx = i;
    versions = new Map(snapshot.streams);
    countFrom = snapshot.nextOffset;
  }
  const segments: Segment[] = [];
  for (let i = 0; i < startIdx; i++) {
    const path = segmentPath(segmentsDir, bases[i]!);
    segments.push({ base: bases[i]!, path, bytes: (await stat(path)).size, marks: null });
  }
  let nextOffset = bases[startIdx]!;
  let scannedRecords = 0;
  for (let i = startIdx; i < bases.length; i++) {
    const base = bases[i]!;
    if (base !== nextOffset) {
      throw new EngramError('LOG_CORRUPT', `segment ${base} does not follow offset ${nextOffset - 1}: records are missing`, {
        details: { segment: base, expected: nextOffset },
      });
    }
    const isLast = i === bases.length - 1;
    const scanned = await scanSegment(segmentsDir, base, isLast, versions, countFrom, logger);
    segments.push(scanned.segment);
    nextOffset = scanned.nextOffset;
    scannedRecords += scanned.records;
  }
  return { segments, nextOffset, versions, scannedRecords };
}

async function scanSegment(
  segmentsDir: string,
  base: number,
  isLast: boolean,
  versions: Map<string, number>,
  countFrom: number,
  logger: Logger,
): Promise<{ segment: Segment; nextOffset: number; records: number }> {
  const path = segmentPath(segmentsDir, base);
  const fh = await open(path, isLast ? 'r+' : 'r');
  try {
    const size = (await fh.stat()).size;
    const header = Buffer.alloc(SEGMENT_MAGIC.length);
    await fh.read(header, 0, header.length, 0);
    if (size < SEGMENT_MAGIC.length || !header.equals(SEGMENT_MAGIC)) {
      throw new EngramError('LOG_CORRUPT', `segment ${path} has no valid header`, { details: { segment: base } });
    }
    const marks = new Map<number, number>();
    const cursor = new SegmentCursor(fh, SEGMENT_MAGIC.length, size);
    let expected = base;
    let appendKeys: string[] = [];
    let goodEnd = SEGMENT_MAGIC.length;
    let goodNext = base;
    let problem: string | null = null;
    let records = 0;
    for (;;) {
      const step = await cursor.next();
      if (step.kind === 'bad') {
        problem = `${step.reason} at byte ${step.at}`;
        break;
      }
      if (step.kind === 'end') {
        if (step.partial) problem = `incomplete record at byte ${step.at}`;
        break;
      }
      const { frame } = step;
      if (frame.offset !== expected) {
        problem = `record at byte ${step.at} has offset ${frame.offset}, expected ${expected}`;
        break;
      }
      records++;
      if (expected % MARK_EVERY === 0) marks.set(expected, step.at);
      if (expected >= countFrom) appendKeys.push(frame.key);
      expected++;
      if (frame.endOfAppend) {
        for (const key of appendKeys) versions.set(key, (versions.get(key) ?? 0) + 1);
        appendKeys = [];
        goodEnd = step.at + frame.size;
        goodNext = expected;
      }
    }
    if (problem === null && goodEnd < size) problem = `append starting at byte ${goodEnd} has no end marker`;
    if (problem !== null) {
      if (!isLast) {
        throw new EngramError('LOG_CORRUPT', `sealed segment ${path} is damaged: ${problem}`, { details: { segment: base, problem } });
      }
      if (size - goodEnd > MAX_WRITE_BYTES) {
        throw new EngramError(
          'LOG_CORRUPT',
          `segment ${path} is damaged (${problem}) ${size - goodEnd} bytes before its end, more than one write can tear; ` +
            'refusing to truncate acknowledged records',
          { details: { segment: base, problem, damagedFromByte: goodEnd, size } },
        );
      }
      await fh.truncate(goodEnd);
      await fh.sync();
      for (const offset of [...marks.keys()]) if (offset >= goodNext) marks.delete(offset);
      logger.warn(
        { segment: path, problem, truncatedAtByte: goodEnd, bytesCut: size - goodEnd, recordsDropped: expected - goodNext, nextOffset: goodNext },
        'event log: torn tail detected and truncated (unacknowledged writes from a crash)',
      );
    }
    return { segment: { base, path, bytes: goodEnd, marks }, nextOffset: goodNext, records };
  } finally {
    await fh.close();
  }
}
