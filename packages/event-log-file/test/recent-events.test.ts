import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { sampleMessageObserved, waitFor } from '@engram/testing';
import type { JsonEventCodec, StoredEvent } from '@engram/core';
import { openLog, tempDir } from './helpers';

describe('file event log: consumers at the tail share one decode', () => {
  let dir: string;
  let remove: () => Promise<void>;
  beforeEach(async () => ({ dir, remove } = await tempDir('recent')));
  afterEach(async () => remove());

  it('hands every subscriber the same frozen event, decoded once, in order and complete', async () => {
    let decodes = 0;
    const log = await openLog(dir, {
      codec: {
        encode: (e) => new TextEncoder().encode(JSON.stringify(e)),
        decode: (b) => (decodes++, JSON.parse(new TextDecoder().decode(b))),
      } as JsonEventCodec,
    });
    const events = Array.from({ length: 30 }, (_, i) => sampleMessageObserved('t', `u${i % 3}`, i));
    for (const e of events) await log.append([e]);
    const seen: StoredEvent[][] = [[], [], []];
    const subs = await Promise.all(
      seen.map((into, i) => log.subscribe(async (b) => void into.push(...b), { name: `c${i}`, batchSize: 7 })),
    );
    await waitFor('every subscriber has every event', () => seen.every((s) => s.length === events.length));
    for (const s of seen) expect(s.map((x) => x.event.eventId)).toEqual(events.map((e) => e.eventId));
    expect(seen[1]!.every((x, i) => x === seen[0]![i] && x.event === seen[2]![i]!.event)).toBe(true);
    expect(Object.isFrozen(seen[0]![0]!.event.payload)).toBe(true);
    expect(decodes).toBe(events.length);
    // A consumer reading from an old offset still reads the file (and reads it right).
    const all: string[] = [];
    for await (const s of log.read()) all.push(s.event.eventId);
    expect(all).toEqual(events.map((e) => e.eventId));
    await Promise.all(subs.map((s) => s.close()));
    await log.close();
  });
});
