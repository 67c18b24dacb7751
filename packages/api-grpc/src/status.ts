import * as grpc from '@grpc/grpc-js';
import { EngramError, toEngramError } from '@engram/core';
import type { ErrorCode } from '@engram/core';

const STATUS: Record<ErrorCode, grpc.status> = {
  VALIDATION_FAILED: grpc.status.INVALID_ARGUMENT,
  CONTENT_TOO_LARGE: grpc.status.RESOURCE_EXHAUSTED,
  CONTENT_BLOCKED_INVISIBLE_UNICODE: grpc.status.INVALID_ARGUMENT,
  CONTENT_BLOCKED_INJECTION: grpc.status.INVALID_ARGUMENT,
  PROVENANCE_REJECTED: grpc.status.FAILED_PRECONDITION,
  UNAUTHENTICATED: grpc.status.UNAUTHENTICATED,
  FORBIDDEN: grpc.status.PERMISSION_DENIED,
  PROVENANCE_NOT_ALLOWED: grpc.status.PERMISSION_DENIED,
  RATE_LIMITED: grpc.status.RESOURCE_EXHAUSTED,
  QUOTA_EXCEEDED: grpc.status.RESOURCE_EXHAUSTED,
  NOT_FOUND: grpc.status.NOT_FOUND,
  CONFLICT: grpc.status.FAILED_PRECONDITION,
  WRONG_EXPECTED_VERSION: grpc.status.ABORTED,
  PROJECTION_LAGGING: grpc.status.UNAVAILABLE,
  LOG_UNAVAILABLE: grpc.status.UNAVAILABLE,
  LOG_CORRUPT: grpc.status.DATA_LOSS,
  STORE_UNAVAILABLE: grpc.status.UNAVAILABLE,
  INDEX_UNAVAILABLE: grpc.status.UNAVAILABLE,
  EMBEDDER_FAILED: grpc.status.UNAVAILABLE,
  LLM_FAILED: grpc.status.UNAVAILABLE,
  LLM_MALFORMED_OUTPUT: grpc.status.UNAVAILABLE,
  SCHEMA_UNKNOWN: grpc.status.INVALID_ARGUMENT,
  DECODE_FAILED: grpc.status.INVALID_ARGUMENT,
  CONFIG_INVALID: grpc.status.INTERNAL,
  KEY_UNAVAILABLE: grpc.status.UNAVAILABLE,
  UNSUPPORTED: grpc.status.UNIMPLEMENTED,
  SHUTTING_DOWN: grpc.status.UNAVAILABLE,
  INTERNAL: grpc.status.INTERNAL,
};

export function grpcStatusOf(code: ErrorCode): grpc.status {
  return STATUS[code];
}

/** An EngramError as a gRPC error: mapped status, stable code in trailing metadata. */
export function toServiceError(e: unknown): Partial<grpc.ServiceError> & { code: grpc.status } {
  const err: EngramError = toEngramError(e);
  const metadata = new grpc.Metadata();
  metadata.set('engram-error-code', err.code);
  metadata.set('engram-retriable', String(err.retriable));
  // Binary ("-bin") because details may hold non-ASCII text (a matched fragment, a key).
  if (err.details) metadata.set('engram-error-details-bin', Buffer.from(JSON.stringify(err.details), 'utf8'));
  return {
    code: STATUS[err.code],
    details: `${err.code}: ${err.message}`,
    metadata,
    name: 'EngramError',
    message: err.message,
  };
}
