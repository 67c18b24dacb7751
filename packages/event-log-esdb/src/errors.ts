import { EngramError } from '@engram/core';
import { StreamNotFoundError, WrongExpectedVersionError } from '@eventstore/db-client';

export function isStreamNotFound(e: unknown): boolean {
  return e instanceof StreamNotFoundError;
}

export function toLogError(what: string, e: unknown): EngramError {
  if (e instanceof EngramError) return e;
  if (e instanceof WrongExpectedVersionError) {
    return new EngramError('WRONG_EXPECTED_VERSION', `${what}: stream ${e.streamName} is not at the expected version`, {
      cause: e,
      details: { stream: e.streamName, expected: String(e.expectedVersion), actual: String(e.actualVersion) },
    });
  }
  return new EngramError('LOG_UNAVAILABLE', `${what}: EventStoreDB error: ${(e as Error)?.message ?? String(e)}`, {
    cause: e,
  });
}
