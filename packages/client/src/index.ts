import type { paths } from './engram-api.js';
import { sseMessages } from './event-stream.js';

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
/** One event of GET /v1/events/stream. */
export type StreamedEvent = paths['/v1/events/stream']['get']['responses'][200]['content']['text/event-stream'];

export interface StreamOptions {
  /** One user's events (omitted: every user of the tenant the key may read). */
  userId?: string;
  agentId?: string;
  /** Only these event types. */
  types?: string[];
  /** Start at this log position (inclusive), e.g. a write's answer; omitted: from now on. */
  from?: string;
  /** Resume after this id (a previous stream's last `id`). */
  lastEventId?: string;
  /** Ends the stream. */
  signal?: AbortSignal;
  /** Wait before reconnecting after the connection dropped (default 1000 ms; doubles up to 30 s while it keeps failing). */
  reconnectDelayMs?: number;
}

/** An event and the id to resume after it. */
export interface StreamItem {
  id: string;
  event: StreamedEvent;
}

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

const sleep = (ms: number, signal?: AbortSignal) =>
  new Promise<void>((r) => {
    const t = setTimeout(done, ms);
    function done() {
      clearTimeout(t);
      signal?.removeEventListener('abort', done);
      r();
    }
    signal?.addEventListener('abort', done, { once: true });
  });

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

  /**
   * The events within the key's reach (GET /v1/events/stream), live, as an async iterator. A dropped
   * connection (or the service ending a stream that fell behind) is resumed from the last id
   * received, so nothing is missed or repeated; breaking out of the loop (or the signal) closes it.
   * Refusals (401, 403, 400) are thrown as EngramApiError.
   */
  async *stream(o: StreamOptions = {}): AsyncGenerator<StreamItem> {
    const url = this.urlOf('/v1/events/stream', {
      userId: o.userId,
      agentId: o.agentId,
      types: o.types && o.types.length > 0 ? o.types.join(',') : undefined,
      from: o.lastEventId ? undefined : o.from,
    });
    let lastId = o.lastEventId ?? null;
    const baseDelay = o.reconnectDelayMs ?? 1000;
    let failures = 0;
    const local = new AbortController();
    const stop = () => local.abort();
    o.signal?.addEventListener('abort', stop);
    try {
      while (!local.signal.aborted) {
        const headers = { ...this.headersOf('text/event-stream'), ...(lastId ? { 'last-event-id': lastId } : {}) };
        let res: Response | null = null;
        try {
          res = await this.fetch(url, { headers, signal: local.signal });
        } catch {
          res = null;
        }
        if (res && !res.ok) {
          const text = await res.text();
          if (res.status !== 429 && res.status !== 503) throw apiErrorOf(res, text);
        } else if (res?.body) {
          try {
            for await (const m of sseMessages(res.body)) {
              failures = 0;
              if (m.event === 'error') break;
              if (m.id !== null) lastId = m.id;
              yield { id: m.id ?? lastId ?? '', event: JSON.parse(m.data) as StreamedEvent };
            }
          } catch {
            // The connection dropped: resumed below from the last id.
          }
          await res.body.cancel().catch(() => undefined);
        }
        if (local.signal.aborted) return;
        // Once a position is known, resuming after it replaces `from`.
        if (lastId) url.searchParams.delete('from');
        await sleep(Math.min(30_000, baseDelay * 2 ** failures++), local.signal);
      }
    } finally {
      o.signal?.removeEventListener('abort', stop);
      local.abort();
    }
  }

  private urlOf(path: string, query: Call['query'] = {}): URL {
    const url = new URL(this.base + path);
    for (const [k, v] of Object.entries(query)) {
      if (v === undefined) continue;
      for (const one of Array.isArray(v) ? v : [v]) url.searchParams.append(k, String(one));
    }
    return url;
  }

  private headersOf(accept: string): Record<string, string> {
    const headers: Record<string, string> = { accept };
    if (this.opts.apiKey) headers.authorization = `Bearer ${this.opts.apiKey}`;
    if (this.opts.tenantId) headers['x-tenant-id'] = this.opts.tenantId;
    return headers;
  }

  private async call<T>(c: Call & { idempotent?: boolean }): Promise<T> {
    const url = this.urlOf(c.path, c.query);
    const headers = this.headersOf('application/json');
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
      throw apiErrorOf(res, text);
    }
  }
}

function apiErrorOf(res: Response, text: string): EngramApiError {
  let err: { code?: string; message?: string; retriable?: boolean; details?: Record<string, unknown> } | undefined;
  try {
    err = (JSON.parse(text) as { error?: typeof err }).error;
  } catch {
    err = undefined;
  }
  return new EngramApiError(
    res.status,
    err?.code ?? `HTTP_${res.status}`,
    err?.message ?? text,
    err?.retriable ?? false,
    err?.details ?? {},
  );
}

const enc = encodeURIComponent;
