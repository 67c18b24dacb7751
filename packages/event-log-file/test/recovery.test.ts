import { readFile, readdir, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved } from '@engram/testing';
import type { EngramEvent } from '@engram/core';
import { captureLogger, firstSegment, openLog, readAll, tempDir } from './helpers';

describe('file event log: segments, stream index and corruption', () => {
  let dir: string;
  let remove: () => Promise<void>;
  let events: EngramEvent[];

  beforeEach(async () => {
    ({ dir, remove } = await tempDir('recovery'));
    const log = await openLog(dir, { segmentBytes: 2048 });
    events = [];
    for (let i = 0; i < 120; i++) {
      const e = sampleMessageObserved('t1', `u${i % 3}`, i);
      events.push(e);
      await log.append([e]);
    }
    await log.close();
  });
  afterEach(async () => remove());

  it('spreads records over several segments and reads across them from any offset', async () => {
    const segments = (await readdir(join(dir, 'segments'))).filter((f) => f.endsWith('.seg'));
    expect(segments.length).toBeGreaterThan(3);
    const log = await openLog(dir, { segmentBytes: 2048 });
    expect((await readAll(log)).map((s) => s.event)).toEqual(events);
    for (const from of [0, 1, 63, 64, 65, 77, 119]) {
      const got = [];
      for await (const s of log.read({ from: { partition: 0, offset: from }, limit: 3 })) got.push(s.position.offset);
      expect(got).toEqual([from, from + 1, from + 2].filter((o) => o < 120));
    }
    expect(await log.streamVersion('t1', 'u0')).toBe(40);
    await log.close();
  });

  it('opens from the stream index, scanning only the last segments', async () => {
    const logger = captureLogger();
    const log = await openLog(dir, { segmentBytes: 2048, logger });
    const opened = logger.lines.find((l) => l.msg === 'event log opened')!;
    expect(opened.obj['nextOffset']).toBe(120);
    expect(opened.obj['scannedRecords']).toBeLessThan(120);
    expect(await log.streamVersion('t1', 'u1')).toBe(40);
    expect(await log.streamVersion('t1', 'u2')).toBe(40);
    expect((await readAll(log)).map((s) => s.event.eventId)).toEqual(events.map((e) => e.eventId));
    await log.close();
  });

  it('rebuilds stream versions from all segments when the stream index is unreadable or ahead of the log', async () => {
    await writeFile(join(dir, 'stream-index.json'), '{not json');
    const logger = captureLogger();
    let log = await openLog(dir, { logger });
    expect(logger.lines.some((l) => l.level === 'warn' && /ignoring the stream index/.test(l.msg ?? ''))).toBe(true);
    expect(await log.streamVersion('t1', 'u0')).toBe(40);
    await log.close();

    await writeFile(
      join(dir, 'stream-index.json'),
      JSON.stringify({ format: 1, nextOffset: 5000, streams: [['["t1","u0"]', 9999]] }),
    );
    const logger2 = captureLogger();
    log = await openLog(dir, { logger: logger2 });
    expect(logger2.lines.some((l) => l.level === 'warn' && /covers more events/.test(l.msg ?? ''))).toBe(true);
    expect(await log.streamVersion('t1', 'u0')).toBe(40);
    expect((await log.head()).get(0)).toBe(120);
    await log.close();
  });

  it('refuses to open when a sealed segment is damaged (no silent loss)', async () => {
    await unlink(join(dir, 'stream-index.json'));
    const bytes = await readFile(firstSegment(dir));
    bytes[200]! ^= 0xff;
    await writeFile(firstSegment(dir), bytes);
    await expect(openLog(dir)).rejects.toMatchObject({ code: 'LOG_CORRUPT' });
    // The failed open released the lock.
    await expect(openLog(dir)).rejects.toMatchObject({ code: 'LOG_CORRUPT' });
  });

  it('reports damage in a segment skipped at open when it is read', async () => {
    const bytes = await readFile(firstSegment(dir));
    bytes[200]! ^= 0xff;
    await writeFile(firstSegment(dir), bytes);
    const log = await openLog(dir);
    await expect(readAll(log)).rejects.toMatchObject({ code: 'LOG_CORRUPT' });
    await log.close();
  });

  it('refuses to truncate when the damage lies further from the end than one write can tear', async () => {
    const { dir: bigDir, remove: removeBig } = await tempDir('big');
    try {
      const log = await openLog(bigDir);
      const filler = 'y'.repeat(30 * 1024);
      for (let i = 0; i < 320; i++) {
        const e = sampleMessageObserved('t1', 'u1', i);
        await log.append([{ ...e, payload: { ...e.payload, content: filler } } as EngramEvent]);
      }
      await log.close();
      const bytes = await readFile(firstSegment(bigDir));
      expect(bytes.length).toBeGreaterThan(9 * 1024 * 1024);
      bytes[200]! ^= 0xff;
      await writeFile(firstSegment(bigDir), bytes);
      await expect(openLog(bigDir)).rejects.toMatchObject({ code: 'LOG_CORRUPT' });
    } finally {
      await removeBig();
    }
  });
});
