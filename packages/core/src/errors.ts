/** Every error that crosses a boundary carries a stable code and says whether a retry can help. */
export type ErrorCode =
  | 'VALIDATION_FAILED'
  | 'CONTENT_TOO_LARGE'
  | 'CONTENT_BLOCKED_INVISIBLE_UNICODE'
  | 'CONTENT_BLOCKED_INJECTION'
  | 'PROVENANCE_REJECTED'
  | 'UNAUTHENTICATED'
  | 'FORBIDDEN'
  | 'PROVENANCE_NOT_ALLOWED'
  | 'RATE_LIMITED'
  | 'QUOTA_EXCEEDED'
  | 'NOT_FOUND'
  | 'CONFLICT'
  | 'WRONG_EXPECTED_VERSION'
  | 'PROJECTION_LAGGING'
  | 'LOG_UNAVAILABLE'
  | 'LOG_CORRUPT'
  | 'STORE_UNAVAILABLE'
  | 'INDEX_UNAVAILABLE'
  | 'EMBEDDER_FAILED'
  | 'LLM_FAILED'
  | 'LLM_MALFORMED_OUTPUT'
  | 'SCHEMA_UNKNOWN'
  | 'DECODE_FAILED'
  | 'CONFIG_INVALID'
  | 'KEY_UNAVAILABLE'
  | 'UNSUPPORTED'
  | 'SHUTTING_DOWN'
  | 'INTERNAL';

const HTTP_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  CONTENT_TOO_LARGE: 413,
  CONTENT_BLOCKED_INVISIBLE_UNICODE: 422,
  CONTENT_BLOCKED_INJECTION: 422,
  PROVENANCE_REJECTED: 409,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  PROVENANCE_NOT_ALLOWED: 403,
  RATE_LIMITED: 429,
  QUOTA_EXCEEDED: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  WRONG_EXPECTED_VERSION: 409,
  PROJECTION_LAGGING: 503,
  LOG_UNAVAILABLE: 503,
  LOG_CORRUPT: 500,
  STORE_UNAVAILABLE: 503,
  INDEX_UNAVAILABLE: 503,
  EMBEDDER_FAILED: 502,
  LLM_FAILED: 502,
  LLM_MALFORMED_OUTPUT: 502,
  SCHEMA_UNKNOWN: 400,
  DECODE_FAILED: 400,
  CONFIG_INVALID: 500,
  KEY_UNAVAILABLE: 503,
  UNSUPPORTED: 501,
  SHUTTING_DOWN: 503,
  INTERNAL: 500,
};

const RETRIABLE: ReadonlySet<ErrorCode> = new Set<ErrorCode>([
  'PROJECTION_LAGGING',
  'LOG_UNAVAILABLE',
  'STORE_UNAVAILABLE',
  'INDEX_UNAVAILABLE',
  'EMBEDDER_FAILED',
  'LLM_FAILED',
  'LLM_MALFORMED_OUTPUT',
  'WRONG_EXPECTED_VERSION',
  'SHUTTING_DOWN',
  'KEY_UNAVAILABLE',
  'RATE_LIMITED',
]);

export class EngramError extends Error {
  readonly code: ErrorCode;
  readonly retriable: boolean;
  readonly details: Record<string, unknown> | undefined;

  constructor(
    code: ErrorCode,
    message: string,
    opts: { details?: Record<string, unknown>; cause?: unknown; retriable?: boolean } = {},
  ) {
    super(message, opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'EngramError';
    this.code = code;
    this.retriable = opts.retriable ?? RETRIABLE.has(code);
    this.details = opts.details;
  }

  get httpStatus(): number {
    return HTTP_STATUS[this.code];
  }

  toJSON(): { code: ErrorCode; message: string; retriable: boolean; details?: Record<string, unknown> } {
    return {
      code: this.code,
      message: this.message,
      retriable: this.retriable,
      ...(this.details ? { details: this.details } : {}),
    };
  }
}

export function isEngramError(e: unknown): e is EngramError {
  return e instanceof EngramError;
}

/** Wraps anything thrown into an EngramError, keeping the original as cause. */
export function toEngramError(e: unknown, fallback: ErrorCode = 'INTERNAL'): EngramError {
  if (e instanceof EngramError) return e;
  const message = e instanceof Error ? e.message : String(e);
  return new EngramError(fallback, message, { cause: e });
}
