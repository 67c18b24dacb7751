import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { fsyncDir, openDurable, writeDurably } from './fs-util';

/**
 * The acknowledged end of the log: the segment, byte and offset up to which every record was
 * fdatasynced before its append was acknowledged. Written (and fdatasynced) after the segment data
 * of every group commit and before the appends resolve, so start-up can tell a torn,
 * unacknowledged tail (after it) from damage inside acknowledged data (before it).
 *
 * File ACKED: two 512-byte slots, written alternately, so a torn write of one leaves the other.
 * Slot: "ENGACK01" | u64 seq | u64 segmentBase | u64 byteEnd | u64 nextOffset | u32 crc32(first 40 bytes).
 */
export interface Watermark {
  seq: number;
  segmentBase: number;
  byteEnd: number;
  nextOffset: number;
}

const FILE = 'ACKED';
const MAGIC = Buffer.from('ENGACK01', 'ascii');
const SLOT = 512;
const BODY = 40;

function encode(w: Watermark): Buffer {
  const b = Buffer.alloc(SLOT);
  MAGIC.copy(b, 0);
  b.writeBigUInt64LE(BigInt(w.seq), 8);
  b.writeBigUInt64LE(BigInt(w.segmentBase), 16);
  b.writeBigUInt64LE(BigInt(w.byteEnd), 24);
  b.writeBigUInt64LE(BigInt(w.nextOffset), 32);
  b.writeUInt32LE(crc32(b.subarray(0, BODY)), BODY);
  return b;
}

function decode(b: Buffer): Watermark | null {
  if (b.length < BODY + 4 || !b.subarray(0, 8).equals(MAGIC) || crc32(b.subarray(0, BODY)) !== b.readUInt32LE(BODY))
    return null;
  return {
    seq: Number(b.readBigUInt64LE(8)),
    segmentBase: Number(b.readBigUInt64LE(16)),
    byteEnd: Number(b.readBigUInt64LE(24)),
    nextOffset: Number(b.readBigUInt64LE(32)),
  };
}

export function watermarkPath(dir: string): string {
  return join(dir, FILE);
}

/** The newest intact slot; null when the log has no watermark yet (a new log, or one written before it existed). */
export async function readWatermark(dir: string): Promise<Watermark | null> {
  let fh: FileHandle;
  try {
    fh = await open(watermarkPath(dir), 'r');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw e;
  }
  try {
    const buf = Buffer.alloc(2 * SLOT);
    const { bytesRead } = await fh.read(buf, 0, buf.length, 0);
    const slots = [
      decode(buf.subarray(0, Math.min(SLOT, bytesRead))),
      bytesRead > SLOT ? decode(buf.subarray(SLOT, bytesRead)) : null,
    ];
    const valid = slots.filter((s): s is Watermark => s !== null);
    return valid.length === 0 ? null : valid.reduce((a, b) => (b.seq > a.seq ? b : a));
  } finally {
    await fh.close();
  }
}

/** The open ACKED file of a running log. */
export class WatermarkFile {
  private constructor(
    private readonly fh: FileHandle,
    private current: Watermark,
  ) {}

  /** Opens (creating it if needed, both slots preallocated) and stamps `initial` as the acknowledged end. */
  static async open(dir: string, initial: Omit<Watermark, 'seq'>, previousSeq: number): Promise<WatermarkFile> {
    const path = watermarkPath(dir);
    let fh: FileHandle;
    let created = false;
    try {
      fh = await openDurable(path);
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
      fh = await openDurable(path, true);
      created = true;
    }
    const w = new WatermarkFile(fh, { ...initial, seq: previousSeq });
    if (created) {
      // Both slots hold the same start; after this, overwriting a slot never needs new disk space.
      const slot = encode({ ...initial, seq: previousSeq + 1 });
      await fh.write(Buffer.concat([slot, slot]), 0, 2 * SLOT, 0);
      await fh.sync();
      await fsyncDir(dir);
      w.current = { ...initial, seq: previousSeq + 1 };
    } else {
      await w.advance(initial);
    }
    return w;
  }

  get value(): Watermark {
    return this.current;
  }

  /** Durably moves the acknowledged end; resolves once it is on disk. */
  async advance(to: Omit<Watermark, 'seq'>): Promise<void> {
    const next: Watermark = { ...to, seq: this.current.seq + 1 };
    await writeDurably(this.fh, encode(next), (next.seq % 2) * SLOT);
    this.current = next;
  }

  async close(): Promise<void> {
    await this.fh.close().catch(() => undefined);
  }
}
