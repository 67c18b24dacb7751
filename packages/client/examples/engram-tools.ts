/**
 * Engram as tools of an LLM: remember / recall / context / forget, each with a JSON schema, and
 * the one function that runs a call against Engram. The OpenAI and Anthropic examples wrap these
 * in their SDK's tool format; the user is the application's, never the model's to choose.
 */
import { EngramClient } from '../src/index';

export interface EngramTool {
  name: 'remember' | 'recall' | 'context' | 'forget';
  description: string;
  parameters: Record<string, unknown>;
}

export const ENGRAM_TOOLS: EngramTool[] = [
  {
    name: 'remember',
    description: 'Store a lasting fact about the user (a preference, a detail of their life) in long-term memory.',
    parameters: {
      type: 'object',
      properties: {
        content: { type: 'string', description: 'the fact, in one sentence' },
        key: {
          type: 'string',
          description: 'optional slot such as user.diet: a newer fact for the slot supersedes the old',
        },
      },
      required: ['content'],
      additionalProperties: false,
    },
  },
  {
    name: 'recall',
    description: 'Search long-term memory for what is known about the user that bears on a question.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' }, k: { type: 'integer', minimum: 1, maximum: 20 } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'context',
    description: 'The prompt context for the current turn: the user profile and the memories relevant to the query.',
    parameters: {
      type: 'object',
      properties: { query: { type: 'string' } },
      required: ['query'],
      additionalProperties: false,
    },
  },
  {
    name: 'forget',
    description: 'Erase one memory by its id (from recall) when the user asks to forget it.',
    parameters: {
      type: 'object',
      properties: { memoryId: { type: 'string' } },
      required: ['memoryId'],
      additionalProperties: false,
    },
  },
];

/** Runs one tool call for the user; the answer is the JSON the model reads back (errors included, so it can recover). */
export async function runEngramTool(
  engram: EngramClient,
  userId: string,
  name: string,
  args: Record<string, unknown>,
): Promise<string> {
  try {
    switch (name) {
      case 'remember': {
        const w = await engram.remember({
          userId,
          type: 'USER',
          content: String(args.content),
          ...(typeof args.key === 'string' ? { key: args.key } : {}),
        });
        return JSON.stringify({ stored: w.id, deduplicated: w.deduplicated });
      }
      case 'recall': {
        const hits = await engram.recall({ userId, query: String(args.query), k: Number(args.k ?? 5) });
        return JSON.stringify(hits.map((h) => ({ id: h.id, content: h.content, score: h.score })));
      }
      case 'context':
        return (await engram.context({ userId, query: String(args.query) })).context;
      case 'forget':
        return JSON.stringify(await engram.forget(String(args.memoryId), { userId }));
      default:
        return JSON.stringify({ error: `no tool ${name}` });
    }
  } catch (e) {
    return JSON.stringify({ error: e instanceof Error ? e.message : String(e) });
  }
}
