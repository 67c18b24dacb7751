import type { FileHandle } from 'node:fs/promises';
import { parseFrame, type Frame } from './frame';

const CHUNK_BYTES = 1024 * 1024;

export type CursorStep =
  | { kind: 'frame'; frame: Frame; at: number }
  /** The readable bytes ended inside a frame (or exactly at `at` when clean). */
  | { kind: 'end'; at: number; partial: boolean }
  | { kind: 'bad'; at: number; reason: string };

/** Reads frames sequentially from a segment file between two byte positions. */
export class SegmentCursor {
  private buf = Buffer.allocUnsafe(CHUNK_BYTES);
  /** File position of buf[0]. */
  private bufFilePos: number;
  private filled = 0;
  private pos = 0;
  private eof = false;

  constructor(
    private readonly fh: FileHandle,
    startByte: number,
    private readonly endByte: number,
    private readonly verifyCrc = true,
  ) {
    this.bufFilePos = startByte;
  }

  async next(): Promise<CursorStep> {
    for (;;) {
      const at = this.bufFilePos + this.pos;
      const r = parseFrame(this.buf, this.pos, this.filled, this.verifyCrc);
      if (r.kind === 'frame') {
        this.pos += r.frame.size;
        return { kind: 'frame', frame: r.frame, at };
      }
      if (r.kind === 'bad') return { kind: 'bad', at, reason: r.reason };
      if (this.eof || this.bufFilePos + this.filled >= this.endByte) {
        return { kind: 'end', at, partial: this.filled > this.pos };
      }
      await this.refill(r.need);
    }
  }

  private async refill(need: number | null): Promise<void> {
    const remaining = this.filled - this.pos;
    if (need !== null && need > this.buf.length) {
      const bigger = Buffer.allocUnsafe(need);
      this.buf.copy(bigger, 0, this.pos, this.filled);
      this.buf = bigger;
    } else {
      this.buf.copy(this.buf, 0, this.pos, this.filled);
    }
    this.bufFilePos += this.pos;
    this.pos = 0;
    this.filled = remaining;
    const want = Math.min(this.buf.length - this.filled, this.endByte - (this.bufFilePos + this.filled));
    if (want <= 0) {
      this.eof = true;
      return;
    }
    const { bytesRead } = await this.fh.read(this.buf, this.filled, want, this.bufFilePos + this.filled);
    if (bytesRead === 0) this.eof = true;
    this.filled += bytesRead;
  }
}
