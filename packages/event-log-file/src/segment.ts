import { open, readdir, rename, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { SEGMENT_MAGIC } from './frame';
import { fsyncDir } from './fs-util';
import { SegmentCursor } from './segment-cursor';

const SEGMENT_NAME = /^(\d{20})\.seg$/;
/** A byte-position mark is kept for every record whose offset is a multiple of this. */
export const MARK_EVERY = 64;

/** One segment file: records base, base+1, ... stored after the magic header. */
export interface Segment {
  base: number;
  path: string;
  /** Committed (durable, readable) length in bytes. */
  bytes: number;
  /** Byte positions of records at offsets that are multiples of MARK_EVERY; null until built. */
  marks: Map<number, number> | null;
}

export function segmentPath(segmentsDir: string, base: number): string {
  return join(segmentsDir, `${String(base).padStart(20, '0')}.seg`);
}

export async function listSegmentBases(segmentsDir: string): Promise<number[]> {
  const bases: number[] = [];
  for (const name of await readdir(segmentsDir)) {
    const m = SEGMENT_NAME.exec(name);
    if (m) bases.push(Number(m[1]));
    else if (name.includes('.tmp-')) await unlink(join(segmentsDir, name)).catch(() => undefined);
  }
  return bases.sort((a, b) => a - b);
}

/** Creates an empty segment (header only) atomically, so a segment file never lacks its header. */
export async function createSegmentFile(segmentsDir: string, base: number): Promise<string> {
  const path = segmentPath(segmentsDir, base);
  const tmp = `${path}.tmp-${process.pid}`;
  const fh = await open(tmp, 'w');
  try {
    await fh.write(SEGMENT_MAGIC, 0, SEGMENT_MAGIC.length, 0);
    await fh.sync();
  } finally {
    await fh.close();
  }
  await rename(tmp, path);
  await fsyncDir(segmentsDir);
  return path;
}

/** Byte position to start scanning for `offset` (a record at or before it). */
export function seekByte(seg: Segment, offset: number): number {
  const marked = Math.floor(offset / MARK_EVERY) * MARK_EVERY;
  if (marked <= seg.base) return SEGMENT_MAGIC.length;
  return seg.marks?.get(marked) ?? SEGMENT_MAGIC.length;
}

/** Builds marks for a sealed segment not scanned at open (structure only; reads verify CRCs). */
export async function buildMarks(seg: Segment): Promise<Map<number, number>> {
  const marks = new Map<number, number>();
  const fh = await open(seg.path, 'r');
  try {
    const cursor = new SegmentCursor(fh, SEGMENT_MAGIC.length, seg.bytes, false);
    for (;;) {
      const step = await cursor.next();
      if (step.kind !== 'frame') break;
      if (step.frame.offset % MARK_EVERY === 0) marks.set(step.frame.offset, step.at);
    }
  } finally {
    await fh.close();
  }
  return marks;
}
