/**
 * Issue 13 item 5: after a crash the search index resumes from its last snapshot (taken by event
 * count as well as time), and vectors embedded since that snapshot come back from the embedding
 * journal: the tail is re-indexed, nothing is embedded twice. A crash is simulated by reopening
 * from a copy of the index directory taken while the projector was running (no close, no final
 * snapshot).
 */
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  EngramError,
  JsonEventCodec,
  type Embedder,
  type EmbeddingCache,
  type EventLog,
  type LogPosition,
} from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { openFileEventLog } from '@engram/event-log-file';
import { createLocalTextIndex, createLocalVectorIndex, openEmbeddingJournal } from '@engram/index-local';
import { createSearchIndexProjector, type SearchIndexProjector } from '../src';
import { counting, memory } from './harness';

const scope = { tenantId: 't1', userId: 'u1', agentId: null };

interface Opened {
  projector: SearchIndexProjector;
  text: Awaited<ReturnType<typeof createLocalTextIndex>>;
  vectors: Awaited<ReturnType<typeof createLocalVectorIndex>>;
  embedder: ReturnType<typeof counting>;
  cache: EmbeddingCache;
  close(): Promise<void>;
}

/** An embedder that fails as an unreachable one does (retriable) while `down`. */
function switchable(inner: Embedder): Embedder & { down: boolean } {
  const e = {
    modelId: inner.modelId,
    dimensions: inner.dimensions,
    down: false,
    async embed(texts: string[]) {
      if (e.down) throw new EngramError('EMBEDDER_FAILED', 'the embedding service is unreachable (test)');
      return inner.embed(texts);
    },
  };
  return e;
}

async function openIndex(
  log: EventLog,
  indexDir: string,
  snapshotEveryEvents: number,
  inner: Embedder = createHashEmbedder({ dimensions: 32 }),
): Promise<Opened> {
  const embedder = counting(inner);
  const text = await createLocalTextIndex({ dir: indexDir });
  const context = await createLocalTextIndex({ dir: join(indexDir, 'context') });
  const vectors = await createLocalVectorIndex({ dir: indexDir });
  const cache = await openEmbeddingJournal(indexDir);
  const projector = await createSearchIndexProjector({
    log,
    textIndex: text,
    contextTextIndex: context,
    vectorIndex: vectors,
    embedder,
    embeddingCache: cache,
    snapshotEveryMs: 0,
    snapshotEveryEvents,
    snapshotMaxShare: 1, // every N events exactly, however long a snapshot takes
    retryPollMs: 0,
  });
  return {
    projector,
    text,
    vectors,
    embedder,
    cache,
    async close() {
      await projector.close();
      await cache.close();
      await Promise.all([text.close(), context.close(), vectors.close()]);
    },
  };
}

describe('search index after a crash', () => {
  let dir: string;
  let log: EventLog;
  let open: Opened[];
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'engram-resume-'));
    log = await openFileEventLog({ dir: join(dir, 'log'), codec: new JsonEventCodec() });
    open = [];
  });
  afterEach(async () => {
    for (const o of open) await o.close();
    await log.close();
    await rm(dir, { recursive: true, force: true });
  });

  const appendMemories = async (from: number, n: number): Promise<LogPosition> => {
    let last: LogPosition | null = null;
    for (let i = from; i < from + n; i++)
      last = (await log.append([memory(`entry number ${i} about the harbour crane ${i}`)])).positions[0]!;
    return last!;
  };
  const reached = async (p: SearchIndexProjector, pos: LogPosition) => expect(await p.waitFor(pos, 60_000)).toBe(true);
  /** A copy of the index directory as a crash would leave it (the process simply stops). */
  const crashCopy = async (o: Opened): Promise<string> => {
    // retryNow runs on the projector's queue: once it resolves, no batch or snapshot is half-done.
    await o.projector.retryNow();
    const copy = join(dir, `crashed-${open.length}`);
    await cp(join(dir, 'index'), copy, { recursive: true });
    // The crashed process is gone: its subscription too (what its close writes goes to the original, not the copy).
    open.splice(open.indexOf(o), 1);
    await o.close();
    return copy;
  };

  it('snapshots every N applied events, so a crash re-indexes only the tail since the last one', async () => {
    const first = await openIndex(log, join(dir, 'index'), 10);
    open.push(first);
    // One event per batch: snapshots land after exactly 10 and 20 events.
    for (let i = 0; i < 25; i++) await reached(first.projector, await appendMemories(i, 1));
    const crashed = await crashCopy(first);

    const again = await openIndex(log, crashed, 10);
    open.push(again);
    // The snapshot the copy holds was taken after 20 events by count (no timer, no close).
    const cp0 = again.text.loadedCheckpoint() as { next: Record<string, number> };
    expect(cp0.next['0']).toBe(20);
    await reached(again.projector, { partition: 0, offset: 24 });
    expect(again.text.size()).toBe(25);
    await again.projector.retryNow(); // the batch that reached the head has finished
    expect(again.projector.status().rebuilding).toBeNull();
  });

  it('embeds nothing twice: vectors made since the last snapshot come back from the embedding journal', async () => {
    const first = await openIndex(log, join(dir, 'index'), 1_000_000);
    open.push(first);
    await reached(first.projector, await appendMemories(0, 10));
    await first.projector.snapshotNow();
    // The snapshot holds these vectors: the journal starts afresh.
    expect(first.cache.size).toBe(0);
    const last = await appendMemories(10, 15);
    await reached(first.projector, last);
    expect(first.embedder.texts).toBe(25);
    expect(first.cache.size).toBe(15);
    const crashed = await crashCopy(first);

    const again = await openIndex(log, crashed, 1_000_000);
    open.push(again);
    await reached(again.projector, last);
    expect(again.embedder.texts).toBe(0);
    await again.projector.retryNow(); // the batch that reached the head has finished
    expect(again.projector.status()).toMatchObject({ embeddingsReused: 15, embedded: 0, rebuilding: null });
    expect((await again.text.search('harbour crane 17', { scope }, 1))[0]?.id).toBeDefined();
    // New events after the restart are embedded as usual.
    const next = await appendMemories(25, 2);
    await reached(again.projector, next);
    expect(again.embedder.texts).toBe(2);
  });

  it('with no snapshot yet, a crash rebuilds every document from the log, its vectors from the journal (keyed by model and text)', async () => {
    const first = await openIndex(log, join(dir, 'index'), 1_000_000);
    open.push(first);
    const last = await appendMemories(0, 8);
    await reached(first.projector, last);
    const crashed = await crashCopy(first);
    const again = await openIndex(log, crashed, 1_000_000);
    open.push(again);
    await reached(again.projector, last);
    expect(again.text.size()).toBe(8);
    expect(again.embedder.texts).toBe(0);
    expect(again.projector.status().embeddingsReused).toBe(8);
  });

  it('keeps indexing keywords while a snapshot is written: only serialising the indexes holds the keyword half', async () => {
    const text = await createLocalTextIndex({ dir: join(dir, 'index') });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    let writing = 0;
    // The text index's file write waits at the gate, as a slow disk's fsync would.
    const slowText: typeof text = {
      ...text,
      async snapshot(cp) {
        writing++;
        await gate;
        await text.snapshot(cp);
      },
      captureSnapshot(cp) {
        const write = text.captureSnapshot(cp);
        return async () => {
          writing++;
          await gate;
          await write();
        };
      },
    };
    const vectors = await createLocalVectorIndex({ dir: join(dir, 'index') });
    const projector = await createSearchIndexProjector({
      log,
      textIndex: slowText,
      vectorIndex: vectors,
      embedder: createHashEmbedder({ dimensions: 32 }),
      snapshotEveryMs: 0,
      snapshotEveryEvents: 1_000_000,
      retryPollMs: 0,
    });
    try {
      const first = await appendMemories(0, 3);
      await reached(projector, first);
      const snap = projector.snapshotNow();
      await expect.poll(() => writing, { timeout: 20_000 }).toBe(1);
      // The snapshot holds the checkpoint after 3 events and is still on its way to disk …
      const later = await appendMemories(3, 2);
      // … while the next writes become keyword-searchable.
      await expect.poll(() => projector.lexicalReached(later), { timeout: 20_000 }).toBe(true);
      expect((await text.search('harbour crane 4', { scope }, 1))[0]).toBeDefined();
      release();
      await snap;
      // The file holds the index as it was captured: three documents, the checkpoint after three events.
      const onDisk = await createLocalTextIndex({ dir: join(dir, 'index') });
      expect((onDisk.loadedCheckpoint() as { next: Record<string, number> }).next['0']).toBe(3);
      expect(onDisk.size()).toBe(3);
      await onDisk.close();
      await projector.close();
      await Promise.all([text.close(), vectors.close()]);
    } finally {
      release();
    }
  });

  it('spaces routine snapshots by what the last one cost: at most snapshotMaxShare of the time', async () => {
    const counts: number[] = [];
    for (const share of [1, 0.05]) {
      const text = await createLocalTextIndex({ dir: join(dir, `index-${share}`) });
      let written = 0;
      // Each snapshot's write takes 40 ms (a large index's would take seconds).
      const slowText: typeof text = {
        ...text,
        captureSnapshot(cp) {
          const write = text.captureSnapshot(cp);
          return async () => {
            await new Promise((r) => setTimeout(r, 40));
            await write();
            written++;
          };
        },
      };
      const vectors = await createLocalVectorIndex({ dir: join(dir, `index-${share}`) });
      const projector = await createSearchIndexProjector({
        log,
        textIndex: slowText,
        vectorIndex: vectors,
        embedder: createHashEmbedder({ dimensions: 32 }),
        snapshotEveryMs: 0,
        snapshotEveryEvents: 1,
        snapshotMaxShare: share,
        retryPollMs: 0,
      });
      const from = counts.length * 100;
      // One event a batch for ~400 ms: a snapshot is asked for after each.
      const t0 = Date.now();
      for (let i = 0; Date.now() - t0 < 400; i++) await reached(projector, await appendMemories(from + i, 1));
      await projector.retryNow();
      counts.push(written);
      await projector.close();
      await Promise.all([text.close(), vectors.close()]);
    }
    // Without a bound, one snapshot after another (each 40 ms); at 5 %, the next waits 19 × 40 ms = 760 ms.
    expect(counts[0]).toBeGreaterThanOrEqual(2);
    expect(counts[1]).toBe(1);
  });

  it('a write is keyword-searchable while its vector waits for the embedder; the vector follows, with its own lag', async () => {
    const embedder = switchable(createHashEmbedder({ dimensions: 32 }));
    embedder.down = true;
    const first = await openIndex(log, join(dir, 'index'), 1_000_000, embedder);
    open.push(first);
    const last = await appendMemories(0, 5);
    const p = first.projector;
    await expect.poll(() => p.lexicalReached(last), { timeout: 20_000 }).toBe(true);
    expect(await p.reached(last)).toBe(false);
    expect((await first.text.search('harbour crane 3', { scope }, 1))[0]).toBeDefined();
    expect(first.vectors.size()).toBe(0);
    expect(p.status().vectors).toMatchObject({ backlog: 5, rebuilding: false });
    await expect.poll(() => p.status().vectors.failingSince, { timeout: 20_000 }).not.toBeNull();
    expect(p.lexicalPositions().get(0)).toBe(5);
    expect(p.positions().get(0) ?? 0).toBe(0);
    embedder.down = false;
    await reached(p, last);
    expect(first.vectors.size()).toBe(5);
    expect(p.status().vectors).toMatchObject({ backlog: 0, failingSince: null });
  });

  it('a crash while vectors lag behind resumes their backlog from the snapshot: every vector is made, exactly once', async () => {
    const embedder = switchable(createHashEmbedder({ dimensions: 32 }));
    const first = await openIndex(log, join(dir, 'index'), 1_000_000, embedder);
    open.push(first);
    await reached(first.projector, await appendMemories(0, 3));
    embedder.down = true;
    const last = await appendMemories(3, 4);
    await expect.poll(() => first.projector.lexicalReached(last), { timeout: 20_000 }).toBe(true);
    await first.projector.snapshotNow();
    const crashed = await crashCopy(first);

    const again = await openIndex(log, crashed, 1_000_000);
    open.push(again);
    const cp0 = again.text.loadedCheckpoint() as { next: Record<string, number>; vectorBacklog: unknown[] };
    expect(cp0.next['0']).toBe(7);
    expect(cp0.vectorBacklog).toHaveLength(4);
    await reached(again.projector, last);
    expect(again.vectors.size()).toBe(7);
    expect(again.text.size()).toBe(7);
    // Only the backlog was embedded; the keyword side did not replay anything.
    expect(again.embedder.texts).toBe(4);
    const hit = await again.vectors.search(
      (await createHashEmbedder({ dimensions: 32 }).embed(['entry number 5 about the harbour crane 5']))[0]!,
      again.embedder.modelId,
      { scope },
      1,
    );
    expect(hit[0]?.id).toBe((await again.text.search('harbour crane 5', { scope }, 1))[0]?.id);
  });
});
