import { EngramError, type ErrorCode } from '@engram/core';
import type { Static, TSchema } from 'typebox';
import { Compile, type Validator } from 'typebox/compile';
import { UUID_PATTERN } from '@engram/core';
import { ID_PATTERN, NO_NUL_PATTERN, POSITION_PATTERN } from './fields';
import { codeOfMessage } from './refine';

const compiled = new WeakMap<TSchema, Validator>();

/** The compiled validator of a schema, built once and shared by every caller (HTTP, gRPC, the event check). */
export function validatorOf(schema: TSchema): Validator {
  let v = compiled.get(schema);
  if (!v) {
    v = Compile(schema) as Validator;
    compiled.set(schema, v);
  }
  return v;
}

interface Issue {
  keyword: string;
  instancePath: string;
  params: Record<string, unknown>;
  message: string;
}

const PATTERN_MEANING: Record<string, string> = {
  [ID_PATTERN]: 'must be 1–128 characters of A-Z a-z 0-9 . _ : -',
  [UUID_PATTERN]: 'must be a UUID',
  [POSITION_PATTERN]: 'must be "partition:offset"',
  [NO_NUL_PATTERN]: 'must not contain NUL (U+0000)',
  '^[^\\u0000-\\u001f\\u007f]*$': 'must not contain control characters',
};

/** "/tags/1" → "tags[1]", "/metadata/a" → "metadata.a". */
function fieldOfPath(pointer: string): string {
  let out = '';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out = /^\d+$/.test(part) ? `${out}[${part}]` : out ? `${out}.${part}` : part;
  }
  return out;
}

function describe(issue: Issue): { field: string; message: string; code: ErrorCode } {
  const at = fieldOfPath(issue.instancePath);
  const sub = (name: string) => (at ? `${at}.${name}` : name);
  const p = issue.params;
  switch (issue.keyword) {
    case 'required': {
      const missing = (p.requiredProperties as string[] | undefined)?.[0] ?? '';
      return { field: sub(missing), message: 'is required', code: 'VALIDATION_FAILED' };
    }
    case 'additionalProperties': {
      const extra = (p.additionalProperties as string[] | undefined)?.[0] ?? '';
      return { field: sub(extra), message: 'is not a known field', code: 'VALIDATION_FAILED' };
    }
    case 'boolean':
      return { field: at, message: 'is not a known field', code: 'VALIDATION_FAILED' };
    case 'enum':
      return {
        field: at,
        message: `must be one of ${(p.allowedValues as unknown[]).join(', ')}`,
        code: 'VALIDATION_FAILED',
      };
    case 'pattern':
      return { field: at, message: PATTERN_MEANING[p.pattern as string] ?? issue.message, code: 'VALIDATION_FAILED' };
    case 'format':
      return {
        field: at,
        message:
          p.format === 'date-time'
            ? 'must be an ISO-8601 date-time (e.g. 2026-01-02T03:04:05Z)'
            : `must be a ${String(p.format)}`,
        code: 'VALIDATION_FAILED',
      };
    case '~refine': {
      const { code, message } = codeOfMessage(String(p.message ?? issue.message));
      return { field: at, message, code: code ?? 'VALIDATION_FAILED' };
    }
    default:
      return { field: at, message: issue.message, code: 'VALIDATION_FAILED' };
  }
}

/** The first problem of a value against a schema, as the EngramError every API answers with (null when valid). */
export function problemOf(schema: TSchema, value: unknown, where?: string): EngramError | null {
  const v = validatorOf(schema);
  if (v.Check(value)) return null;
  const [first] = v.Errors(value) as Issue[];
  const { field, message, code } = first
    ? describe(first)
    : { field: '', message: 'is invalid', code: 'VALIDATION_FAILED' as const };
  const name = field || where || 'body';
  return new EngramError(code, `${name}: ${message}`, { details: { field: name, ...(where ? { in: where } : {}) } });
}

/** The value, typed by its schema, or the EngramError that refuses it (VALIDATION_FAILED / CONTENT_TOO_LARGE, details.field). */
export function check<T extends TSchema>(schema: T, value: unknown, where?: string): Static<T> {
  const err = problemOf(schema, value, where);
  if (err) throw err;
  return value as Static<T>;
}
