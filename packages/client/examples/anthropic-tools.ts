/**
 * Engram's tools in the Anthropic SDK's tool use: tool_use blocks run against Engram, their
 * results go back as tool_result blocks until the model ends its turn.
 * Run: ENGRAM_URL=http://127.0.0.1:8080 ENGRAM_API_KEY=… ANTHROPIC_API_KEY=… npx tsx packages/client/examples/anthropic-tools.ts
 */
import Anthropic from '@anthropic-ai/sdk';
import { pathToFileURL } from 'node:url';
import { EngramClient } from '../src/index';
import { ENGRAM_TOOLS, runEngramTool } from './engram-tools';

const tools: Anthropic.Tool[] = ENGRAM_TOOLS.map((t) => ({
  name: t.name,
  description: t.description,
  input_schema: t.parameters as Anthropic.Tool.InputSchema,
}));

/** One user turn: the model may use Engram's tools (at most maxSteps rounds) before it answers. */
export async function chatWithMemory(o: {
  anthropic: Anthropic;
  engram: EngramClient;
  userId: string;
  model: string;
  messages: Anthropic.MessageParam[];
  maxSteps?: number;
}): Promise<{ answer: string; messages: Anthropic.MessageParam[] }> {
  const messages = [...o.messages];
  for (let step = 0; step < (o.maxSteps ?? 5); step++) {
    const r = await o.anthropic.messages.create({ model: o.model, max_tokens: 1024, messages, tools });
    messages.push({ role: 'assistant', content: r.content });
    const uses = r.content.filter((b): b is Anthropic.ToolUseBlock => b.type === 'tool_use');
    if (r.stop_reason !== 'tool_use' || uses.length === 0) {
      const answer = r.content.flatMap((b) => (b.type === 'text' ? [b.text] : [])).join('');
      return { answer, messages };
    }
    const results: Anthropic.ToolResultBlockParam[] = [];
    for (const u of uses) {
      const content = await runEngramTool(o.engram, o.userId, u.name, u.input as Record<string, unknown>);
      results.push({ type: 'tool_result', tool_use_id: u.id, content });
    }
    messages.push({ role: 'user', content: results });
  }
  throw new Error(`no answer after ${o.maxSteps ?? 5} tool rounds`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const engram = new EngramClient({
    baseUrl: process.env.ENGRAM_URL ?? 'http://127.0.0.1:8080',
    apiKey: process.env.ENGRAM_API_KEY,
  });
  const r = await chatWithMemory({
    anthropic: new Anthropic(),
    engram,
    userId: process.env.ENGRAM_USER ?? 'demo',
    model: process.env.ANTHROPIC_MODEL ?? 'claude-sonnet-4-5',
    messages: [{ role: 'user', content: process.argv[2] ?? 'I am vegetarian. What should I cook tonight?' }],
  });
  console.log(r.answer);
}
