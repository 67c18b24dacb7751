/**
 * Engram's tools in the OpenAI SDK's tool calling: the model asks for remember/recall/context/forget,
 * the loop runs each call against Engram and feeds the result back until the model answers.
 * Run: ENGRAM_URL=http://127.0.0.1:8080 ENGRAM_API_KEY=… OPENAI_API_KEY=… npx tsx packages/client/examples/openai-tools.ts
 */
import OpenAI from 'openai';
import type { ChatCompletionMessageParam, ChatCompletionTool } from 'openai/resources/chat/completions';
import { pathToFileURL } from 'node:url';
import { EngramClient } from '../src/index';
import { ENGRAM_TOOLS, runEngramTool } from './engram-tools';

const tools: ChatCompletionTool[] = ENGRAM_TOOLS.map((t) => ({
  type: 'function',
  function: { name: t.name, description: t.description, parameters: t.parameters },
}));

/** One user turn: the model may call Engram's tools (at most maxSteps rounds) before it answers. */
export async function chatWithMemory(o: {
  openai: OpenAI;
  engram: EngramClient;
  userId: string;
  model: string;
  messages: ChatCompletionMessageParam[];
  maxSteps?: number;
}): Promise<{ answer: string; messages: ChatCompletionMessageParam[] }> {
  const messages = [...o.messages];
  for (let step = 0; step < (o.maxSteps ?? 5); step++) {
    const r = await o.openai.chat.completions.create({ model: o.model, messages, tools });
    const msg = r.choices[0]!.message;
    messages.push(msg);
    const calls = msg.tool_calls ?? [];
    if (calls.length === 0) return { answer: msg.content ?? '', messages };
    for (const call of calls) {
      if (call.type !== 'function') continue;
      const content = await runEngramTool(
        o.engram,
        o.userId,
        call.function.name,
        JSON.parse(call.function.arguments || '{}'),
      );
      messages.push({ role: 'tool', tool_call_id: call.id, content });
    }
  }
  throw new Error(`no answer after ${o.maxSteps ?? 5} tool rounds`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const engram = new EngramClient({
    baseUrl: process.env.ENGRAM_URL ?? 'http://127.0.0.1:8080',
    apiKey: process.env.ENGRAM_API_KEY,
  });
  const r = await chatWithMemory({
    openai: new OpenAI(),
    engram,
    userId: process.env.ENGRAM_USER ?? 'demo',
    model: process.env.OPENAI_MODEL ?? 'gpt-4o-mini',
    messages: [{ role: 'user', content: process.argv[2] ?? 'I am vegetarian. What should I cook tonight?' }],
  });
  console.log(r.answer);
}
