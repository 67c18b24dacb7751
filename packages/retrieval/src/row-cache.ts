/** A value read from an SQL row, with the row version it was read at (Postgres' `xmin`). */
export interface VersionedRow<T> {
  version: string;
  value: T;
}

/**
 * Values earlier reads took from SQL rows, least recently used first out. It needs no
 * invalidation when the reader only takes a value again while the row still has the version it
 * was read at (every UPDATE writes a new row version, so a new `xmin`), checked in the database
 * itself: also right when another process writes the rows.
 */
export class RowCache<T> {
  private readonly rows = new Map<string, VersionedRow<T>>();

  constructor(private readonly max: number) {}

  get size(): number {
    return this.rows.size;
  }

  get(id: string): VersionedRow<T> | undefined {
    const hit = this.rows.get(id);
    if (hit) {
      this.rows.delete(id);
      this.rows.set(id, hit);
    }
    return hit;
  }

  set(id: string, version: string, value: T): void {
    this.rows.delete(id);
    this.rows.set(id, { version, value });
    if (this.rows.size > this.max) this.rows.delete(this.rows.keys().next().value!);
  }
}
