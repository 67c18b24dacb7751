import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeOpenAi, type FakeOpenAiServer } from '@engram/testing';
import { createHttpReranker, createOpenAiEmbedder } from '@engram/openai-adapters';

let fake: FakeOpenAiServer;
beforeAll(async () => {
  fake = await startFakeOpenAi({ embeddingDimensions: 16 });
});
afterAll(async () => {
  await fake.close();
});

describe('OpenAI-compatible embedder', () => {
  it('embeds in batches of batchSize, in order, sending the model and dimensions', async () => {
    const e = createOpenAiEmbedder({
      baseURL: fake.baseUrl,
      apiKey: 'k',
      model: 'emb-small',
      dimensions: 16,
      batchSize: 2,
    });
    expect(e.modelId).toBe('openai:emb-small@16');
    const before = fake.requests.length;
    const texts = ['alpha', 'beta', 'gamma', 'alpha'];
    const out = await e.embed(texts);
    const reqs = fake.requests.slice(before);
    expect(reqs.map((r) => r.body.input)).toEqual([
      ['alpha', 'beta'],
      ['gamma', 'alpha'],
    ]);
    expect(reqs[0]!.body).toMatchObject({ model: 'emb-small', dimensions: 16 });
    expect(reqs[0]!.headers.authorization).toBe('Bearer k');
    expect(out).toHaveLength(4);
    expect(out[0]!.length).toBe(16);
    expect(Array.from(out[3]!)).toEqual(Array.from(out[0]!));
    expect(Array.from(out[1]!)).not.toEqual(Array.from(out[0]!));
    expect(e.dimensions).toBe(16);
  });

  it('learns its dimensions from the first answer when not configured', async () => {
    const e = createOpenAiEmbedder({ baseURL: fake.baseUrl, apiKey: 'k', model: 'emb' });
    expect(e.dimensions).toBe(0);
    await e.embed(['x']);
    expect(e.dimensions).toBe(16);
  });

  it('fails with EMBEDDER_FAILED when the endpoint is unreachable', async () => {
    const e = createOpenAiEmbedder({ baseURL: 'http://127.0.0.1:1/v1', apiKey: 'k', model: 'emb', maxRetries: 0 });
    await expect(e.embed(['x'])).rejects.toMatchObject({ code: 'EMBEDDER_FAILED', retriable: true });
  });
});

describe('HTTP reranker', () => {
  it('scores documents in input order through POST /rerank', async () => {
    const r = createHttpReranker({ url: fake.baseUrl, model: 'bge-reranker', apiKey: 'secret' });
    const docs = ['nothing relevant', 'tea with milk', 'tea'];
    const scores = await r.score('tea', docs, { timeoutMs: 5000 });
    expect(scores).toHaveLength(3);
    expect(scores[0]).toBe(0);
    expect(scores[2]!).toBeGreaterThan(scores[1]!);
    const last = fake.requests.at(-1)!;
    expect(last.path).toBe('/v1/rerank');
    expect(last.body).toMatchObject({ query: 'tea', texts: docs, model: 'bge-reranker' });
    expect(last.headers.authorization).toBe('Bearer secret');
  });

  it('times out after timeoutMs', async () => {
    const slow = await startFakeOpenAi({ hang: true });
    try {
      const r = createHttpReranker({ url: `${slow.baseUrl}/rerank` });
      await expect(r.score('q', ['d'], { timeoutMs: 50 })).rejects.toMatchObject({
        code: 'LLM_FAILED',
        message: expect.stringMatching(/within 50 ms/),
      });
    } finally {
      await slow.close();
    }
  });

  it('rejects a malformed answer', async () => {
    const server = createServer((_req, res) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify([{ index: 5, score: 1 }]));
    });
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    try {
      const r = createHttpReranker({ url: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
      await expect(r.score('q', ['d'], { timeoutMs: 2000 })).rejects.toMatchObject({ code: 'LLM_MALFORMED_OUTPUT' });
    } finally {
      await new Promise((ok) => server.close(ok));
    }
  });
});
