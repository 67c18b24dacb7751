import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sha256Hex, type EngramEvent } from '@engram/core';
import { openStack, scopeOf } from './harness';
import type { Stack } from './harness';

async function lastPosition(s: Stack): Promise<string> {
  const head = await s.log.head();
  const [partition, next] = [...head.entries()].sort((a, b) => b[1] - a[1])[0]!;
  return `${partition}:${next - 1}`;
}

describe('R8: hits are recorded as batched MemoryAccessed events', () => {
  let s: Stack;
  beforeAll(async () => {
    // A long interval, so only flushAccesses() and close() append in these tests.
    s = await openStack({ config: { accessFlushMs: 600_000 } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('records accessed memories as one batched MemoryAccessed per user stream', async () => {
    const a = await s.app.writeMemory({
      scope: scopeOf('acc'),
      type: 'USER',
      content: 'Prefers green tea in the morning',
    });
    const b = await s.app.writeMemory({
      scope: scopeOf('acc'),
      type: 'USER',
      content: 'Drinks green smoothies after running',
    });
    await s.app.query({ scope: scopeOf('acc'), query: 'green tea', minPosition: b.position! });
    await s.app.query({ scope: scopeOf('acc'), query: 'green smoothies' });
    await s.app.flushAccesses();
    const accessed = (await s.events()).filter(
      (e): e is Extract<EngramEvent, { type: 'MemoryAccessed' }> => e.type === 'MemoryAccessed' && e.userId === 'acc',
    );
    expect(accessed).toHaveLength(1);
    const p = accessed[0]!.payload;
    expect(new Set(p.memoryIds)).toEqual(new Set([a.id, b.id]));
    expect(p.queryHash).toBeNull();
    expect(p.queries).toBe(2);
    expect(p.counts).toHaveLength(p.memoryIds.length);
    const countOf = (id: string) => p.counts[p.memoryIds.indexOf(id)]!;
    expect(countOf(a.id)).toBeGreaterThanOrEqual(1);
    const m = await s.app.getMemory({ scope: scopeOf('acc'), memoryId: a.id, minPosition: await lastPosition(s) });
    expect(m.accessCount).toBe(countOf(a.id));
    expect(m.lastAccessed).not.toBeNull();
  });

  it('many reads of one user make one event per flush, with a count per memory', async () => {
    const w = await s.app.writeMemory({ scope: scopeOf('reader'), type: 'USER', content: 'Keeps bees on the roof' });
    for (let i = 0; i < 25; i++)
      await s.app.query({
        scope: scopeOf('reader'),
        query: 'bees on the roof',
        ...(i === 0 ? { minPosition: w.position! } : {}),
      });
    await s.app.flushAccesses();
    const accessed = (await s.events()).filter(
      (e): e is Extract<EngramEvent, { type: 'MemoryAccessed' }> =>
        e.type === 'MemoryAccessed' && e.userId === 'reader',
    );
    expect(accessed).toHaveLength(1);
    expect(accessed[0]!.payload).toMatchObject({ memoryIds: [w.id], counts: [25], queries: 25 });
    expect(accessed[0]!.payload.queryHash).toBe(sha256Hex('bees on the roof'));
    const m = await s.app.getMemory({ scope: scopeOf('reader'), memoryId: w.id, minPosition: await lastPosition(s) });
    expect(m.accessCount).toBe(25);
  });

  it('close() flushes pending accesses, off the request path', async () => {
    const w = await s.app.writeMemory({ scope: scopeOf('closer'), type: 'USER', content: 'Collects antique maps' });
    const hits = await s.app.query({ scope: scopeOf('closer'), query: 'antique maps', minPosition: w.position! });
    expect(hits.map((h) => h.id)).toEqual([w.id]);
    // Nothing appended by the query itself: the batch waits for the timer or close().
    const before = (await s.events()).filter((e) => e.type === 'MemoryAccessed' && e.userId === 'closer');
    expect(before).toEqual([]);
    await s.app.close();
    const after = (await s.events()).filter((e) => e.type === 'MemoryAccessed' && e.userId === 'closer');
    expect(after.map((e) => (e.type === 'MemoryAccessed' ? [e.payload.memoryIds, e.payload.counts] : null))).toEqual([
      [[w.id], [1]],
    ]);
  });
});

describe('reinforce: false', () => {
  let s: Stack;
  beforeAll(async () => {
    s = await openStack({ config: { accessFlushMs: 600_000 } });
  });
  afterAll(async () => {
    await s.close();
  });

  it('answers the query but records no access of what it returned', async () => {
    const w = await s.app.writeMemory({
      scope: scopeOf('quiet'),
      type: 'USER',
      content: 'Keeps bees on the allotment',
    });
    const hits = await s.app.query({
      scope: scopeOf('quiet'),
      query: 'bees allotment',
      minPosition: w.position!,
      reinforce: false,
    });
    expect(hits.map((h) => h.id)).toEqual([w.id]);
    await s.app.flushAccesses();
    expect((await s.events()).filter((e) => e.type === 'MemoryAccessed' && e.userId === 'quiet')).toEqual([]);
    expect((await s.app.getMemory({ scope: scopeOf('quiet'), memoryId: w.id })).accessCount).toBe(0);
    // The same query without the flag does record the access.
    await s.app.query({ scope: scopeOf('quiet'), query: 'bees allotment' });
    await s.app.flushAccesses();
    expect((await s.events()).filter((e) => e.type === 'MemoryAccessed' && e.userId === 'quiet')).toHaveLength(1);
  });
});
