import { EngramError, isTransientSqlState } from '@engram/core';

const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ENOTFOUND',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EPIPE',
  'EAI_AGAIN',
]);

/**
 * True for failures of the connection itself (server down, unreachable, shutting down, too many
 * clients), as opposed to an error of the statement, which keeps its SQLSTATE code.
 */
export function isConnectionError(e: unknown): boolean {
  if (!(e instanceof Error)) return false;
  const code = (e as { code?: unknown }).code;
  if (typeof code === 'string') {
    if (NETWORK_CODES.has(code)) return true;
    // 08: connection exception; 57P01-57P03: admin shutdown, crash shutdown, cannot connect now;
    // 53300: too many connections.
    if (code.startsWith('08') || code === '57P01' || code === '57P02' || code === '57P03' || code === '53300')
      return true;
  }
  return /Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error|Connection ended/i.test(
    e.message,
  );
}

export function mapPgError(e: unknown): unknown {
  if (e instanceof EngramError) return e;
  if (isConnectionError(e)) {
    return new EngramError('STORE_UNAVAILABLE', `PostgreSQL unavailable: ${(e as Error).message}`, { cause: e });
  }
  const code = (e as { code?: unknown } | null)?.code;
  if (isTransientSqlState(code)) {
    return new EngramError(
      'STORE_UNAVAILABLE',
      `PostgreSQL cannot run the statement now (${String(code)}): ${(e as Error).message}`,
      { cause: e, details: { sqlState: code } },
    );
  }
  return e;
}
