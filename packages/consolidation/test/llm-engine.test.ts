import { afterEach, describe, expect, it } from 'vitest';
import { createOpenAiLlm } from '@engram/openai-adapters';
import { startFakeOpenAi, type ChatRequestBody, type FakeOpenAiServer } from '@engram/testing';
import { createLlmEngine } from '../src/extraction/llm/llm-engine';
import { PROMPT_VERSION } from '../src/extraction/llm/prompts';
import { createRulesEngine } from '../src/extraction/rules/rules-engine';
import type { ExtractionInput } from '../src/extraction/types';
import { type Logger } from '@engram/core';

const AT = '2026-11-30T10:00:00.000Z';
const INPUT: ExtractionInput = {
  sessionId: 's1',
  existingFacts: [],
  messages: [
    { messageId: 'u1', role: 'user', content: 'I live in Berlin and I love sushi.', at: AT },
    { messageId: 'a1', role: 'assistant', content: 'You should try Lisbon sometime.', at: AT },
  ],
};

const GOOD_FACTS = JSON.stringify({
  facts: [
    {
      key: 'user.residence',
      content: 'User lives in Berlin',
      kind: 'profile',
      type: 'USER',
      subject: 'user',
      predicate: 'residence',
      object: 'Berlin',
      positive: true,
      timeHint: null,
      confidence: 0.95,
      importance: 0.8,
      sourceMessageIds: ['u1'],
    },
    {
      key: 'user.preference.sushi',
      content: 'User likes sushi',
      kind: 'fact',
      type: 'USER',
      subject: 'user',
      predicate: 'likes',
      object: 'sushi',
      positive: true,
      timeHint: null,
      confidence: 0.9,
      importance: 0.6,
      sourceMessageIds: ['u1'],
    },
    // attributed to the assistant's message: must be dropped (only the user's own statements)
    {
      key: 'user.residence_plan',
      content: 'User will move to Lisbon',
      kind: 'fact',
      type: 'USER',
      subject: 'user',
      predicate: 'plan',
      object: 'Lisbon',
      positive: true,
      timeHint: null,
      confidence: 0.9,
      importance: 0.5,
      sourceMessageIds: ['a1'],
    },
    // too unsure: dropped
    {
      key: 'user.mood',
      content: 'User is happy',
      kind: 'fact',
      type: 'USER',
      subject: 'user',
      predicate: 'mood',
      object: 'happy',
      positive: true,
      timeHint: null,
      confidence: 0.3,
      importance: 0.2,
      sourceMessageIds: ['u1'],
    },
  ],
  skills: [],
});
const GOOD_SUMMARY = JSON.stringify({
  summary: 'The user said they live in Berlin and love sushi.',
  entityIds: ['berlin', 'sushi'],
  importance: 0.7,
});

function isSummary(body: ChatRequestBody): boolean {
  return JSON.stringify(body.response_format ?? {}).includes('engram_episode');
}

class Recorder implements Logger {
  entries: Array<{ level: string; obj: Record<string, unknown>; msg?: string }> = [];
  debug(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'debug', obj, msg });
  }
  info(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'info', obj, msg });
  }
  warn(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'warn', obj, msg });
  }
  error(obj: Record<string, unknown>, msg?: string) {
    this.entries.push({ level: 'error', obj, msg });
  }
}

let server: FakeOpenAiServer | null = null;
afterEach(async () => {
  await server?.close();
  server = null;
});

function engineFor(s: FakeOpenAiServer, logger = new Recorder()) {
  const llm = createOpenAiLlm({
    baseURL: s.baseUrl,
    apiKey: 'test',
    models: { summary: 'sum-model', extraction: 'ext-model', verification: 'ver-model' },
    timeoutMs: 5000,
    maxRetries: 0,
  });
  return { engine: createLlmEngine({ llm, fallback: createRulesEngine(), logger }), logger };
}

describe('LLM extraction engine (fake OpenAI server on loopback)', () => {
  it('uses the model per stage, sends the JSON schema and validates the answer', async () => {
    server = await startFakeOpenAi({ chat: (body) => (isSummary(body) ? GOOD_SUMMARY : GOOD_FACTS) });
    const { engine, logger } = engineFor(server);
    const r = await engine.extract(INPUT);
    expect(r.extractor).toBe(`llm:ext-model@${PROMPT_VERSION}`);
    expect(r.facts.map((f) => f.key)).toEqual(['user.residence', 'user.preference.sushi']);
    expect(r.facts[0]!.sourceMessageIds).toEqual(['u1']);
    expect(r.episode).toEqual({
      summary: 'The user said they live in Berlin and love sushi.',
      entityIds: ['berlin', 'sushi'],
      importance: 0.7,
    });
    const chats = server.requests.filter((q) => q.path.endsWith('/chat/completions'));
    expect(chats.map((q) => q.body.model).sort()).toEqual(['ext-model', 'sum-model']);
    const ext = chats.find((q) => q.body.model === 'ext-model')!;
    expect(ext.body.response_format.type).toBe('json_schema');
    expect(ext.body.response_format.json_schema.name).toBe('engram_extraction');
    expect(ext.body.messages[1].content).toContain('I live in Berlin');
    const dropped = logger.entries.find((e) => e.msg === 'LLM facts dropped by validation');
    expect((dropped?.obj.dropped as Array<{ key: string }>).map((d) => d.key).sort()).toEqual([
      'user.mood',
      'user.residence_plan',
    ]);
  });

  it('retries a malformed answer once, showing the model the error', async () => {
    let extractionCalls = 0;
    server = await startFakeOpenAi({
      chat: (body) => {
        if (isSummary(body)) return GOOD_SUMMARY;
        extractionCalls++;
        return extractionCalls === 1 ? '{"facts": [{"key": "user.residence"}]' : GOOD_FACTS;
      },
    });
    const { engine } = engineFor(server);
    const r = await engine.extract(INPUT);
    expect(extractionCalls).toBe(2);
    expect(r.extractor).toBe(`llm:ext-model@${PROMPT_VERSION}`);
    expect(r.facts.map((f) => f.key)).toEqual(['user.residence', 'user.preference.sushi']);
    const retry = server.requests.filter((q) => q.body?.model === 'ext-model')[1]!;
    expect(retry.body.messages.at(-1).content).toContain('invalid');
  });

  it('falls back to the rules engine after a second malformed answer, and logs it', async () => {
    server = await startFakeOpenAi({
      chat: (body) => (isSummary(body) ? 'not json at all' : '{"facts": "nope", "skills": []}'),
    });
    const { engine, logger } = engineFor(server);
    const r = await engine.extract(INPUT);
    expect(r.extractor).toBe('rules@1');
    expect(r.facts.map((f) => f.key).sort()).toEqual(['user.preference.sushi', 'user.residence']);
    expect(r.episode.summary).toContain('Berlin');
    expect(server.requests.filter((q) => q.body?.model === 'ext-model')).toHaveLength(2);
    expect(server.requests.filter((q) => q.body?.model === 'sum-model')).toHaveLength(2);
    const warns = logger.entries.filter((e) => e.level === 'warn');
    expect(warns.map((w) => w.obj.code)).toEqual(['LLM_MALFORMED_OUTPUT', 'LLM_MALFORMED_OUTPUT']);
    expect(warns[0]!.obj.fallbackFacts).toBe(2);
  });

  it('falls back to the rules engine when the endpoint answers 500', async () => {
    server = await startFakeOpenAi({
      chat: () => ({ status: 500, body: { error: { message: 'upstream exploded' } } }),
    });
    const { engine, logger } = engineFor(server);
    const r = await engine.extract(INPUT);
    expect(r.extractor).toBe('rules@1');
    expect(r.facts.map((f) => f.key).sort()).toEqual(['user.preference.sushi', 'user.residence']);
    const warn = logger.entries.find((e) => e.level === 'warn')!;
    expect(warn.obj.code).toBe('LLM_FAILED');
    expect(String(warn.obj.err)).toContain('500');
  });

  it('verifies contradictions through the verification model', async () => {
    server = await startFakeOpenAi({
      chat: () => JSON.stringify({ contradicts: true, confidence: 0.8, description: 'home city differs' }),
    });
    const { engine } = engineFor(server);
    const v = await engine.verifier!.verify(
      { key: 'user.home_city', content: 'User lives in Rome' },
      { key: 'user.residence', content: 'User lives in Milan' },
    );
    expect(v).toEqual({ contradicts: true, confidence: 0.8, description: 'home city differs' });
    expect(server.requests[0]!.body.model).toBe('ver-model');
  });
});

describe('createOpenAiLlm', () => {
  it('refuses a configuration without the stage models', () => {
    expect(() =>
      createOpenAiLlm({
        baseURL: 'http://127.0.0.1:1/v1',
        apiKey: 'x',
        models: { summary: 's', extraction: '', verification: 'v' },
      }),
    ).toThrow(/extraction/);
  });

  it('maps HTTP failures to retriable LLM_FAILED errors', async () => {
    server = await startFakeOpenAi({ chat: () => ({ status: 503 }) });
    const llm = createOpenAiLlm({
      baseURL: server.baseUrl,
      apiKey: 'x',
      models: { summary: 's', extraction: 'e', verification: 'v' },
      maxRetries: 0,
    });
    await expect(llm.complete({ stage: 'summary', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject(
      { code: 'LLM_FAILED', retriable: true },
    );
    await expect(llm.complete({ stage: 'rerank', messages: [{ role: 'user', content: 'hi' }] })).rejects.toMatchObject({
      code: 'VALIDATION_FAILED',
    });
  });
});
