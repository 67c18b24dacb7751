import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OPEN_PRINCIPAL, type MemoryWritten, type StoredEvent } from '@engram/core';
import { formatCursor, parseCursor, toWireEvent, type StreamItem } from '../src/index';
import { openStack, type Stack } from './harness';

const ask = { tenantId: 'default', principal: OPEN_PRINCIPAL };

describe('event stream (B1) in the app', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await openStack({ projectors: false });
  });
  afterAll(async () => {
    await s?.close();
  });

  it('a client that does not take its events is ended with RATE_LIMITED STREAM_TOO_SLOW, and resumes from its last id', async () => {
    const items = await s.app.streamEvents({ ...ask, userId: 'slow', maxBuffered: 5, heartbeatMs: 60_000 });
    const it = items[Symbol.asyncIterator]();
    const first = s.app.writeMemory({
      scope: { tenantId: 'default', userId: 'slow', agentId: null },
      type: 'USER',
      content: 'fact 0',
    });
    const got = (await it.next()).value as StreamItem;
    await first;
    expect(got).toMatchObject({ kind: 'event', event: { type: 'MemoryWritten', userId: 'slow' } });
    // Ten more while the client takes nothing: more than its buffer.
    for (let i = 1; i <= 10; i++)
      await s.app.writeMemory({
        scope: { tenantId: 'default', userId: 'slow', agentId: null },
        type: 'USER',
        content: `fact ${i}`,
      });
    await expect.poll(async () => ((await s.log.head()).get(0) ?? 0) >= 11).toBe(true);
    const seen: StreamItem[] = [];
    for (;;) {
      const r = await it.next();
      if (r.done) break;
      seen.push(r.value);
    }
    const end = seen.at(-1)!;
    expect(end).toMatchObject({
      kind: 'end',
      error: { code: 'RATE_LIMITED', retriable: true, details: { reason: 'STREAM_TOO_SLOW' } },
    });
    // Resuming after the last id it got delivers every later event once, in order.
    const lastId = [got, ...seen].filter((x) => x.kind === 'event').at(-1) as Extract<StreamItem, { kind: 'event' }>;
    const resumed = (await s.app.streamEvents({ ...ask, userId: 'slow', after: lastId.id }))[Symbol.asyncIterator]();
    const expected: string[] = [];
    for await (const x of s.log.read())
      if (x.position.offset > Number(lastId.id.split(':')[1])) expected.push(`0:${x.position.offset}`);
    expect(expected.length).toBeGreaterThan(0);
    const positions: string[] = [];
    for (const _ of expected)
      positions.push(((await resumed.next()).value as Extract<StreamItem, { kind: 'event' }>).event.position);
    expect(positions).toEqual(expected);
    await resumed.return?.();
  });

  it('the stream stops at once when its signal aborts, even while waiting', async () => {
    const ctl = new AbortController();
    const it = (await s.app.streamEvents({ ...ask, heartbeatMs: 60_000, signal: ctl.signal }))[Symbol.asyncIterator]();
    const pending = it.next();
    setTimeout(() => ctl.abort(), 50);
    expect((await pending).done).toBe(true);
  });

  it('an erased event shows its ids and erased: true, never its content; clear fields never hold content', () => {
    const e = {
      eventId: 'e1',
      type: 'MemoryWritten',
      schemaVersion: 3,
      tenantId: 't',
      userId: 'u',
      agentId: null,
      sessionId: null,
      occurredAt: '2026-01-01T00:00:00.000Z',
      recordedAt: '2026-01-01T00:00:00.000Z',
      causationId: null,
      correlationId: null,
      keyId: null,
      payload: {
        memoryId: 'm1',
        type: 'USER',
        tier: 'SEMANTIC',
        key: 'user.city',
        content: 'lives in Oslo',
        tags: ['home'],
        importance: 0.5,
        pinned: false,
        source: 'user_stated',
        confidence: 1,
        scope: null,
        metadata: { note: 'private' },
        sourceMessageIds: [],
        episodeId: null,
        validFrom: null,
        validTo: null,
      },
    } satisfies MemoryWritten;
    const stored: StoredEvent = { event: e, position: { partition: 0, offset: 7 } };
    const live = toWireEvent(stored, { content: true });
    expect(live).toMatchObject({
      position: '0:7',
      data: { memoryId: 'm1', tier: 'SEMANTIC' },
      content: { content: 'lives in Oslo', key: 'user.city', tags: ['home'], metadata: { note: 'private' } },
      erased: false,
    });
    expect(JSON.stringify(live.data)).not.toMatch(/Oslo|user\.city|private|home/);
    expect(toWireEvent({ ...stored, erased: true }, { content: true })).toMatchObject({ content: null, erased: true });
    expect(toWireEvent(stored, { content: false }).content).toBeNull();
  });

  it('cursors: the last position per partition, one partition = the event’s position', () => {
    expect(formatCursor(new Map([[0, 42]]))).toBe('0:41');
    expect(
      formatCursor(
        new Map([
          [2, 5],
          [0, 3],
          [1, 0],
        ]),
      ),
    ).toBe('0:2,2:4');
    expect([...parseCursor('0:2, 2:4')]).toEqual([
      [0, 3],
      [2, 5],
    ]);
    expect(() => parseCursor('0:1,0:2')).toThrow(/partition:offset/);
    expect(() => parseCursor('abc')).toThrow(expect.objectContaining({ code: 'VALIDATION_FAILED' }));
  });
});
