import { describe, expect, it } from 'vitest';
import OpenAI from 'openai';
import type { QueryHit } from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import { benchEvent, type BenchDataset } from './dataset';
import { recallAt } from './metrics';
import { runMem0Peer, startEmbeddingServer } from './peer-mem0';

describe('mem0 peer', () => {
  it('serves the given embedder’s vectors in the OpenAI wire format', async () => {
    const embedder = createHashEmbedder({ dimensions: 32 });
    const server = await startEmbeddingServer(embedder);
    try {
      const client = new OpenAI({ apiKey: 'local', baseURL: server.baseUrl });
      const r = await client.embeddings.create({
        model: embedder.modelId,
        input: ['red bicycle', 'blue kettle'],
        encoding_format: 'float',
      });
      const [want] = await embedder.embed(['blue kettle']);
      expect(r.data).toHaveLength(2);
      expect(r.data[1]!.embedding).toEqual(Array.from(want!));
    } finally {
      await server.close();
    }
  });

  it('runs a corpus through Mem0 offline and scores its hits like Engram’s', async () => {
    const turns = [
      'Alice: I adopted a greyhound called Pixel',
      'Bob: my sister plays the cello',
      'Alice: we are moving to Lisbon in spring',
      'Bob: I repaired the old kayak',
    ];
    const batch = turns.map((content, i) =>
      benchEvent(
        'MessageObserved',
        { messageId: `D1:${i + 1}`, role: i % 2 ? 'assistant' : 'user', content, metadata: {} },
        {
          userId: 'conv-1',
          sessionId: 'session_1',
          occurredAt: new Date(Date.UTC(2023, 4, 1, 12, 0, i)).toISOString(),
          idParts: ['p', i],
        },
      ),
    );
    const gold = (id: string) => (hits: QueryHit[], ks: number[]) =>
      Object.fromEntries(
        ks.map((k) => [
          `turn_recall@${k}`,
          recallAt(
            new Set([id]),
            hits.slice(0, k).map((h) => h.sourceMessageIds[0]!),
          ),
        ]),
      );
    const dataset: BenchDataset = {
      name: 'tiny',
      corpora: [{ userId: 'conv-1', batches: [batch], now: new Date('2023-06-01T00:00:00Z') }],
      queries: [
        { userId: 'conv-1', query: 'what is the name of the greyhound', category: 'single-hop', score: gold('D1:1') },
        { userId: 'conv-1', query: 'where is Alice moving', category: 'single-hop', score: gold('D1:3') },
      ],
      metrics: (ks) => ks.map((k) => `turn_recall@${k}`),
    };
    const { result, latency } = await runMem0Peer(dataset, createHashEmbedder({ dimensions: 64 }), [1, 3]);
    expect(result.n).toBe(2);
    expect(result.overall['turn_recall@3']).toBe(1);
    expect(latency.add.n).toBe(4);
    expect(latency.search.n).toBe(2);
  });
});
