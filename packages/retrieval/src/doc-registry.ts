/**
 * Which indexed documents belong to which stream (tenant/user) and which memory key, so a forget by
 * key or of a whole user can delete exactly those documents from any index backend. Saved with the
 * search-index checkpoint.
 */
export interface DocRegistryJson {
  streams: Record<string, string[]>;
  keys: Record<string, Record<string, string[]>>;
}

export class DocRegistry {
  private readonly streams = new Map<string, Set<string>>();
  private readonly keys = new Map<string, Map<string, Set<string>>>();
  private readonly where = new Map<string, { stream: string; key: string | null }>();

  add(stream: string, id: string, key: string | null): void {
    this.remove(id);
    let ids = this.streams.get(stream);
    if (!ids) this.streams.set(stream, (ids = new Set()));
    ids.add(id);
    if (key !== null) {
      let byKey = this.keys.get(stream);
      if (!byKey) this.keys.set(stream, (byKey = new Map()));
      let keyed = byKey.get(key);
      if (!keyed) byKey.set(key, (keyed = new Set()));
      keyed.add(id);
    }
    this.where.set(id, { stream, key });
  }

  remove(id: string): void {
    const w = this.where.get(id);
    if (!w) return;
    this.where.delete(id);
    const ids = this.streams.get(w.stream);
    ids?.delete(id);
    if (ids?.size === 0) this.streams.delete(w.stream);
    if (w.key !== null) {
      const byKey = this.keys.get(w.stream);
      const keyed = byKey?.get(w.key);
      keyed?.delete(id);
      if (keyed?.size === 0) byKey!.delete(w.key);
      if (byKey?.size === 0) this.keys.delete(w.stream);
    }
  }

  has(id: string): boolean {
    return this.where.has(id);
  }

  idsOfKey(stream: string, key: string): string[] {
    return [...(this.keys.get(stream)?.get(key) ?? [])];
  }

  idsOfStream(stream: string): string[] {
    return [...(this.streams.get(stream) ?? [])];
  }

  get size(): number {
    return this.where.size;
  }

  toJSON(): DocRegistryJson {
    const streams: DocRegistryJson['streams'] = {};
    for (const [s, ids] of this.streams) streams[s] = [...ids];
    const keys: DocRegistryJson['keys'] = {};
    for (const [s, byKey] of this.keys) {
      keys[s] = {};
      for (const [k, ids] of byKey) keys[s][k] = [...ids];
    }
    return { streams, keys };
  }

  /** Adds everything of a saved registry (a union: re-applying events later is harmless). */
  merge(json: DocRegistryJson): void {
    const keyOf = new Map<string, string>();
    for (const byKey of Object.values(json.keys ?? {}))
      for (const [k, ids] of Object.entries(byKey)) for (const id of ids) keyOf.set(id, k);
    for (const [stream, ids] of Object.entries(json.streams ?? {}))
      for (const id of ids) this.add(stream, id, keyOf.get(id) ?? null);
  }
}
