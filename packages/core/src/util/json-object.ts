/**
 * A JSON object column as the SQL drivers hand it back (an object from pg, text from a JSON
 * aggregate or an older driver): the object, or {} for anything that is not one.
 */
export function jsonObjectOf(v: unknown): Record<string, unknown> {
  if (typeof v === 'string') {
    try {
      return jsonObjectOf(JSON.parse(v));
    } catch {
      return {};
    }
  }
  return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {};
}
