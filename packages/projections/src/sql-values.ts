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

/** `($1, …, $n), ($n+1, …)`: the VALUES list of a multi-row statement of `rows` rows of `columns` parameters. */
export function valuesList(rows: number, columns: number): string {
  const out: string[] = [];
  for (let r = 0; r < rows; r++) {
    const base = r * columns;
    out.push(`(${Array.from({ length: columns }, (_, c) => `$${base + c + 1}`).join(', ')})`);
  }
  return out.join(', ');
}
