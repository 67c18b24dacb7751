/** Conversions between SQL rows and the ISO-string shapes of the read API. */
export function isoOf(v: unknown): string {
  if (v instanceof Date) return v.toISOString();
  return new Date(String(v)).toISOString();
}

export function isoOrNull(v: unknown): string | null {
  return v == null ? null : isoOf(v);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids land in uuid columns: a malformed one would fail the statement (and stall the projector). */
export function isUuid(s: string | null | undefined): s is string {
  return typeof s === 'string' && UUID.test(s);
}
