import { randomUUID } from 'node:crypto';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { EngramEvent, EventCodec, EventLog, LogPosition, StoredEvent, Subscription } from '@engram/core';
import { waitFor } from '../wait';

/**
 * One log under test. `reopen` closes the current log and opens the same storage again (returning
 * the new instance); `cleanup` closes whatever is current and removes the storage.
 */
export interface EventLogHarness {
  log: EventLog;
  /**
   * The codec the log stores events with. Events read back must equal codec.decode(codec.encode(e))
   * (a codec may normalise, e.g. stamp the current schemaVersion); without it, e itself.
   */
  codec?: EventCodec;
  reopen?(): Promise<EventLog>;
  cleanup(): Promise<void>;
}

export interface EventLogContractCaps {
  /** expectedStreamVersion is enforced (default true). */
  optimisticConcurrency?: boolean;
  /** The harness can reopen the same storage (default true when harness.reopen exists). */
  reopen?: boolean;
  /** streamVersion() and AppendResult.streamVersion count the stream's events (default true). */
  streamVersion?: boolean;
}

/**
 * The behaviour every EventLog adapter must show. Each test writes under a fresh random tenant and
 * filters reads by it, so adapters backed by a shared server can run the suite too.
 */
export function eventLogContract(
  name: string,
  factory: () => Promise<EventLogHarness>,
  caps: EventLogContractCaps = {},
): void {
  const occ = caps.optimisticConcurrency ?? true;
  const canReopen = caps.reopen ?? true;
  const versions = caps.streamVersion ?? true;
  /** Stream-version assertions, for adapters that count a stream's events. */
  const expectVersion = async (actual: () => number | Promise<number>, expected: number) => {
    if (versions) expect(await actual()).toBe(expected);
  };

  describe(`EventLog contract: ${name}`, () => {
    let h: EventLogHarness;
    let log: EventLog;
    let tenant: string;
    const subs: Subscription[] = [];

    beforeEach(async () => {
      h = await factory();
      log = h.log;
      tenant = `t-${randomUUID()}`;
    });
    afterEach(async () => {
      await Promise.all(subs.splice(0).map((s) => s.close()));
      await h.cleanup();
    });

    const asStored = (events: EngramEvent[]): EngramEvent[] =>
      events.map((e) => (h.codec ? h.codec.decode(h.codec.encode(e)) : e));
    const consumer = (label: string): string => `contract-${label}-${randomUUID()}`;
    const ours = (batch: StoredEvent[]): StoredEvent[] => batch.filter((s) => s.event.tenantId === tenant);
    async function readOurs(l: EventLog = log): Promise<StoredEvent[]> {
      const out: StoredEvent[] = [];
      for await (const s of l.read()) if (s.event.tenantId === tenant) out.push(s);
      return out;
    }
    async function subscribeCollecting(
      label: string,
      into: StoredEvent[],
      extra: { batchSize?: number; fromBeginning?: boolean } = {},
      l = log,
    ) {
      const sub = await l.subscribe(async (batch) => void into.push(...ours(batch)), { name: label, ...extra });
      subs.push(sub);
      return sub;
    }

    it('append returns one position per event and read returns every field intact, in order', async () => {
      const first = [
        memoryWritten(tenant, 'u1', 1),
        sampleMessageObserved(tenant, 'u1', 2),
        sessionStarted(tenant, 'u1'),
      ];
      const second = [sessionEnded(tenant, 'u1'), sampleMessageObserved(tenant, 'u1', 3)];
      const r1 = await log.append(first);
      const r2 = await log.append(second);
      expect(r1.positions).toHaveLength(3);
      expect(r2.positions).toHaveLength(2);
      await expectVersion(() => r1.streamVersion, 3);
      await expectVersion(() => r2.streamVersion, 5);
      const positions = [...r1.positions, ...r2.positions];
      expect(new Set(positions.map((p) => p.partition)).size).toBe(1);
      expectIncreasing(positions);
      const stored = await readOurs();
      expect(stored.map((s) => s.event)).toEqual(asStored([...first, ...second]));
      expect(stored.map((s) => s.position)).toEqual(positions);
      await expectVersion(() => log.streamVersion(tenant, 'u1'), 5);
      await expectVersion(() => log.streamVersion(tenant, 'nobody'), 0);
    });

    it('read honours from and limit', async () => {
      const events = Array.from({ length: 6 }, (_, i) => sampleMessageObserved(tenant, 'u1', i));
      const { positions } = await log.append(events);
      const p2 = positions[2]!;
      const fromThird: StoredEvent[] = [];
      for await (const s of log.read({ from: p2 })) if (s.event.tenantId === tenant) fromThird.push(s);
      expect(fromThird.map((s) => s.event.eventId)).toEqual(events.slice(2).map((e) => e.eventId));
      const fromMap: StoredEvent[] = [];
      for await (const s of log.read({ from: new Map([[p2.partition, p2.offset + 1]]), limit: 2 })) fromMap.push(s);
      expect(fromMap.map((s) => s.position.offset)).toEqual([p2.offset + 1, p2.offset + 2]);
    });

    it('positions are monotonic across sequential appends', async () => {
      const positions: LogPosition[] = [];
      for (let i = 0; i < 20; i++)
        positions.push(...(await log.append([sampleMessageObserved(tenant, 'u1', i)])).positions);
      expectIncreasing(positions);
      expect((await readOurs()).map((s) => s.position)).toEqual(positions);
    });

    it('keeps per-stream order under concurrent appends from many streams', async () => {
      const streams = Array.from({ length: 8 }, (_, i) => `user-${i}`);
      const appended = new Map<string, Array<{ id: string; position: LogPosition }>>();
      await Promise.all(
        streams.map(async (user) => {
          const list: Array<{ id: string; position: LogPosition }> = [];
          appended.set(user, list);
          for (let i = 0; i < 15; i++) {
            const batch =
              i % 5 === 0
                ? [sampleMessageObserved(tenant, user, i), sampleMessageObserved(tenant, user, i + 0.5)]
                : [sampleMessageObserved(tenant, user, i)];
            const r = await log.append(batch);
            batch.forEach((e, j) => list.push({ id: e.eventId, position: r.positions[j]! }));
          }
        }),
      );
      const stored = await readOurs();
      expect(stored).toHaveLength(8 * 18);
      for (const user of streams) {
        const expected = appended.get(user)!;
        const read = stored.filter((s) => s.event.userId === user);
        expect(read.map((s) => s.event.eventId)).toEqual(expected.map((e) => e.id));
        expect(read.map((s) => s.position)).toEqual(expected.map((e) => e.position));
        expect(new Set(read.map((s) => s.position.partition)).size).toBe(1);
        expectIncreasing(read.map((s) => s.position));
        await expectVersion(() => log.streamVersion(tenant, user), 18);
      }
      const keys = stored.map((s) => `${s.position.partition}:${s.position.offset}`);
      expect(new Set(keys).size).toBe(keys.length);
    });

    it('rejects an append whose events span two streams, writing nothing', async () => {
      await expectCode(
        log.append([sampleMessageObserved(tenant, 'u1', 1), sampleMessageObserved(tenant, 'u2', 2)]),
        'VALIDATION_FAILED',
      );
      await expectCode(log.append([]), 'VALIDATION_FAILED');
      expect(await readOurs()).toEqual([]);
      await expectVersion(() => log.streamVersion(tenant, 'u1'), 0);
    });

    it.skipIf(!occ)('enforces expectedStreamVersion', async () => {
      const a = await log.append([sampleMessageObserved(tenant, 'u1', 1)], { expectedStreamVersion: 0 });
      expect(a.streamVersion).toBe(1);
      const err = await expectCode(
        log.append([sampleMessageObserved(tenant, 'u1', 2)], { expectedStreamVersion: 0 }),
        'WRONG_EXPECTED_VERSION',
      );
      expect(err.retriable).toBe(true);
      await expectCode(
        log.append([sampleMessageObserved(tenant, 'u1', 2)], { expectedStreamVersion: 5 }),
        'WRONG_EXPECTED_VERSION',
      );
      const b = await log.append([sampleMessageObserved(tenant, 'u1', 3), sampleMessageObserved(tenant, 'u1', 4)], {
        expectedStreamVersion: 1,
      });
      expect(b.streamVersion).toBe(3);
      // Another stream's version is independent.
      await log.append([sampleMessageObserved(tenant, 'u2', 1)], { expectedStreamVersion: 0 });
      await expectVersion(() => log.streamVersion(tenant, 'u1'), 3);
      expect((await readOurs()).filter((s) => s.event.userId === 'u1')).toHaveLength(3);
    });

    it.skipIf(!occ)('lets exactly one of several racing appends with the same expected version win', async () => {
      await log.append([sampleMessageObserved(tenant, 'u1', 0)]);
      const results = await Promise.allSettled(
        Array.from({ length: 6 }, (_, i) =>
          log.append([sampleMessageObserved(tenant, 'u1', i + 1)], { expectedStreamVersion: 1 }),
        ),
      );
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(1);
      for (const r of results) {
        if (r.status === 'rejected') expect((r.reason as { code?: string }).code).toBe('WRONG_EXPECTED_VERSION');
      }
      await expectVersion(() => log.streamVersion(tenant, 'u1'), 2);
      expect(await readOurs()).toHaveLength(2);
    });

    it('subscribe delivers history, then live events, in order and without duplicates', async () => {
      const history = [
        sampleMessageObserved(tenant, 'a', 1),
        sampleMessageObserved(tenant, 'b', 1),
        sampleMessageObserved(tenant, 'a', 2),
      ];
      for (const e of history) await log.append([e]);
      const got: StoredEvent[] = [];
      const batchSizes: number[] = [];
      const sub = await log.subscribe(
        async (batch) => {
          batchSizes.push(batch.length);
          got.push(...ours(batch));
        },
        { name: consumer('live'), batchSize: 2 },
      );
      subs.push(sub);
      await waitFor('history delivered', () => got.length >= 3);
      const live = [
        sampleMessageObserved(tenant, 'b', 2),
        sampleMessageObserved(tenant, 'a', 3),
        sampleMessageObserved(tenant, 'b', 3),
      ];
      for (const e of live) await log.append([e]);
      await waitFor('live events delivered', () => got.length >= 6);
      const stored = await readOurs();
      expect(got.map((s) => s.event.eventId).sort()).toEqual(stored.map((s) => s.event.eventId).sort());
      expect(got).toHaveLength(6);
      expect(Math.max(...batchSizes)).toBeLessThanOrEqual(2);
      for (const user of ['a', 'b']) {
        expect(got.filter((s) => s.event.userId === user).map((s) => s.event.eventId)).toEqual(
          [...history, ...live].filter((e) => e.userId === user).map((e) => e.eventId),
        );
      }
      for (const partition of new Set(got.map((s) => s.position.partition))) {
        expectIncreasing(got.filter((s) => s.position.partition === partition).map((s) => s.position));
      }
      expect(got.map((s) => s.event)).toEqual(
        got.map((s) => stored.find((x) => x.event.eventId === s.event.eventId)!.event),
      );
    });

    it('resumes from the checkpoint after a subscription is closed (no loss)', async () => {
      const name = consumer('resume');
      const before = Array.from({ length: 4 }, (_, i) => sampleMessageObserved(tenant, 'u1', i));
      await log.append(before);
      const first: StoredEvent[] = [];
      const sub1 = await subscribeCollecting(name, first);
      await waitFor('first run delivered', () => first.length >= 4);
      await sub1.close();
      const after = Array.from({ length: 3 }, (_, i) => sampleMessageObserved(tenant, 'u1', 10 + i));
      await log.append(after);
      const second: StoredEvent[] = [];
      await subscribeCollecting(name, second);
      await waitFor('second run delivered the new events', () =>
        after.every((e) => second.some((s) => s.event.eventId === e.eventId)),
      );
      expectResumed(before, after, first, second);
    });

    it.skipIf(!canReopen)('keeps consumer checkpoints and events across a reopen', async () => {
      if (!h.reopen) return;
      const name = consumer('reopen');
      const before = Array.from({ length: 3 }, (_, i) => sampleMessageObserved(tenant, 'u1', i));
      await log.append(before);
      const first: StoredEvent[] = [];
      const sub1 = await subscribeCollecting(name, first);
      await waitFor('first run delivered', () => first.length >= 3);
      await sub1.close();
      subs.splice(subs.indexOf(sub1), 1);
      log = await h.reopen();
      expect((await readOurs()).map((s) => s.event)).toEqual(asStored(before));
      await expectVersion(() => log.streamVersion(tenant, 'u1'), 3);
      const after = [sampleMessageObserved(tenant, 'u1', 10), sampleMessageObserved(tenant, 'u1', 11)];
      const appendedAfter = await log.append(after);
      await expectVersion(() => appendedAfter.streamVersion, 5);
      const second: StoredEvent[] = [];
      await subscribeCollecting(name, second);
      await waitFor('reopened run delivered the new events', () =>
        after.every((e) => second.some((s) => s.event.eventId === e.eventId)),
      );
      expectResumed(before, after, first, second);
    });

    it('keeps two named consumers independent', async () => {
      const events = Array.from({ length: 4 }, (_, i) => sampleMessageObserved(tenant, 'u1', i));
      await log.append(events);
      const a: StoredEvent[] = [];
      const subA = await subscribeCollecting(consumer('a'), a);
      await waitFor('consumer a delivered', () => a.length >= 4);
      await subA.close();
      const b: StoredEvent[] = [];
      await subscribeCollecting(consumer('b'), b);
      await waitFor('consumer b delivered', () => b.length >= 4);
      expect(b.map((s) => s.event.eventId)).toEqual(events.map((e) => e.eventId));
      expect(a.map((s) => s.event.eventId)).toEqual(events.map((e) => e.eventId));
    });

    it('fromBeginning redelivers everything regardless of the checkpoint', async () => {
      const name = consumer('replay');
      const events = Array.from({ length: 3 }, (_, i) => sampleMessageObserved(tenant, 'u1', i));
      await log.append(events);
      const first: StoredEvent[] = [];
      const sub1 = await subscribeCollecting(name, first);
      await waitFor('first run delivered', () => first.length >= 3);
      await sub1.close();
      const replay: StoredEvent[] = [];
      await subscribeCollecting(name, replay, { fromBeginning: true });
      await waitFor('replay delivered', () => replay.length >= 3);
      expect(replay.map((s) => s.event.eventId)).toEqual(events.map((e) => e.eventId));
    });

    it('retries a failing handler and never skips an event', async () => {
      const events = Array.from({ length: 6 }, (_, i) => sampleMessageObserved(tenant, 'u1', i));
      await log.append(events);
      let calls = 0;
      const attemptsOfFirst: string[] = [];
      const delivered: StoredEvent[] = [];
      const sub = await log.subscribe(
        async (batch) => {
          const mine = ours(batch);
          if (mine.length === 0) return;
          calls++;
          if (mine[0]!.event.eventId === events[0]!.eventId) attemptsOfFirst.push(mine[0]!.event.eventId);
          if (calls <= 3) throw new Error(`handler failure ${calls}`);
          delivered.push(...mine);
        },
        { name: consumer('retry'), batchSize: 2 },
      );
      subs.push(sub);
      await waitFor('all events delivered after failures', () => delivered.length >= 6);
      expect(attemptsOfFirst.length).toBeGreaterThanOrEqual(4);
      expect(delivered.map((s) => s.event.eventId)).toEqual(events.map((e) => e.eventId));
    });

    it('subscription close waits for the in-flight batch', async () => {
      await log.append([sampleMessageObserved(tenant, 'u1', 1)]);
      let release!: () => void;
      const gate = new Promise<void>((r) => (release = r));
      let entered = false;
      let finished = false;
      const sub = await log.subscribe(
        async (batch) => {
          if (ours(batch).length === 0) return;
          entered = true;
          await gate;
          finished = true;
        },
        { name: consumer('inflight') },
      );
      await waitFor('handler entered', () => entered);
      let closed = false;
      const closing = sub.close().then(() => (closed = true));
      for (let i = 0; i < 5; i++) await new Promise((r) => setImmediate(r));
      expect(closed).toBe(false);
      release();
      await closing;
      expect(finished).toBe(true);
    });

    it('head() is past every appended position and stable without appends', async () => {
      const before = await log.head();
      const { positions } = await log.append([
        sampleMessageObserved(tenant, 'u1', 1),
        sampleMessageObserved(tenant, 'u1', 2),
      ]);
      const after = await log.head();
      const last = positions[positions.length - 1]!;
      expect(after.get(last.partition)).toBeGreaterThan(last.offset);
      expect(positions[0]!.offset).toBeGreaterThanOrEqual(before.get(last.partition) ?? 0);
      expect(await log.head()).toEqual(after);
    });

    it('health() says an open log takes appends (and never throws)', async () => {
      expect(await log.health()).toMatchObject({ appendable: true });
      await log.append([sampleMessageObserved(tenant, 'u1', 3)]);
      expect((await log.health()).appendable).toBe(true);
    });
  });
}

function expectResumed(before: EngramEvent[], after: EngramEvent[], first: StoredEvent[], second: StoredEvent[]): void {
  expect(first.map((s) => s.event.eventId)).toEqual(before.map((e) => e.eventId));
  const secondIds = second.map((s) => s.event.eventId);
  // At-least-once: the second run may repeat old events, but must deliver all new ones, in order.
  const known = new Set([...before, ...after].map((e) => e.eventId));
  expect(secondIds.every((id) => known.has(id))).toBe(true);
  expect(secondIds.filter((id) => after.some((e) => e.eventId === id))).toEqual(after.map((e) => e.eventId));
}

function expectIncreasing(positions: LogPosition[]): void {
  for (let i = 1; i < positions.length; i++) {
    expect(positions[i]!.partition).toBe(positions[i - 1]!.partition);
    expect(positions[i]!.offset).toBeGreaterThan(positions[i - 1]!.offset);
  }
}

async function expectCode(p: Promise<unknown>, code: string): Promise<{ code: string; retriable: boolean }> {
  try {
    await p;
  } catch (e) {
    expect((e as { code?: unknown }).code).toBe(code);
    return e as { code: string; retriable: boolean };
  }
  throw new Error(`expected the call to fail with ${code}`);
}

/** Polls until `cond` holds; fails with `what` after a generous bound (liveness, not speed). */
function envelope(tenantId: string, userId: string) {
  const now = new Date().toISOString();
  return {
    eventId: randomUUID(),
    schemaVersion: 1,
    tenantId,
    userId,
    agentId: 'agent-1',
    sessionId: 'session-1',
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: randomUUID(),
    keyId: null,
  };
}

export function sampleMessageObserved(tenantId: string, userId: string, n: number): EngramEvent {
  return {
    ...envelope(tenantId, userId),
    type: 'MessageObserved',
    payload: { messageId: randomUUID(), role: 'user', content: `message ${n} — 日本語 ✓`, metadata: { n: String(n) } },
  };
}

function memoryWritten(tenantId: string, userId: string, n: number): EngramEvent {
  return {
    ...envelope(tenantId, userId),
    type: 'MemoryWritten',
    payload: {
      memoryId: randomUUID(),
      type: 'USER',
      tier: 'SEMANTIC',
      key: `pref.${n}`,
      content: `prefers tea (${n})`,
      tags: ['preference', 'drink'],
      importance: 0.75,
      pinned: true,
      source: 'user_stated',
      confidence: 0.9,
      scope: null,
      metadata: {},
      sourceMessageIds: [randomUUID()],
      episodeId: null,
      validFrom: '2026-01-02T03:04:05.000Z',
      validTo: null,
    },
  };
}

function sessionStarted(tenantId: string, userId: string): EngramEvent {
  return { ...envelope(tenantId, userId), type: 'SessionStarted', payload: { sessionId: 'session-1' } };
}

function sessionEnded(tenantId: string, userId: string): EngramEvent {
  return {
    ...envelope(tenantId, userId),
    type: 'SessionEnded',
    payload: { sessionId: 'session-1', reason: 'explicit' },
  };
}
