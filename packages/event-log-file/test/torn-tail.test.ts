import { appendFile, readFile, stat, truncate, writeFile } from 'node:fs/promises';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved } from '@engram/testing';
import type { EngramEvent } from '@engram/core';
import { captureLogger, firstSegment, openLog, readAll, tempDir } from './helpers';

describe('file event log: torn tail repair on open', () => {
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

  it('cuts a record that was written only in half', async () => {
    const size = (await stat(firstSegment(dir))).size;
    await truncate(firstSegment(dir), size - 7);
    const warning = await reopenExpectingRepair(4);
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

  it('drops a last record whose CRC does not match', async () => {
    const bytes = await readFile(firstSegment(dir));
    bytes[bytes.length - 3]! ^= 0xff;
    await writeFile(firstSegment(dir), bytes);
    const warning = await reopenExpectingRepair(4);
    expect(String(warning.obj['problem'])).toMatch(/crc/);
  });

  it('drops a whole multi-event append whose last record is missing', async () => {
    const before = (await stat(firstSegment(dir))).size;
    const log = await openLog(dir);
    const batch = [sampleMessageObserved('t1', 'u1', 10), sampleMessageObserved('t1', 'u1', 11), sampleMessageObserved('t1', 'u1', 12)];
    await log.append(batch);
    await log.close();
    const after = (await stat(firstSegment(dir))).size;
    // The three records have the same size; keep the first two whole, so the tail ends cleanly at a
    // record boundary but the append's end marker is missing.
    const recordBytes = (after - before) / 3;
    expect(Number.isInteger(recordBytes)).toBe(true);
    await truncate(firstSegment(dir), before + 2 * recordBytes);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(2);
    expect(String(warning.obj['problem'])).toMatch(/no end marker/);
  });

  it('drops a multi-event append whose last record is cut in half', async () => {
    const log = await openLog(dir);
    await log.append([sampleMessageObserved('t1', 'u1', 10), sampleMessageObserved('t1', 'u1', 11), sampleMessageObserved('t1', 'u1', 12)]);
    await log.close();
    const size = (await stat(firstSegment(dir))).size;
    await truncate(firstSegment(dir), size - 3);
    const warning = await reopenExpectingRepair(5);
    expect(warning.obj['recordsDropped']).toBe(2);
  });
});
