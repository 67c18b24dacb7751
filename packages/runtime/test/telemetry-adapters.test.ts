/**
 * The Prometheus adapter fed through core's instrumented ports, on real parts: the OpenAI LLM
 * adapter against the local OpenAI-wire server (the one test double allowed: an LLM API), parsed
 * back with the Prometheus parser. The all-in-one's families are checked in test/e2e/observability.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstrumentedEmbedder, createInstrumentedLlm, noopTracer } from '@engram/core';
import { createOpenAiEmbedder, createOpenAiLlm } from '@engram/openai-adapters';
import { parseScrape, startFakeOpenAi, type FakeOpenAiServer } from '@engram/testing';
import { createPrometheusMetrics } from '../src/metrics';

describe('Prometheus metrics of the model ports', () => {
  let fake: FakeOpenAiServer;
  beforeAll(async () => {
    fake = await startFakeOpenAi({ chat: () => '{"facts":[]}', embeddingDimensions: 8 });
  });
  afterAll(() => fake.close());

  it('counts LLM requests and the tokens the provider reports, by stage; times embeddings', async () => {
    const prom = createPrometheusMetrics({ service: 'test', version: '0.0.0' });
    const telemetry = { metrics: prom.metrics, tracer: noopTracer };
    const llm = createInstrumentedLlm(
      createOpenAiLlm({
        baseURL: fake.baseUrl,
        apiKey: 'k',
        models: { summary: 'm', extraction: 'm', verification: 'm' },
      }),
      telemetry,
    );
    const out = await llm.complete({ stage: 'extraction', messages: [{ role: 'user', content: 'hello' }] });
    expect(out).toMatchObject({ text: '{"facts":[]}', usage: { inputTokens: 1, outputTokens: 1 } });
    await llm.complete({ stage: 'summary', messages: [{ role: 'user', content: 'hello' }] });
    const embedder = createInstrumentedEmbedder(
      createOpenAiEmbedder({ baseURL: fake.baseUrl, apiKey: 'k', model: 'e', dimensions: 8 }),
      telemetry,
    );
    expect(embedder.modelId).toContain('e');
    await embedder.embed(['one', 'two']);

    const s = parseScrape(await prom.render());
    expect(s.count('engram_llm_request_duration_seconds', { stage: 'extraction' })).toBe(1);
    expect(s.count('engram_llm_request_duration_seconds', { stage: 'summary' })).toBe(1);
    expect(s.value('engram_llm_tokens_total', { stage: 'extraction', type: 'input' })).toBe(1);
    expect(s.value('engram_llm_tokens_total', { type: 'output' })).toBe(2);
    expect(s.count('engram_embedding_duration_seconds')).toBe(1);
    expect(s.samples('engram_build_info', { service: 'test', version: '0.0.0' })[0]!.value).toBe(1);
  });
});
