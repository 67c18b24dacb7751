export type Row = unknown[];

/** An aggregated json_agg column (as text): its row arrays, none for SQL NULL. */
export const rowsOf = (v: unknown): Row[] =>
  typeof v === 'string' ? (JSON.parse(v) as Row[]) : Array.isArray(v) ? (v as Row[]) : [];
