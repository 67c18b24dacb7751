import Type, { type Static, type TSchema } from 'typebox';
import type { ErrorCode } from '@engram/core';

const CODE_MARK = /^\{([A-Z_]+)\} /;

/**
 * A TypeBox refinement whose failure is reported with `code` (VALIDATION_FAILED unless given), e.g.
 * CONTENT_TOO_LARGE for a size limit. The code travels inside the message and is read back by `check`.
 */
export function refine<T extends TSchema>(type: T, problem: (v: Static<T>) => string | null, code?: ErrorCode) {
  return Type.Refine(
    type,
    (v: Static<T>) => problem(v) === null,
    (v: Static<T>) => `${code ? `{${code}} ` : ''}${problem(v) ?? 'is invalid'}`,
  );
}

/** Splits a refinement message into its code and text. */
export function codeOfMessage(message: string): { code: ErrorCode | null; message: string } {
  const m = CODE_MARK.exec(message);
  return m ? { code: m[1] as ErrorCode, message: message.slice(m[0].length) } : { code: null, message };
}
