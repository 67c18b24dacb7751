import { crc32 } from 'node:zlib';

/**
 * On-disk record framing. A segment file starts with SEGMENT_MAGIC, then frames:
 *   u32 bodyLength | u32 crc32(body) | body
 *   body = u32 offsetLow | u32 offsetHigh | u8 flags | u16 keyLength | key (UTF-8) | payload
 * The stream key is stored outside the payload so recovery can rebuild stream versions without
 * decoding events (and without depending on the codec). FLAG_END_OF_APPEND marks the last record of
 * one append: recovery drops a trailing append whose end marker never reached the disk.
 */
export const SEGMENT_MAGIC = Buffer.from('ENGLOG01', 'ascii');
export const FRAME_PREFIX_BYTES = 8;
const BODY_FIXED_BYTES = 11;
export const FLAG_END_OF_APPEND = 1;
export const MAX_KEY_BYTES = 0xffff;
/**
 * Upper bound of one group-commit write (and so of one append). Recovery relies on it: a crash can
 * only tear the last write, so damage further than this from the end of the file is corruption of
 * acknowledged data, never a torn tail.
 */
export const MAX_WRITE_BYTES = 8 * 1024 * 1024;
const MAX_BODY_BYTES = MAX_WRITE_BYTES - FRAME_PREFIX_BYTES;

export interface Frame {
  offset: number;
  endOfAppend: boolean;
  key: string;
  payload: Buffer;
  /** Bytes the frame occupies on disk, prefix included. */
  size: number;
}

export type ParseResult =
  | { kind: 'frame'; frame: Frame }
  /** Not enough bytes; `need` is the full frame size when the prefix was readable. */
  | { kind: 'short'; need: number | null }
  | { kind: 'bad'; reason: string };

export function frameSize(keyBytes: number, payloadBytes: number): number {
  return FRAME_PREFIX_BYTES + BODY_FIXED_BYTES + keyBytes + payloadBytes;
}

/** Writes one frame into `out` at `at`; returns the position after it. */
export function writeFrame(
  out: Buffer,
  at: number,
  offset: number,
  endOfAppend: boolean,
  key: Buffer,
  payload: Uint8Array,
): number {
  const bodyStart = at + FRAME_PREFIX_BYTES;
  const bodyLength = BODY_FIXED_BYTES + key.length + payload.length;
  out.writeUInt32LE(offset % 0x1_0000_0000, bodyStart);
  out.writeUInt32LE(Math.floor(offset / 0x1_0000_0000), bodyStart + 4);
  out.writeUInt8(endOfAppend ? FLAG_END_OF_APPEND : 0, bodyStart + 8);
  out.writeUInt16LE(key.length, bodyStart + 9);
  key.copy(out, bodyStart + BODY_FIXED_BYTES);
  out.set(payload, bodyStart + BODY_FIXED_BYTES + key.length);
  out.writeUInt32LE(bodyLength, at);
  out.writeUInt32LE(crc32(out.subarray(bodyStart, bodyStart + bodyLength)), at + 4);
  return bodyStart + bodyLength;
}

/** Parses the frame at buf[pos..end). With verifyCrc=false only the structure is checked. */
export function parseFrame(buf: Buffer, pos: number, end: number, verifyCrc: boolean): ParseResult {
  if (end - pos < FRAME_PREFIX_BYTES) return { kind: 'short', need: null };
  const bodyLength = buf.readUInt32LE(pos);
  if (bodyLength < BODY_FIXED_BYTES || bodyLength > MAX_BODY_BYTES) {
    return { kind: 'bad', reason: `frame length ${bodyLength} out of range` };
  }
  const size = FRAME_PREFIX_BYTES + bodyLength;
  if (end - pos < size) return { kind: 'short', need: size };
  const bodyStart = pos + FRAME_PREFIX_BYTES;
  const body = buf.subarray(bodyStart, bodyStart + bodyLength);
  if (verifyCrc && crc32(body) !== buf.readUInt32LE(pos + 4)) return { kind: 'bad', reason: 'crc mismatch' };
  const offset = body.readUInt32LE(0) + body.readUInt32LE(4) * 0x1_0000_0000;
  const flags = body.readUInt8(8);
  const keyLength = body.readUInt16LE(9);
  if (BODY_FIXED_BYTES + keyLength > bodyLength) return { kind: 'bad', reason: 'key length exceeds frame' };
  const key = body.toString('utf8', BODY_FIXED_BYTES, BODY_FIXED_BYTES + keyLength);
  const payload = body.subarray(BODY_FIXED_BYTES + keyLength);
  return { kind: 'frame', frame: { offset, endOfAppend: (flags & FLAG_END_OF_APPEND) !== 0, key, payload, size } };
}
