/** Conversions between SQL rows and the ISO-string shapes of the read API. */
export function isoOf(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  return new Date(String(v)).toISOString();
}

export function isoOrNull(v: unknown): string | null {
  return v == null ? null : isoOf(v);
}

/** Ids land in uuid columns: a malformed one would fail the statement, so projectors skip it. */
export { isUuid } from '@engram/core';
