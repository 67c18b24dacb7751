/**
 * A local HTTP server speaking the OpenAI wire format (chat completions, embeddings) plus a
 * TEI-style /rerank, so tests exercise the real `openai` client code on loopback. Only services
 * that cannot run here (an LLM API) are doubled this way.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createHash } from 'node:crypto';
import type { AddressInfo } from 'node:net';

export interface ChatToolCall {
  id: string;
  type: 'function';
  function: { name: string; arguments: string };
}

export interface ChatRequestBody {
  model: string;
  /** content is null on an assistant turn that only calls tools; a `tool` turn answers one call. */
  messages: Array<{ role: string; content: string | null; tool_calls?: ChatToolCall[]; tool_call_id?: string }>;
  response_format?: unknown;
  temperature?: number;
  tools?: Array<{ type: 'function'; function: { name: string; description?: string; parameters?: unknown } }>;
}

/** The assistant asks for tool calls (finish_reason tool_calls); arguments are sent JSON-encoded, as the API does. */
export interface ChatToolCallsReply {
  toolCalls: Array<{ id: string; name: string; arguments: Record<string, unknown> }>;
}

type ChatReply = string | ChatToolCallsReply | { status: number; body?: unknown };

/** Returns the assistant message content for a request (a string), tool calls, or an HTTP status to fail with. */
export type ChatResponder = (body: ChatRequestBody, callIndex: number) => ChatReply | Promise<ChatReply>;

export interface FakeOpenAiOptions {
  chat?: ChatResponder;
  /** Dimensions of the deterministic hashed embeddings served by /v1/embeddings. */
  embeddingDimensions?: number;
  /** Scores a (query, document) pair for /rerank; default: token overlap. */
  rerank?: (query: string, doc: string) => number;
  /**
   * Answers nothing until closed, like a server that hangs: a client's timeout is then tested without
   * racing a fixed delay, however slow the machine.
   */
  hang?: boolean;
}

export interface FakeOpenAiServer {
  /** e.g. http://127.0.0.1:PORT/v1 — pass as baseURL / OPENAI_BASE_URL. */
  baseUrl: string;
  /** Every request received: path and parsed JSON body. */
  requests: Array<{ path: string; body: any; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

function hashedEmbedding(text: string, dims: number): number[] {
  const v = new Array<number>(dims).fill(0);
  for (const tok of text
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean)) {
    const h = createHash('sha1').update(tok).digest();
    v[h.readUInt32BE(0) % dims]! += h[4]! & 1 ? 1 : -1;
  }
  const norm = Math.hypot(...v) || 1;
  return v.map((x) => x / norm);
}

function overlap(q: string, d: string): number {
  const qs = new Set(q.toLowerCase().split(/\W+/).filter(Boolean));
  const ds = d.toLowerCase().split(/\W+/).filter(Boolean);
  if (qs.size === 0 || ds.length === 0) return 0;
  return ds.filter((t) => qs.has(t)).length / ds.length;
}

async function readJson(req: IncomingMessage): Promise<any> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  const raw = Buffer.concat(chunks).toString('utf8');
  return raw ? JSON.parse(raw) : {};
}

export async function startFakeOpenAi(opts: FakeOpenAiOptions = {}): Promise<FakeOpenAiServer> {
  const requests: FakeOpenAiServer['requests'] = [];
  let chatCalls = 0;
  const dims = opts.embeddingDimensions ?? 64;
  let release!: () => void;
  const closing = new Promise<void>((r) => (release = r));
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    try {
      const body = await readJson(req);
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ path, body, headers: req.headers });
      if (opts.hang) return await closing;
      if (req.method === 'POST' && path.endsWith('/chat/completions')) {
        if (!opts.chat) return send(404, { error: { message: 'no chat responder configured' } });
        const out = await opts.chat(body as ChatRequestBody, chatCalls++);
        if (typeof out !== 'string' && 'status' in out)
          return send(out.status, out.body ?? { error: { message: 'scripted failure' } });
        const choice =
          typeof out === 'string'
            ? { index: 0, message: { role: 'assistant', content: out, refusal: null }, finish_reason: 'stop' }
            : {
                index: 0,
                message: {
                  role: 'assistant',
                  content: null,
                  refusal: null,
                  tool_calls: out.toolCalls.map((t) => ({
                    id: t.id,
                    type: 'function',
                    function: { name: t.name, arguments: JSON.stringify(t.arguments) },
                  })),
                },
                finish_reason: 'tool_calls',
              };
        return send(200, {
          id: `chatcmpl-${chatCalls}`,
          object: 'chat.completion',
          created: Math.floor(Date.now() / 1000),
          model: body.model,
          choices: [choice],
          usage: { prompt_tokens: 1, completion_tokens: 1, total_tokens: 2 },
        });
      }
      if (req.method === 'POST' && path.endsWith('/embeddings')) {
        const inputs: string[] = Array.isArray(body.input) ? body.input : [body.input];
        return send(200, {
          object: 'list',
          model: body.model,
          data: inputs.map((t, index) => ({ object: 'embedding', index, embedding: hashedEmbedding(String(t), dims) })),
          usage: { prompt_tokens: inputs.length, total_tokens: inputs.length },
        });
      }
      if (req.method === 'POST' && path.endsWith('/rerank')) {
        const texts: string[] = body.texts ?? body.documents ?? [];
        const score = opts.rerank ?? overlap;
        const results = texts.map((t, index) => ({ index, score: score(String(body.query), String(t)) }));
        results.sort((a, b) => b.score - a.score);
        return send(200, results);
      }
      return send(404, { error: { message: `no route ${req.method} ${path}` } });
    } catch (e) {
      return send(500, { error: { message: e instanceof Error ? e.message : String(e) } });
    }
  };
  // handle answers every failure itself (500 above), so nothing is left to catch here.
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}/v1`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        release();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
