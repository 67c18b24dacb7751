import type { paths } from '../../../client/src/engram-api';

/** The JSON API the inspector reads, typed from the generated OpenAPI types. */
export type Json<P extends keyof paths, M extends keyof paths[P], S extends number = 200> = paths[P][M] extends {
  responses: infer R;
}
  ? S extends keyof R
    ? R[S] extends { content: { 'application/json': infer B } }
      ? B
      : never
    : never
  : never;

export type Memory = Json<'/v1/memories/{id}', 'get'>;
export type MemoryPage = Json<'/v1/users/{userId}/memories', 'get'>;
export type QueryHit = Json<'/v1/query', 'post'>['results'][number];
export type Explanation = NonNullable<QueryHit['explain']>;
export type HistoryItem = Json<'/v1/memories/{id}/history', 'get'>['history'][number];
export type DecayCurve = Json<'/v1/memories/{id}/decay', 'get'>;
export type Timeline = Json<'/v1/sessions/{sessionId}/timeline', 'get'>;
export type SessionPage = Json<'/v1/users/{userId}/sessions', 'get'>;
export type Contradiction = Json<'/v1/contradictions', 'get'>['contradictions'][number];
export type Resolved = Json<'/v1/contradictions/{id}/resolve', 'post', 202>;
export type UserPage = Json<'/v1/users', 'get'>;
export type Stats = Json<'/v1/admin/stats', 'get'>;
export type DeadLetters = Json<'/v1/admin/dead-letters', 'get'>;
export type ErasurePage = Json<'/v1/erasures', 'get'>;
export type Readiness = Json<'/readyz', 'get'>;

const KEY = 'engram.inspector.key';
const TENANT = 'engram.inspector.tenant';

/** The API key lives in this tab's sessionStorage only; it is sent as the Authorization header of each call. */
export const credentials = {
  key: (): string => sessionStorage.getItem(KEY) ?? '',
  tenant: (): string => sessionStorage.getItem(TENANT) ?? '',
  save(key: string, tenant: string): void {
    if (key) sessionStorage.setItem(KEY, key);
    else sessionStorage.removeItem(KEY);
    if (tenant) sessionStorage.setItem(TENANT, tenant);
    else sessionStorage.removeItem(TENANT);
  },
};

export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
    message: string,
  ) {
    super(message);
  }
}

type Query = Record<string, string | number | boolean | undefined | null | readonly string[]>;

export function qs(q: Query): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) for (const x of v as readonly string[]) p.append(k, x);
    else p.append(k, String(v));
  }
  const s = p.toString();
  return s ? `?${s}` : '';
}

/** One call to the JSON API of the service that served this page. */
export async function api<T>(method: 'GET' | 'POST', path: string, body?: unknown): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json' };
  const key = credentials.key();
  const tenant = credentials.tenant();
  if (key) headers.authorization = `Bearer ${key}`;
  if (tenant) headers['x-tenant-id'] = tenant;
  if (body !== undefined) headers['content-type'] = 'application/json';
  const res = await fetch(path, { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) });
  const text = await res.text();
  let json: unknown = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    json = null;
  }
  // /readyz answers 503 with its body when a component is not ready: that body is the answer.
  if (!res.ok && !(path === '/readyz' && res.status === 503)) {
    const err = (json as { error?: { code?: string; message?: string } } | null)?.error;
    throw new ApiError(res.status, err?.code ?? `HTTP_${res.status}`, err?.message ?? (text || res.statusText));
  }
  return json as T;
}

export const enc = encodeURIComponent;
