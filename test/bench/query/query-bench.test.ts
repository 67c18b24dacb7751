import { describe, expect, it } from 'vitest';
import { deterministicId } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { BENCH_TENANT, benchEvent } from '../recall/dataset';
import { parseQueryArgs } from './args';
import { openBulkEngram } from './bulk-engram';
import { latencyStats } from './latency-stats';
import { seededRng, SyntheticMemories } from './synthetic-memories';

describe('query benchmark parts', () => {
  it('nearest-rank percentiles', () => {
    const s = latencyStats(Array.from({ length: 100 }, (_, i) => 100 - i));
    expect(s).toMatchObject({ n: 100, p50: 50, p95: 95, p99: 99, max: 100, mean: 50.5 });
  });

  it('parses sizes ascending and rejects bad input', () => {
    expect(parseQueryArgs(['--memories', '100000,10000', '--ingest', 'bulk'])).toMatchObject({
      memories: [10000, 100000],
      ingest: 'bulk',
      embedder: 'hash',
      queries: 500,
    });
    expect(() => parseQueryArgs(['--memories', '10k'])).toThrow(/--memories/);
    expect(() => parseQueryArgs(['--embedder', 'openai'])).toThrow(/--embedder/);
    expect(() => parseQueryArgs(['--embedder', 'onnx'])).toThrow(/--model-dir/);
    expect(parseQueryArgs(['--embedder', 'onnx', '--model-dir', '/m'])).toMatchObject({
      embedder: 'onnx',
      modelDir: '/m',
    });
    expect(() => parseQueryArgs(['--speed', '1'])).toThrow(/unknown option/);
  });

  it('the corpus is reproducible and questions use their memory’s words', () => {
    const a = new SyntheticMemories(seededRng(3), 500);
    const b = new SyntheticMemories(seededRng(3), 500);
    const m = Array.from({ length: 20 }, () => a.memory());
    expect(Array.from({ length: 20 }, () => b.memory())).toEqual(m);
    const q = a.queryFor(m[0]!);
    const words = q.replace(/\?$/, '').split(' ').slice(-2);
    for (const w of words) expect(m[0]!).toContain(w);
  });

  it('bulk ingest builds a read side the hybrid retriever finds memories in', async () => {
    const embedder = createHashEmbedder({ dimensions: 64 });
    const engram = await openBulkEngram({ embedder });
    try {
      const gen = new SyntheticMemories(seededRng(5), 300);
      const texts = [...new Set(Array.from({ length: 220 }, () => gen.memory()))].slice(0, 200);
      const events = texts.map((content, i) =>
        benchEvent(
          'MemoryWritten',
          {
            memoryId: deterministicId('t', i),
            type: 'USER',
            tier: 'SEMANTIC',
            key: null,
            content,
            tags: [],
            importance: 0.5,
            pinned: false,
            source: 'user_stated',
            confidence: 1,
            scope: null,
            metadata: {},
            sourceMessageIds: [],
            episodeId: null,
            validFrom: null,
            validTo: null,
          },
          {
            userId: 'u1',
            sessionId: null,
            occurredAt: new Date(Date.UTC(2024, 0, 1, 0, i)).toISOString(),
            idParts: ['t', i],
          },
        ),
      );
      await engram.append(events.slice(0, 100));
      await engram.append(events.slice(100));
      expect((await engram.counts()).memories).toBe(200);
      expect(Object.keys(engram.spentMs()).sort()).toEqual([
        'archival',
        'episodic',
        'search-index',
        'semantic',
        'working',
      ]);
      const hits = await engram.retriever.search({
        scope: { tenantId: BENCH_TENANT, userId: 'u1', agentId: null },
        query: texts[42]!,
        k: 5,
      });
      expect(hits[0]?.id).toBe(deterministicId('t', 42));
      const other = await engram.retriever.search({
        scope: { tenantId: BENCH_TENANT, userId: 'u2', agentId: null },
        query: texts[42]!,
        k: 5,
      });
      expect(other).toEqual([]);
    } finally {
      await engram.close();
    }
  });
});
