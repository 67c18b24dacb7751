import { utf8Length } from '@engram/contract';
import { EngramError, entityTerms, parsePosition, type LogPosition } from '@engram/core';

/**
 * Domain rules over inputs already checked against their @engram/contract shape by the transport
 * (HTTP, gRPC): what a schema cannot say (one field depends on another) and the normal forms the
 * events store.
 */

export function invalid(field: string, message: string): EngramError {
  return new EngramError('VALIDATION_FAILED', `${field}: ${message}`, { details: { field } });
}

/** An ISO timestamp in the one form events store (UTC, milliseconds); null when absent. */
export function normalTime(value: string | null | undefined): string | null {
  return value == null ? null : new Date(Date.parse(value)).toISOString();
}

/** limits.maxContentBytes is configuration, so the size of content is the app's rule, not the schema's. */
export function contentWithin(content: string, maxBytes: number, field = 'content'): string {
  const bytes = utf8Length(content);
  if (bytes > maxBytes) {
    throw new EngramError('CONTENT_TOO_LARGE', `${field} is ${bytes} bytes; the limit is ${maxBytes} bytes of UTF-8`, {
      details: { field, bytes, maxBytes },
    });
  }
  return content;
}

export function uniqueTags(tags: readonly string[] | undefined): string[] {
  return tags ? [...new Set(tags)] : [];
}

/** R9 entity filter: each name needs a letter or digit to match on (the tokenizer's view, not a pattern). */
export function entityFilter(value: readonly string[] | undefined, field = 'entities'): string[] | undefined {
  if (!value || value.length === 0) return undefined;
  value.forEach((name, i) => {
    if (entityTerms(name).length === 0) throw invalid(`${field}[${i}]`, 'must contain a letter or digit');
  });
  return [...new Set(value)];
}

export function positionOf(value: string | undefined): LogPosition | null {
  return value === undefined ? null : parsePosition(value);
}
