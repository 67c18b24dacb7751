/**
 * A local HTTP server speaking Anthropic's Messages API wire format (POST /v1/messages with text,
 * tool_use and tool_result content blocks), so tests run the real `@anthropic-ai/sdk` client on
 * loopback. Only services that cannot run here (an LLM API) are doubled this way.
 */
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export type AnthropicBlock =
  | { type: 'text'; text: string }
  | { type: 'tool_use'; id: string; name: string; input: Record<string, unknown> }
  | {
      type: 'tool_result';
      tool_use_id: string;
      content: string | Array<{ type: 'text'; text: string }>;
      is_error?: boolean;
    };

export interface MessagesRequestBody {
  model: string;
  max_tokens: number;
  system?: string;
  messages: Array<{ role: 'user' | 'assistant'; content: string | AnthropicBlock[] }>;
  tools?: Array<{ name: string; description?: string; input_schema: unknown }>;
}

/** The assistant's content blocks for a request (stop_reason tool_use when one is a tool_use), or an HTTP status to fail with. */
export type MessagesResponder = (
  body: MessagesRequestBody,
  callIndex: number,
) =>
  | AnthropicBlock[]
  | { status: number; body?: unknown }
  | Promise<AnthropicBlock[] | { status: number; body?: unknown }>;

export interface FakeAnthropicServer {
  /** e.g. http://127.0.0.1:PORT — pass as the SDK's baseURL (it appends /v1/messages). */
  baseUrl: string;
  requests: Array<{ path: string; body: any; headers: IncomingMessage['headers'] }>;
  close(): Promise<void>;
}

export async function startFakeAnthropic(opts: { messages: MessagesResponder }): Promise<FakeAnthropicServer> {
  const requests: FakeAnthropicServer['requests'] = [];
  let calls = 0;
  const handle = async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const send = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json', 'request-id': `req_${calls}` });
      res.end(JSON.stringify(body));
    };
    try {
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const raw = Buffer.concat(chunks).toString('utf8');
      const body = raw ? JSON.parse(raw) : {};
      const path = (req.url ?? '').split('?')[0]!;
      requests.push({ path, body, headers: req.headers });
      if (req.method !== 'POST' || path !== '/v1/messages')
        return send(404, {
          type: 'error',
          error: { type: 'not_found_error', message: `no route ${req.method} ${path}` },
        });
      if (typeof body.model !== 'string' || typeof body.max_tokens !== 'number' || !Array.isArray(body.messages))
        return send(400, {
          type: 'error',
          error: { type: 'invalid_request_error', message: 'model, max_tokens and messages are required' },
        });
      const out = await opts.messages(body as MessagesRequestBody, calls++);
      if (!Array.isArray(out))
        return send(
          out.status,
          out.body ?? { type: 'error', error: { type: 'api_error', message: 'scripted failure' } },
        );
      return send(200, {
        id: `msg_${calls}`,
        type: 'message',
        role: 'assistant',
        model: body.model,
        content: out,
        stop_reason: out.some((b) => b.type === 'tool_use') ? 'tool_use' : 'end_turn',
        stop_sequence: null,
        usage: { input_tokens: 1, output_tokens: 1 },
      });
    } catch (e) {
      return send(500, {
        type: 'error',
        error: { type: 'api_error', message: e instanceof Error ? e.message : String(e) },
      });
    }
  };
  const server: Server = createServer((req, res) => void handle(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseUrl: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
