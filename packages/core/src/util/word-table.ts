/**
 * A lookup table keyed by words taken from user text. It has no prototype, so a word such as
 * "constructor" or "toString" finds nothing instead of Object.prototype's function.
 */
export function wordTable<V>(entries: Readonly<Record<string, V>>): Readonly<Record<string, V>> {
  return Object.freeze(Object.assign(Object.create(null) as Record<string, V>, entries));
}
