import { EngramError, type IndexFilter, type ScoredId, type VectorIndex } from '@engram/core';
import { QdrantClient } from '@qdrant/js-client-rest';
import { assertValidPrefix, collectionNameFor, DEFAULT_COLLECTION_PREFIX, isOwnCollection } from './collection-name';
import { PAYLOAD_INDEXES, payloadOf, qdrantFilterOf } from './filter';
import { pointIdFor } from './point-id';

export interface QdrantVectorIndexOptions {
  url: string;
  apiKey?: string;
  /** Every collection of this index starts with it; two indexes must not share one prefix. */
  collectionPrefix?: string;
  /** Vector size of the collections this index creates (the embedder's dimensions). */
  dimensions: number;
  /** Request timeout in ms (client default otherwise). */
  timeoutMs?: number;
}

export interface QdrantVectorIndex extends VectorIndex {
  /** The collection that holds vectors of a model id. */
  collectionFor(modelId: string): string;
  /** Collections owned by this index (its prefix). */
  collections(): Promise<string[]>;
  /** Drops every collection of this index (tests, full re-index). */
  dropAll(): Promise<void>;
}

type UpsertDoc = Parameters<VectorIndex['upsert']>[0][number];

const SCROLL_PAGE = 256;

function unavailable(what: string, e: unknown): EngramError {
  if (e instanceof EngramError) return e;
  return new EngramError('INDEX_UNAVAILABLE', `qdrant ${what} failed: ${(e as Error)?.message ?? String(e)}`, {
    cause: e,
  });
}

export function createQdrantVectorIndex(opts: QdrantVectorIndexOptions): QdrantVectorIndex {
  const prefix = opts.collectionPrefix ?? DEFAULT_COLLECTION_PREFIX;
  try {
    assertValidPrefix(prefix);
  } catch (e) {
    throw new EngramError('CONFIG_INVALID', (e as Error).message);
  }
  if (!Number.isSafeInteger(opts.dimensions) || opts.dimensions < 1) {
    throw new EngramError('CONFIG_INVALID', `qdrant dimensions must be a positive integer, got ${opts.dimensions}`);
  }
  const client = new QdrantClient({
    url: opts.url,
    ...(opts.apiKey ? { apiKey: opts.apiKey } : {}),
    ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
    checkCompatibility: false,
  });
  const ensured = new Map<string, Promise<void>>();
  let closed = false;

  const call = async <T>(what: string, fn: () => Promise<T>): Promise<T> => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'qdrant vector index is closed');
    try {
      return await fn();
    } catch (e) {
      throw unavailable(what, e);
    }
  };

  const collectionFor = (modelId: string): string => {
    if (typeof modelId !== 'string' || modelId.length === 0)
      throw new EngramError('VALIDATION_FAILED', 'modelId must be a non-empty string');
    return collectionNameFor(prefix, modelId);
  };

  const createCollection = async (name: string): Promise<void> => {
    const { exists } = await client.collectionExists(name);
    if (!exists) {
      try {
        await client.createCollection(name, { vectors: { size: opts.dimensions, distance: 'Cosine' } });
      } catch (e) {
        // Another process may have created it between the check and the create.
        if (!(await client.collectionExists(name)).exists) throw e;
      }
    }
    for (const { field, schema } of PAYLOAD_INDEXES) {
      await client.createPayloadIndex(name, { field_name: field, field_schema: schema, wait: true });
    }
  };

  const ensureCollection = (name: string): Promise<void> => {
    let p = ensured.get(name);
    if (!p) {
      p = createCollection(name);
      ensured.set(name, p);
      p.catch(() => ensured.delete(name));
    }
    return p;
  };

  const listOwn = async (): Promise<string[]> => {
    const { collections } = await client.getCollections();
    return collections
      .map((c) => c.name)
      .filter((n) => isOwnCollection(prefix, n))
      .sort();
  };

  const checkVector = (v: Float32Array, what: string) => {
    if (v.length !== opts.dimensions) {
      throw new EngramError(
        'VALIDATION_FAILED',
        `${what}: vector has ${v.length} dimensions, the index expects ${opts.dimensions}`,
      );
    }
    if (!v.every(Number.isFinite))
      throw new EngramError('VALIDATION_FAILED', `${what}: vector has a non-finite component`);
  };

  const deletePoints = async (collections: string[], pointIds: string[]) => {
    for (const name of collections) await client.delete(name, { wait: true, points: pointIds });
  };

  return {
    collectionFor,

    collections: () => call('list collections', listOwn),

    async upsert(docs: UpsertDoc[]) {
      if (docs.length === 0) return;
      for (const d of docs) {
        checkVector(d.vector, `upsert ${d.id}`);
        collectionFor(d.modelId);
      }
      // The last write of an id in one batch wins, as with repeated upserts.
      const latest = new Map<string, UpsertDoc>();
      for (const d of docs) latest.set(d.id, d);
      const byModel = new Map<string, UpsertDoc[]>();
      for (const d of latest.values()) {
        const group = byModel.get(d.modelId) ?? [];
        group.push(d);
        byModel.set(d.modelId, group);
      }
      await call('upsert', async () => {
        const existing = await listOwn();
        for (const [modelId, group] of byModel) {
          const name = collectionFor(modelId);
          await ensureCollection(name);
          const pointIds = group.map((d) => pointIdFor(d.id));
          await client.upsert(name, {
            wait: true,
            points: group.map((d, i) => ({
              id: pointIds[i]!,
              vector: Array.from(d.vector),
              payload: payloadOf(d.id, modelId, d.meta),
            })),
          });
          // One vector per document: re-embedding under a new model moves it out of the old space.
          await deletePoints(
            existing.filter((n) => n !== name),
            pointIds,
          );
        }
      });
    },

    async delete(ids: string[]) {
      if (ids.length === 0) return;
      const pointIds = [...new Set(ids.map(pointIdFor))];
      await call('delete', async () => deletePoints(await listOwn(), pointIds));
    },

    async search(vector: Float32Array, modelId: string, filter: IndexFilter, k: number): Promise<ScoredId[]> {
      checkVector(vector, 'search');
      const limit = Math.floor(k);
      if (!(limit > 0)) return [];
      const name = collectionFor(modelId);
      return call('search', async () => {
        if (!ensured.has(name) && !(await client.collectionExists(name)).exists) return [];
        const res = await client.query(name, {
          query: Array.from(vector),
          filter: qdrantFilterOf(filter),
          limit,
          with_payload: ['docId'],
        });
        return res.points.map((p) => ({
          id: String((p.payload as { docId?: unknown } | null | undefined)?.docId ?? p.id),
          score: p.score,
        }));
      });
    },

    async staleIds(modelId: string, max: number): Promise<string[]> {
      const limit = Math.floor(max);
      if (!(limit > 0)) return [];
      const current = collectionFor(modelId);
      return call('staleIds', async () => {
        const out: string[] = [];
        for (const name of await listOwn()) {
          if (name === current) continue;
          let offset: string | number | Record<string, unknown> | null | undefined;
          do {
            const page = await client.scroll(name, {
              limit: Math.min(SCROLL_PAGE, limit - out.length),
              with_payload: ['docId'],
              with_vector: false,
              ...(offset != null ? { offset: offset as string | number } : {}),
            });
            for (const p of page.points)
              out.push(String((p.payload as { docId?: unknown } | null | undefined)?.docId ?? p.id));
            offset = page.next_page_offset;
          } while (offset != null && out.length < limit);
          if (out.length >= limit) break;
        }
        return out.slice(0, limit);
      });
    },

    async dropAll() {
      await call('drop collections', async () => {
        for (const name of await listOwn()) await client.deleteCollection(name);
        ensured.clear();
      });
    },

    async close() {
      closed = true;
      ensured.clear();
    },
  };
}
