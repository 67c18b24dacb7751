import { stat, truncate, unlink } from 'node:fs/promises';
import { EngramError, type Logger } from '@engram/core';
import { MAX_WRITE_BYTES } from './frame';
import { segmentPath, type Segment } from './segment';
import { scanSegment, type SegmentScan } from './segment-scan';
import type { StreamIndexSnapshot } from './stream-index';
import type { Watermark } from './watermark';

export interface RecoveredState {
  segments: Segment[];
  nextOffset: number;
  versions: Map<string, number>;
  /** Records scanned to rebuild state (a hint for whether to refresh the stream index). */
  scannedRecords: number;
}

function damaged(scan: SegmentScan, acknowledgedTo: number | null, what: string): EngramError {
  const p = scan.problem!;
  return new EngramError(
    'LOG_CORRUPT',
    `event log damaged inside ${what}: segment ${scan.path}, byte ${p.byte}, record offset ${p.offset}: ${p.reason}. Nothing was cut. ` +
      `See it with \`engram log verify\`; \`engram log repair --truncate-at ${p.offset}\` cuts the log there (${scan.goodNext === p.offset ? '' : 'from the start of that append, '}records ${scan.goodNext} onward).`,
    {
      details: {
        segment: scan.base,
        path: scan.path,
        byte: p.byte,
        offset: p.offset,
        problem: p.reason,
        acknowledgedTo,
        cutFromOffset: scan.goodNext,
      },
    },
  );
}

/**
 * Rebuilds the log state from the segment files. Segments before the one holding the snapshot's
 * nextOffset are trusted (sealed, and verified by CRC when read); the rest are scanned.
 *
 * With the acknowledged-end watermark (ACKED), everything before it was acknowledged: damage there
 * refuses to open (LOG_CORRUPT naming segment, byte and offset) and nothing is cut; what lies after
 * it was never acknowledged (a crash mid-commit) and is cut, counting exactly what went. A log from
 * before the watermark existed falls back to the old rule: damage within one write of the end of
 * the last segment is a torn tail.
 */
export async function recoverSegments(
  segmentsDir: string,
  bases: number[],
  snapshot: StreamIndexSnapshot | null,
  watermark: Watermark | null,
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
  if (watermark) {
    // Never trust past the acknowledged segment without scanning it.
    const ackIdx = bases.indexOf(watermark.segmentBase);
    if (ackIdx === -1) {
      throw new EngramError(
        'LOG_CORRUPT',
        `segment ${watermark.segmentBase}, which holds acknowledged records up to offset ${watermark.nextOffset}, is missing`,
        {
          details: { segment: watermark.segmentBase, acknowledgedTo: watermark.nextOffset },
        },
      );
    }
    startIdx = Math.min(startIdx, ackIdx);
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
    const path = segmentPath(segmentsDir, base);
    if (watermark && base > watermark.segmentBase) {
      // Started after the last acknowledged commit: it holds only unacknowledged records.
      await dropUnacknowledgedSegment(path, base, logger);
      continue;
    }
    if (base !== nextOffset) {
      throw new EngramError(
        'LOG_CORRUPT',
        `segment ${base} does not follow offset ${nextOffset - 1}: records are missing`,
        { details: { segment: base, expected: nextOffset } },
      );
    }
    const acked = watermark !== null && base === watermark.segmentBase;
    const scan = await scanSegment(path, base, { countFrom, ...(acked ? { endByte: watermark.byteEnd } : {}) });
    const isLast = i === bases.length - 1 || acked;
    if (acked) {
      if (scan.problem) throw damaged(scan, watermark.nextOffset, 'acknowledged data');
      if (scan.goodEnd < watermark.byteEnd || scan.goodNext !== watermark.nextOffset) {
        throw new EngramError(
          'LOG_CORRUPT',
          `segment ${path} holds records up to offset ${scan.goodNext} (byte ${scan.goodEnd}) but acknowledged records reach offset ${watermark.nextOffset} (byte ${watermark.byteEnd}): acknowledged data is missing. Nothing was cut; see \`engram log verify\`.`,
          {
            details: {
              segment: base,
              path,
              size: scan.size,
              acknowledgedByte: watermark.byteEnd,
              acknowledgedTo: watermark.nextOffset,
              readableTo: scan.goodNext,
            },
          },
        );
      }
    } else if (scan.problem && (watermark !== null || !isLast)) {
      throw damaged(scan, watermark?.nextOffset ?? null, watermark ? 'acknowledged data' : 'a sealed segment');
    } else if (scan.problem && scan.size - scan.goodEnd > MAX_WRITE_BYTES) {
      // A log written before the watermark existed: only the last write can have torn.
      throw damaged(
        scan,
        null,
        `the last segment, ${scan.size - scan.goodEnd} bytes before its end (more than one write can tear)`,
      );
    }
    segments.push({ base, path, bytes: scan.goodEnd, marks: scan.marks });
    nextOffset = scan.goodNext;
    scannedRecords += scan.goodNext - base;
    for (const key of scan.keys) versions.set(key, (versions.get(key) ?? 0) + 1);
    if (isLast && scan.goodEnd < scan.size) await cutTail(path, scan, logger);
  }
  return { segments, nextOffset, versions, scannedRecords };
}

async function dropUnacknowledgedSegment(path: string, base: number, logger: Logger): Promise<void> {
  const scan = await scanSegment(path, base);
  await unlink(path);
  logger.warn(
    { segment: path, bytesCut: scan.size, recordsDropped: scan.goodNext - base + scan.recordsAfterGood },
    'event log: removed a segment begun after the last acknowledged commit (unacknowledged writes from a crash)',
  );
}

async function cutTail(path: string, scan: SegmentScan, logger: Logger): Promise<void> {
  await truncate(path, scan.goodEnd);
  logger.warn(
    {
      segment: path,
      problem: scan.problem?.reason ?? 'records after the acknowledged end',
      truncatedAtByte: scan.goodEnd,
      bytesCut: scan.size - scan.goodEnd,
      recordsDropped: scan.recordsAfterGood,
      nextOffset: scan.goodNext,
    },
    'event log: torn tail detected and truncated (unacknowledged writes from a crash)',
  );
}
