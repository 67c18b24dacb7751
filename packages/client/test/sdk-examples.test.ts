/**
 * The tool-calling examples (examples/openai-tools.ts, examples/anthropic-tools.ts) with the real
 * `openai` and `@anthropic-ai/sdk` clients pointed at local servers speaking those wire formats, and
 * a real Engram HTTP server on loopback: the model's tool calls write a memory into Engram in one
 * conversation and recall it in the next, and the recalled memory is what goes back to the model.
 */
import Anthropic from '@anthropic-ai/sdk';
import OpenAI from 'openai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  startFakeAnthropic,
  startFakeOpenAi,
  type AnthropicBlock,
  type FakeAnthropicServer,
  type FakeOpenAiServer,
} from '@engram/testing';
import { openHttpStack, type HttpStack } from '../../api-http/test/http-server';
import { EngramClient } from '../src/index';
import { chatWithMemory as openAiChat } from '../examples/openai-tools';
import { chatWithMemory as anthropicChat } from '../examples/anthropic-tools';

const FACT = 'The user is allergic to peanuts';

/** Polls until the condition holds (the read side applies asynchronously), at most 10 s. */
async function until<T>(f: () => Promise<T | null | undefined | false>): Promise<T> {
  for (let i = 0; i < 400; i++) {
    const v = await f();
    if (v) return v;
    await new Promise((r) => setTimeout(r, 25));
  }
  throw new Error('condition not met in 10 s');
}

describe('tool-calling examples against Engram', () => {
  let s: HttpStack;
  let engram: EngramClient;
  let openaiServer: FakeOpenAiServer;
  let anthropicServer: FakeAnthropicServer;
  beforeAll(async () => {
    s = await openHttpStack();
    engram = new EngramClient({ baseUrl: s.base });
  });
  afterAll(async () => {
    await openaiServer?.close();
    await anthropicServer?.close();
    await s?.close();
  });

  it('OpenAI chat completions: remember through a tool call, then recall it in a new conversation', async () => {
    openaiServer = await startFakeOpenAi({
      chat: (body) => {
        const last = body.messages[body.messages.length - 1]!;
        expect(body.tools?.map((t) => t.function.name)).toEqual(['remember', 'recall', 'context', 'forget']);
        if (last.role === 'tool') return `noted: ${last.content}`;
        if (/allergic/.test(last.content ?? ''))
          return { toolCalls: [{ id: 'call_1', name: 'remember', arguments: { content: FACT, key: 'user.allergy' } }] };
        return { toolCalls: [{ id: 'call_2', name: 'recall', arguments: { query: 'allergies peanuts', k: 3 } }] };
      },
    });
    const openai = new OpenAI({ apiKey: 'test-key', baseURL: openaiServer.baseUrl, maxRetries: 0 });
    const first = await openAiChat({
      openai,
      engram,
      userId: 'olga',
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Remember that I am allergic to peanuts.' }],
    });
    expect(first.answer).toMatch(/^noted: \{"stored":/);
    // Written through Engram: the user's memory holds it.
    const stored = await until(async () => (await engram.list('olga', {})).memories.find((m) => m.content === FACT));
    expect(stored).toMatchObject({ key: 'user.allergy', userId: 'olga' });

    const second = await openAiChat({
      openai,
      engram,
      userId: 'olga',
      model: 'gpt-test',
      messages: [{ role: 'user', content: 'Can I eat satay?' }],
    });
    // The tool result the model read back is Engram's recall of that memory.
    const toolTurn = second.messages.find((m) => m.role === 'tool') as { content: string };
    expect(JSON.parse(toolTurn.content)).toEqual(
      expect.arrayContaining([expect.objectContaining({ id: stored.id, content: FACT })]),
    );
    expect(second.answer).toContain(FACT);
    const sent = openaiServer.requests.at(-1)!.body;
    expect(sent.messages.at(-2).tool_calls[0].function).toMatchObject({ name: 'recall' });
    expect(sent.messages.at(-1)).toMatchObject({ role: 'tool', tool_call_id: 'call_2' });
  });

  it('Anthropic messages: tool_use blocks run against Engram, tool_result blocks carry its answers', async () => {
    anthropicServer = await startFakeAnthropic({
      messages: (body) => {
        expect(body.tools?.map((t) => t.name)).toEqual(['remember', 'recall', 'context', 'forget']);
        const last = body.messages[body.messages.length - 1]!;
        const blocks =
          typeof last.content === 'string' ? [{ type: 'text', text: last.content } as AnthropicBlock] : last.content;
        const result = blocks.find((b) => b.type === 'tool_result');
        if (result && result.type === 'tool_result')
          return [
            {
              type: 'text',
              text: `from memory: ${typeof result.content === 'string' ? result.content : result.content.map((c) => c.text).join('')}`,
            },
          ];
        const text = blocks.find((b) => b.type === 'text');
        if (text && text.type === 'text' && /allergic/.test(text.text))
          return [
            { type: 'text', text: 'I will remember that.' },
            { type: 'tool_use', id: 'toolu_1', name: 'remember', input: { content: FACT.replace('user', 'customer') } },
          ];
        return [
          { type: 'tool_use', id: 'toolu_2', name: 'context', input: { query: 'what is the customer allergic to' } },
        ];
      },
    });
    const anthropic = new Anthropic({ apiKey: 'test-key', baseURL: anthropicServer.baseUrl, maxRetries: 0 });
    const fact = FACT.replace('user', 'customer');
    await anthropicChat({
      anthropic,
      engram,
      userId: 'pia',
      model: 'claude-test',
      messages: [{ role: 'user', content: 'I am allergic to peanuts, please remember.' }],
    });
    const stored = await until(async () => (await engram.list('pia', {})).memories.find((m) => m.content === fact));
    const second = await anthropicChat({
      anthropic,
      engram,
      userId: 'pia',
      model: 'claude-test',
      messages: [{ role: 'user', content: 'What should I avoid?' }],
    });
    // Engram's context for the turn holds the stored memory, and it is what the model was given.
    expect(second.answer).toContain(fact);
    const sent = anthropicServer.requests.at(-1)!.body;
    expect(sent.messages.at(-1).content[0]).toMatchObject({ type: 'tool_result', tool_use_id: 'toolu_2' });
    expect(sent.messages.at(-2).content[0]).toMatchObject({ type: 'tool_use', name: 'context' });
    expect(stored.userId).toBe('pia');
    // Another user's memory never reaches this user's tools.
    expect((await engram.list('olga', {})).memories.map((m) => m.content)).not.toContain(fact);
  });
});
