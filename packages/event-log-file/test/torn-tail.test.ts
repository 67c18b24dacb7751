import { appendFile, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved } from '@engram/testing';
import type { EngramEvent } from '@engram/core';
import { repairFileLog, verifyFileLog } from '../src';
import { captureLogger, firstSegment, openLog, readAll, tempDir } from './helpers';

describe('file event log: torn tail vs damaged acknowledged data on open', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let events: EngramEvent[];

  beforeEach(async () => {
    ({ dir, remove } = await tempDir('torn'));
    const log = await openLog(dir);
    events = Array.from({ length: 5 }, (_, i) => sampleMessageObserved('t1', 'u1', i));
    for (const e of events) await log.append([e]);
    await log.close();
  });
  afterEach(async () => remove());

  /**
   * Appends `batch` and then puts the acknowledged-end watermark back to before it: what a crash
   * between the segment write and the watermark's fdatasync leaves (an append never acknowledged).
   */
  async function unacknowledgedAppend(batch: EngramEvent[]): Promise<{ before: number; after: number }> {
    const acked = await readFile(join(dir, 'ACKED'));
    const before = (await stat(firstSegment(dir))).size;
    const log = await openLog(dir);
    await log.append(batch);
    await log.close();
    await writeFile(join(dir, 'ACKED'), acked);
    return { before, after: (await stat(firstSegment(dir))).size };
  }

  async function reopenExpectingRepair(expectedCount: number) {
    const logger = captureLogger();
    const log = await openLog(dir, { logger });
    const warning = logger.lines.find((l) => l.level === 'warn' && /torn tail/.test(l.msg ?? ''));
    expect(warning, 'a torn-tail warning was logged').toBeDefined();
    const stored = await readAll(log);
    expect(stored.map((s) => s.event)).toEqual(events.slice(0, expectedCount));
    expect((await log.head()).get(0)).toBe(expectedCount);
    expect(await log.streamVersion('t1', 'u1')).toBe(expectedCount);
    // The repaired log takes new appends right after the last intact record.
    const extra = sampleMessageObserved('t1', 'u1', 99);
    const r = await log.append([extra], { expectedStreamVersion: expectedCount });
    expect(r.positions).toEqual([{ partition: 0, offset: expectedCount }]);
    await log.close();
    const clean = captureLogger();
    const again = await openLog(dir, { logger: clean });
    expect(clean.lines.filter((l) => l.level === 'warn')).toEqual([]);
    expect((await readAll(again)).map((s) => s.event)).toEqual([...events.slice(0, expectedCount), extra]);
    await again.close();
    return warning!;
  }

  it('cuts an unacknowledged record that was written only in half', async () => {
    const { after } = await unacknowledgedAppend([sampleMessageObserved('t1', 'u1', 10)]);
    await truncate(firstSegment(dir), after - 7);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(0);
    expect(warning.obj['bytesCut']).toBeGreaterThan(0);
  });

  it('cuts garbage after the last record', async () => {
    await appendFile(firstSegment(dir), Buffer.alloc(100, 0xab));
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['bytesCut']).toBe(100);
  });

  it('cuts zero-filled space after the last record', async () => {
    await appendFile(firstSegment(dir), Buffer.alloc(4096));
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['bytesCut']).toBe(4096);
  });

  it('drops an unacknowledged last record whose CRC does not match, and counts it', async () => {
    await unacknowledgedAppend([sampleMessageObserved('t1', 'u1', 10)]);
    const bytes = await readFile(firstSegment(dir));
    bytes[bytes.length - 3]! ^= 0xff;
    await writeFile(firstSegment(dir), bytes);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(1);
  });

  it('drops a whole unacknowledged multi-event append whose last record is missing', async () => {
    const { before, after } = await unacknowledgedAppend([
      sampleMessageObserved('t1', 'u1', 10),
      sampleMessageObserved('t1', 'u1', 11),
      sampleMessageObserved('t1', 'u1', 12),
    ]);
    // The three records have the same size; keep the first two whole, so the tail ends cleanly at a
    // record boundary but the append's end marker is missing.
    const recordBytes = (after - before) / 3;
    expect(Number.isInteger(recordBytes)).toBe(true);
    await truncate(firstSegment(dir), before + 2 * recordBytes);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(2);
  });

  it('drops an unacknowledged multi-event append whose last record is cut in half', async () => {
    const { after } = await unacknowledgedAppend([
      sampleMessageObserved('t1', 'u1', 10),
      sampleMessageObserved('t1', 'u1', 11),
      sampleMessageObserved('t1', 'u1', 12),
    ]);
    await truncate(firstSegment(dir), after - 3);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(2);
  });

  it('drops an intact append that was never acknowledged (a crash before its watermark), counting every record', async () => {
    await unacknowledgedAppend([
      sampleMessageObserved('t1', 'u1', 10),
      sampleMessageObserved('t1', 'u1', 11),
      sampleMessageObserved('t1', 'u1', 12),
    ]);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(3);
  });

  it('refuses to open when a byte of acknowledged data in the active segment is flipped, names it, cuts nothing; verify and repair report exactly what would go', async () => {
    const log = await openLog(dir);
    for (let i = 5; i < 40; i++) {
      const e = sampleMessageObserved('t1', 'u1', i);
      events.push(e);
      await log.append([e]);
    }
    await log.close();
    const original = await readFile(firstSegment(dir));
    const damaged = Buffer.from(original);
    // Inside record 20 of 40, far within the last 8 MiB (once taken for a torn tail).
    const recordBytes = (original.length - 8) / 40;
    const at = 8 + Math.floor(20.5 * recordBytes);
    damaged[at]! ^= 0x01;
    await writeFile(firstSegment(dir), damaged);

    const err = await openLog(dir).then(
      () => null,
      (e: unknown) => e as { code: string; message: string; details: Record<string, unknown> },
    );
    expect(err?.code).toBe('LOG_CORRUPT');
    expect(err?.message).toContain(firstSegment(dir));
    expect(err?.details).toMatchObject({ segment: 0, offset: 20, problem: 'crc mismatch' });
    expect(err?.message).toContain('engram log repair --truncate-at 20');
    // Nothing was cut: the file is exactly as damaged, and a second open refuses the same way.
    expect((await readFile(firstSegment(dir))).equals(damaged)).toBe(true);
    await expect(openLog(dir)).rejects.toMatchObject({ code: 'LOG_CORRUPT' });

    const report = await verifyFileLog(dir);
    expect(report.ok).toBe(false);
    expect(report.damage).toMatchObject({ segment: 0, offset: 20, reason: 'crc mismatch', acknowledged: true });
    expect(report.repair).toMatchObject({ fromOffset: 20, records: 20, headBefore: 40, segmentsRemoved: [] });

    const dry = await repairFileLog(dir, { truncateAt: 20, apply: false });
    expect(dry).toMatchObject({ fromOffset: 20, records: 20, applied: false });
    expect((await readFile(firstSegment(dir))).equals(damaged)).toBe(true);

    const done = await repairFileLog(dir, { truncateAt: 20, apply: true });
    expect(done).toMatchObject({ fromOffset: 20, records: 20, applied: true });
    const repaired = await openLog(dir);
    expect((await readAll(repaired)).map((s) => s.event)).toEqual(events.slice(0, 20));
    await repaired.close();
    expect((await verifyFileLog(dir)).ok).toBe(true);
  });

  it('a log from before the watermark existed keeps the torn-tail rule', async () => {
    await rm(join(dir, 'ACKED'));
    const size = (await stat(firstSegment(dir))).size;
    await truncate(firstSegment(dir), size - 7);
    const warning = await reopenExpectingRepair(4);
    expect(warning.obj['bytesCut']).toBeGreaterThan(0);
  });
});
