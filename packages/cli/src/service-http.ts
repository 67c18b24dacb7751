import { EngramError, type ErrorCode } from '@engram/core';
import type { EngramConfig } from '@engram/runtime';
import type { CliIo } from './io';

/** The HTTP API of the service configured here (a wildcard bind is reached on loopback). */
export function serviceUrl(cfg: Readonly<EngramConfig>): string {
  const host = cfg.http.host === '0.0.0.0' || cfg.http.host === '::' ? '127.0.0.1' : cfg.http.host;
  return `http://${host.includes(':') ? `[${host}]` : host}:${cfg.http.port}`;
}

/** The key the CLI sends to a running service: ENGRAM_API_KEY, else the operator's ENGRAM_ADMIN_KEY (never a flag: it would show in ps). */
export function cliApiKey(io: CliIo): string | null {
  return io.env.ENGRAM_API_KEY || io.env.ENGRAM_ADMIN_KEY || null;
}

/** One request to a running Engram; a non-expected status becomes the EngramError the service answered with. */
export async function callService<T>(
  io: CliIo,
  base: string,
  req: { method: string; path: string; body?: unknown; headers?: Record<string, string>; expect: number },
): Promise<T> {
  const key = cliApiKey(io);
  const headers: Record<string, string> = { 'x-requested-by': 'engram-cli', ...(req.headers ?? {}) };
  if (key) headers.authorization = `Bearer ${key}`;
  if (req.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(`${base}${req.path}`, {
      method: req.method,
      headers,
      ...(req.body !== undefined ? { body: JSON.stringify(req.body) } : {}),
    });
  } catch (e) {
    throw new EngramError('LOG_UNAVAILABLE', `the Engram API at ${base} is unreachable: ${(e as Error).message}`, {
      cause: e,
    });
  }
  const body = (await res.json().catch(() => ({}))) as {
    error?: { code?: string; message?: string; details?: Record<string, unknown> };
  };
  if (res.status !== req.expect) {
    const code = (body.error?.code ?? 'INTERNAL') as ErrorCode;
    throw new EngramError(code, `the service answered ${res.status}: ${body.error?.message ?? 'no error body'}`, {
      details: { status: res.status, ...(body.error?.details ?? {}) },
    });
  }
  return body as T;
}
