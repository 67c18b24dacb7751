import { cp, rm } from 'node:fs/promises';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { deterministicId, type SqlDatabase } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { counting, ev, memory, message, openHarness, openTestDatabase, type Harness } from './harness';

const scope = { tenantId: 't1', userId: 'u1', agentId: null };
let h: Harness;
let db: SqlDatabase;
let embedder: ReturnType<typeof counting>;

beforeAll(async () => {
  db = await openTestDatabase();
}, 60_000);
afterAll(async () => {
  await db.close();
});
beforeEach(async () => {
  embedder = counting(createHashEmbedder({ dimensions: 64 }));
  h = await openHarness(embedder, db);
});
afterEach(async () => {
  await h.close();
});

describe('search-index projector', () => {
  it('indexes messages, memories, facts and episodes under ids derived from the events', async () => {
    const msg = message('we adopted a greyhound named Pixel', 'm1');
    const mem = memory('Pixel is a retired racing greyhound');
    const fact = ev('FactExtracted', {
      memoryId: deterministicId('fact-1'),
      kind: 'fact',
      type: 'USER',
      key: 'pet.name',
      content: 'The dog is called Pixel',
      tags: ['pets'],
      importance: 0.7,
      confidence: 0.8,
      source: 'consolidated',
      subject: null,
      predicate: null,
      object: null,
      timeHint: null,
      sourceMessageIds: ['m1'],
      episodeId: null,
      extractor: 'rules@1',
      validFrom: null,
      validTo: null,
    });
    const episode = ev('EpisodeCreated', {
      episodeId: deterministicId('ep-1'),
      sessionKey: 's1',
      summary: 'Talked about adopting Pixel the greyhound',
      messageRangeStart: 'm1',
      messageRangeEnd: 'm1',
      entityIds: [],
      importance: 0.6,
      sourceMessageIds: ['m1'],
      startedAt: null,
      endedAt: null,
    });
    const working = memory('scratch note about Pixel', { tier: 'WORKING' });
    await h.append([msg, mem, fact, episode, working]);

    const hits = await h.text.search('pixel', { scope }, 10);
    expect(hits.map((x) => x.id).sort()).toEqual(
      [msg.eventId, mem.payload.memoryId, fact.payload.memoryId, episode.payload.episodeId].sort(),
    );
    const messagesOnly = await h.text.search('pixel', { scope, kinds: ['message'] }, 10);
    expect(messagesOnly.map((x) => x.id)).toEqual([msg.eventId]);
    expect(h.vectors.size()).toBe(4);
  });

  it('forgets by memory, by key and by user in both indexes', async () => {
    const a = memory('likes oolong tea', { key: 'drink' });
    const a2 = memory('likes green tea now', { key: 'drink' });
    const b = memory('tea ceremony lessons on Sunday');
    const other = memory('tea for another user', {}, { userId: 'u2' });
    const msg = message('I drink tea every morning', 'm1');
    await h.append([a, a2, b, other, msg]);
    expect(await h.text.search('tea', { scope }, 10)).toHaveLength(4);

    await h.append([
      ev('MemoryForgotten', {
        target: 'key',
        memoryId: null,
        key: 'drink',
        reason: null,
        requestedBy: 'u1',
        erasureId: null,
        derived: null,
      }),
    ]);
    expect((await h.text.search('tea', { scope }, 10)).map((x) => x.id).sort()).toEqual(
      [b.payload.memoryId, msg.eventId].sort(),
    );

    await h.append([
      ev('MemoryForgotten', {
        target: 'memory',
        memoryId: b.payload.memoryId,
        key: null,
        reason: null,
        requestedBy: 'u1',
        erasureId: null,
        derived: null,
      }),
    ]);
    expect((await h.text.search('tea', { scope }, 10)).map((x) => x.id)).toEqual([msg.eventId]);

    // A lineage cascade deletes the documents it lists (facts and episodes derived from erased data).
    const derived = memory('tea grows in Darjeeling');
    await h.append([derived]);
    await h.append([
      ev('MemoryForgotten', {
        target: 'derived',
        memoryId: null,
        key: null,
        reason: null,
        requestedBy: 'engram',
        erasureId: 'e-1',
        derived: { memoryIds: [derived.payload.memoryId], episodeIds: [], skillIds: [] },
      }),
    ]);
    expect((await h.text.search('tea', { scope }, 10)).map((x) => x.id)).toEqual([msg.eventId]);

    await h.append([
      ev('MemoryForgotten', {
        target: 'user',
        memoryId: null,
        key: null,
        reason: null,
        requestedBy: 'admin',
        erasureId: null,
        derived: null,
      }),
    ]);
    expect(await h.text.search('tea', { scope }, 10)).toEqual([]);
    expect(h.vectors.size()).toBe(1);
    expect((await h.text.search('tea', { scope: { ...scope, userId: 'u2' } }, 10)).map((x) => x.id)).toEqual([
      other.payload.memoryId,
    ]);
  });

  it('resumes from its snapshot after a restart without re-embedding, then follows new events', async () => {
    await h.append([
      memory('first fact about kayaks'),
      memory('second fact about canoes'),
      message('paddling on Saturday', 'm1'),
    ]);
    await h.searchIndex.snapshotNow();
    const before = embedder.texts;
    expect(before).toBe(3);

    await h.restartIndexes();
    expect(h.text.size()).toBe(3);
    const positions = await h.append([memory('third fact about rowing')]);
    expect(await h.searchIndex.reached(positions[0]!)).toBe(true);
    expect(embedder.texts).toBe(before + 1);
    expect(await h.text.search('kayaks rowing', { scope }, 10)).toHaveLength(2);
  });

  it('events applied after the last snapshot are re-applied on restart', async () => {
    await h.append([memory('snapshotted entry about violins')]);
    await h.searchIndex.snapshotNow();
    const saved = `${h.indexDir}.saved`;
    await cp(h.indexDir, saved, { recursive: true });
    // Applied (and acknowledged to the log) after the snapshot.
    await h.append([memory('unsnapshotted entry about violas')]);
    // A crash loses everything after the snapshot: reopen from the saved files.
    await h.restartIndexes(undefined, async (dir) => {
      await rm(dir, { recursive: true, force: true });
      await cp(saved, dir, { recursive: true });
    });
    expect(await h.searchIndex.waitFor({ partition: 0, offset: 1 }, 10_000)).toBe(true);
    expect(await h.text.search('violas', { scope }, 10)).toHaveLength(1);
    expect(h.vectors.size()).toBe(2);
  });

  it('a different embedder model rebuilds every vector from the log (E1)', async () => {
    await h.append([memory('alpha entry'), memory('beta entry')]);
    await h.searchIndex.snapshotNow();
    const next = counting(createHashEmbedder({ dimensions: 32 }));
    await h.restartIndexes(next);
    expect(await h.searchIndex.waitFor({ partition: 0, offset: 1 }, 10_000)).toBe(true);
    expect(next.texts).toBe(2);
    expect(await h.vectors.staleIds(next.modelId, 10)).toEqual([]);
    const q = (await next.embed(['alpha entry']))[0]!;
    expect((await h.vectors.search(q, next.modelId, { scope }, 1))[0]!.score).toBeGreaterThan(0.99);
  });
});
