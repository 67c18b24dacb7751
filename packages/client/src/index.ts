import type { paths } from './engram-api.js';

export type { paths, components, operations } from './engram-api.js';

type Json<P extends keyof paths, M extends keyof paths[P], S extends number> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer B } }
      ? B
      : never
    : never
  : never;
type Body<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } };
}
  ? B
  : never;

export type WriteBody = Body<'/v1/memories', 'post'>;
export type WriteResult = Json<'/v1/memories', 'post', 202>;
export type ObserveBody = Body<'/v1/sessions/{sessionId}/messages', 'post'>;
export type Appended = Json<'/v1/sessions/{sessionId}/messages', 'post', 202>;
export type QueryBody = Body<'/v1/query', 'post'>;
export type QueryHit = Json<'/v1/query', 'post', 200>['results'][number];
export type ContextBody = Body<'/v1/context', 'post'>;
export type ContextResult = Json<'/v1/context', 'post', 200>;
export type Memory = Json<'/v1/memories/{id}', 'get', 200>;
export type MemoryPage = Json<'/v1/users/{userId}/memories', 'get', 200>;
export type PatchBody = Body<'/v1/memories/{id}', 'patch'>;
export type PatchResult = Json<'/v1/memories/{id}', 'patch', 202>;
export type HistoryItem = Json<'/v1/memories/{id}/history', 'get', 200>['history'][number];
export type ForgetResult = Json<'/v1/memories/{id}', 'delete', 202>;
export type EventStatus = Json<'/v1/events/{eventId}', 'get', 200>;

/** An error answer of the API: its stable code, whether a retry can help, and the details. */
export class EngramApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
    readonly retriable: boolean,
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
    this.name = 'EngramApiError';
  }
}

export interface EngramClientOptions {
  /** e.g. http://127.0.0.1:8080 */
  baseUrl: string;
  /** An Engram API key (sent as Authorization: Bearer). */
  apiKey?: string;
  /** Only for an admin key naming a tenant; other keys carry their tenant. */
  tenantId?: string;
  /** Attempts of a call the service did not take (429, 503, or no answer to a read): default 3. */
  maxAttempts?: number;
  /** First retry delay in ms (doubles each time, Retry-After when the service gives one): default 200. */
  retryDelayMs?: number;
  fetch?: typeof fetch;
}

interface Call {
  method: 'GET' | 'POST' | 'PATCH' | 'DELETE';
  path: string;
  query?: Record<string, string | number | boolean | string[] | undefined>;
  body?: unknown;
  /** A write the service may have applied when no answer came back: not retried on a network error. */
  write: boolean;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/**
 * The hand-written facade over Engram's HTTP API (its types are generated from the OpenAPI document).
 * Retries: a call refused before it was applied (429 RATE_LIMITED, 503 with Retry-After) is retried
 * with backoff; a read is also retried when no answer came. A write whose answer was lost is not
 * retried blindly: the API has no idempotency key, so `observe` sends a messageId (a retried message
 * is the same message) and `remember` is deduplicated by the service for an identical key and content.
 */
export class EngramClient {
  private readonly base: string;
  private readonly fetch: typeof fetch;
  private readonly maxAttempts: number;
  private readonly retryDelayMs: number;

  constructor(private readonly opts: EngramClientOptions) {
    this.base = opts.baseUrl.replace(/\/+$/, '');
    this.fetch = opts.fetch ?? globalThis.fetch.bind(globalThis);
    this.maxAttempts = Math.max(1, opts.maxAttempts ?? 3);
    this.retryDelayMs = opts.retryDelayMs ?? 200;
  }

  /** Writes a memory (provenance-guarded, deduplicated by key). */
  remember(body: WriteBody): Promise<WriteResult> {
    return this.call({ method: 'POST', path: '/v1/memories', body, write: true });
  }

  /** Records one conversation message; a messageId is generated when none is given, so a retry repeats the same message. */
  observe(sessionId: string, body: ObserveBody): Promise<Appended> {
    const withId = { ...body, messageId: body.messageId ?? globalThis.crypto.randomUUID() };
    return this.call({
      method: 'POST',
      path: `/v1/sessions/${enc(sessionId)}/messages`,
      body: withId,
      write: true,
      idempotent: true,
    });
  }

  /** Ends a session: consolidation runs on it in the background. */
  endSession(sessionId: string, body: { userId: string; agentId?: string }): Promise<Appended> {
    return this.call({ method: 'POST', path: `/v1/sessions/${enc(sessionId)}/end`, body, write: true });
  }

  /** Hybrid search over the user's memories and history. */
  async recall(body: QueryBody): Promise<QueryHit[]> {
    const r = await this.call<{ results: QueryHit[] }>({ method: 'POST', path: '/v1/query', body, write: false });
    return r.results;
  }

  /** Prompt context under a budget. */
  context(body: ContextBody): Promise<ContextResult> {
    return this.call({ method: 'POST', path: '/v1/context', body, write: false });
  }

  /** One page of a user's memories; pass the previous page's nextCursor for the next. */
  list(
    userId: string,
    q: {
      limit?: number;
      cursor?: string;
      tier?: string[];
      type?: string[];
      tag?: string[];
      keyPrefix?: string;
      updatedSince?: string;
      order?: 'asc' | 'desc';
      agentId?: string;
    } = {},
  ): Promise<MemoryPage> {
    return this.call({ method: 'GET', path: `/v1/users/${enc(userId)}/memories`, query: q, write: false });
  }

  /** Every memory of a user, page by page. */
  async *listAll(
    userId: string,
    q: Omit<Parameters<EngramClient['list']>[1] & object, 'cursor'> = {},
  ): AsyncGenerator<Memory> {
    let cursor: string | undefined;
    do {
      const page = await this.list(userId, { ...q, ...(cursor ? { cursor } : {}) });
      yield* page.memories as Memory[];
      cursor = page.nextCursor ?? undefined;
    } while (cursor);
  }

  /** A new version of a memory (content, tags, importance, pinned, metadata). */
  update(memoryId: string, body: PatchBody): Promise<PatchResult> {
    return this.call({ method: 'PATCH', path: `/v1/memories/${enc(memoryId)}`, body, write: true });
  }

  /** Forgets a memory everywhere (the erasure report: GET /v1/erasures/{erasureId}). */
  forget(
    memoryId: string,
    q: { userId: string; agentId?: string; reason?: string; minPosition?: string },
  ): Promise<ForgetResult> {
    return this.call({
      method: 'DELETE',
      path: `/v1/memories/${enc(memoryId)}`,
      query: q,
      write: true,
      idempotent: true,
    });
  }

  history(memoryId: string, q: { userId: string; agentId?: string }): Promise<HistoryItem[]> {
    return this.call<{ history: HistoryItem[] }>({
      method: 'GET',
      path: `/v1/memories/${enc(memoryId)}/history`,
      query: q,
      write: false,
    }).then((r) => r.history);
  }

  /** What became of an acknowledged write: pending, applied (with its memory id) or rejected. */
  status(eventId: string, q: { userId: string; agentId?: string }): Promise<EventStatus> {
    return this.call({ method: 'GET', path: `/v1/events/${enc(eventId)}`, query: q, write: false });
  }

  private async call<T>(c: Call & { idempotent?: boolean }): Promise<T> {
    const url = new URL(this.base + c.path);
    for (const [k, v] of Object.entries(c.query ?? {})) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(one));
    }
    const headers: Record<string, string> = { accept: 'application/json' };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    if (this.opts.tenantId) headers['x-tenant-id'] = this.opts.tenantId;
    if (c.body !== undefined) headers['content-type'] = 'application/json';
    for (let attempt = 1; ; attempt++) {
      let res: Response;
      try {
        res = await this.fetch(url, {
          method: c.method,
          headers,
          ...(c.body !== undefined ? { body: JSON.stringify(c.body) } : {}),
        });
      } catch (e) {
        // No answer: a read (or an idempotent write) is safe to send again; another write may have been applied.
        if ((c.write && !c.idempotent) || attempt >= this.maxAttempts) throw e;
        await sleep(this.retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      const text = await res.text();
      const json = text ? (JSON.parse(text) as unknown) : undefined;
      if (res.ok) return json as T;
      const err = (
        json as
          | { error?: { code?: string; message?: string; retriable?: boolean; details?: Record<string, unknown> } }
          | undefined
      )?.error;
      const refusedBeforeApplying = res.status === 429 || (res.status === 503 && err?.retriable !== false);
      if (refusedBeforeApplying && attempt < this.maxAttempts) {
        const after = Number(res.headers.get('retry-after'));
        await sleep(Number.isFinite(after) && after > 0 ? after * 1000 : this.retryDelayMs * 2 ** (attempt - 1));
        continue;
      }
      throw new EngramApiError(
        res.status,
        err?.code ?? `HTTP_${res.status}`,
        err?.message ?? text,
        err?.retriable ?? false,
        err?.details ?? {},
      );
    }
  }
}

const enc = encodeURIComponent;
