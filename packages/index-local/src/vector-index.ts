import { join } from 'node:path';
import { EngramError, type IndexedDocMeta, type IndexFilter, type ScoredId, type VectorIndex } from '@engram/core';
import { readFileIfExists, writeFileAtomic } from './atomic-file';
import { dot } from './dot';
import { Hnsw } from './hnsw';
import { matchesFilter, partitionKey } from './scope-match';
import { TopK } from './top-k';

const SNAPSHOT_FILE = 'vector-index.bin';
/** Version 2 keeps dead slots and each block's HNSW graph; version 1 (live vectors only) still loads. */
const SNAPSHOT_VERSION = 2;
/** Partitions this large are searched through an HNSW graph; smaller ones by exact scan. */
export const ANN_MIN_VECTORS = 5000;
/** Candidate list of a graph search (at least k): recall vs exact measured in docs/benchmarks.md. */
export const ANN_EF_SEARCH = 100;
const MIN_COMPACT = 1024;

/**
 * Vectors of one model_id and one tenant + user, stored unit-length in one growable Float32Array
 * (slot i at i·dims). A removed vector leaves a dead slot (null id) until the block is compacted,
 * so the slot numbers the graph links stay valid.
 */
interface Block {
  modelId: string;
  partition: string;
  dims: number;
  ids: Array<string | null>;
  metas: Array<IndexedDocMeta | null>;
  data: Float32Array;
  live: number;
  graph: Hnsw | null;
}

interface Slot {
  block: Block;
  index: number;
}

export interface LocalVectorIndex extends VectorIndex {
  /** Exhaustive search (what the graph search approximates): benchmarks and tests compare the two. */
  searchExact(vector: Float32Array, modelId: string, filter: IndexFilter, k: number): Promise<ScoredId[]>;
  /** Writes every vector and the caller's checkpoint atomically; no-op without a dir. */
  snapshot(checkpoint: unknown): Promise<void>;
  /** The checkpoint of the snapshot last loaded or saved (null when none). */
  loadedCheckpoint(): unknown;
  size(): number;
}

interface SnapshotBlock {
  modelId: string;
  dims: number;
  ids: Array<string | null>;
  metas: Array<IndexedDocMeta | null>;
  /** Int32 words of the serialized graph after the block's vectors (0: none). */
  graphWords?: number;
}

interface SnapshotHeader {
  version: number;
  checkpoint: unknown;
  blocks: SnapshotBlock[];
}

export { dot } from './dot';

function unit(v: Float32Array): Float32Array {
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
  const out = new Float32Array(v.length);
  if (sq === 0) return out;
  const inv = 1 / Math.sqrt(sq);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * inv;
  return out;
}

const sameVector = (data: Float32Array, off: number, v: Float32Array) => {
  for (let i = 0; i < v.length; i++) if (data[off + i] !== v[i]) return false;
  return true;
};

export async function createLocalVectorIndex(
  opts: { dir?: string; annMinVectors?: number; efSearch?: number } = {},
): Promise<LocalVectorIndex> {
  const annMin = opts.annMinVectors ?? ANN_MIN_VECTORS;
  const efSearch = opts.efSearch ?? ANN_EF_SEARCH;
  /** modelId → partition → block */
  const models = new Map<string, Map<string, Block>>();
  const slots = new Map<string, Slot>();
  let checkpoint: unknown = null;
  let closed = false;

  const newBlock = (modelId: string, partition: string, dims: number): Block => ({
    modelId,
    partition,
    dims,
    ids: [],
    metas: [],
    data: new Float32Array(dims * 16),
    live: 0,
    graph: null,
  });

  const blockFor = (modelId: string, partition: string, dims: number): Block => {
    let parts = models.get(modelId);
    if (!parts) {
      parts = new Map();
      models.set(modelId, parts);
    }
    let block = parts.get(partition);
    if (!block) {
      block = newBlock(modelId, partition, dims);
      parts.set(partition, block);
    }
    if (block.dims !== dims) {
      throw new EngramError('VALIDATION_FAILED', `model ${modelId} has ${block.dims}-dimensional vectors, got ${dims}`);
    }
    return block;
  };

  const buildGraph = (block: Block) => {
    const graph = new Hnsw(block.dims, () => block.data);
    for (let i = 0; i < block.ids.length; i++) if (block.ids[i] !== null) graph.add(i);
    block.graph = graph;
  };

  const append = (block: Block, id: string, meta: IndexedDocMeta, v: Float32Array) => {
    const index = block.ids.length;
    if ((index + 1) * block.dims > block.data.length) {
      const grown = new Float32Array(Math.max(block.data.length * 2, (index + 1) * block.dims));
      grown.set(block.data);
      block.data = grown;
    }
    block.data.set(v, index * block.dims);
    block.ids.push(id);
    block.metas.push(meta);
    block.live++;
    slots.set(id, { block, index });
    if (block.graph) block.graph.add(index);
    else if (block.live >= annMin) buildGraph(block);
  };

  /** Rewrites a block without its dead slots (and rebuilds its graph): removals beyond the live count only. */
  const compact = (block: Block) => {
    const fresh = newBlock(block.modelId, block.partition, block.dims);
    models.get(block.modelId)!.set(block.partition, fresh);
    for (let i = 0; i < block.ids.length; i++) {
      const id = block.ids[i];
      if (id !== null && id !== undefined)
        append(fresh, id, block.metas[i]!, block.data.subarray(i * block.dims, (i + 1) * block.dims));
    }
  };

  const remove = (id: string) => {
    const slot = slots.get(id);
    if (!slot) return;
    slots.delete(id);
    const { block, index } = slot;
    block.ids[index] = null;
    block.metas[index] = null;
    block.live--;
    if (block.live === 0) {
      const parts = models.get(block.modelId)!;
      parts.delete(block.partition);
      if (parts.size === 0) models.delete(block.modelId);
      return;
    }
    const dead = block.ids.length - block.live;
    if (dead >= MIN_COMPACT && dead > block.live) compact(block);
  };

  const exactSearch = (block: Block, q: Float32Array, filter: IndexFilter, k: number): ScoredId[] => {
    const top = new TopK(k);
    const { ids, metas, data, dims } = block;
    for (let i = 0; i < ids.length; i++) {
      const id = ids[i];
      if (id === null || id === undefined) continue;
      const score = dot(data, i * dims, q, dims);
      if (top.admits(score) && matchesFilter(metas[i]!, filter)) top.push(id, score);
    }
    return top.sorted();
  };

  const queryBlock = (
    vector: Float32Array,
    modelId: string,
    filter: IndexFilter,
  ): { block: Block; q: Float32Array } | null => {
    const block = models.get(modelId)?.get(partitionKey(filter.scope.tenantId, filter.scope.userId));
    if (!block) return null;
    if (vector.length !== block.dims) {
      throw new EngramError(
        'VALIDATION_FAILED',
        `query vector has ${vector.length} dimensions, model ${modelId} has ${block.dims}`,
      );
    }
    return { block, q: unit(vector) };
  };

  const assertOpen = () => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the vector index is closed');
  };

  const snapshotPath = opts.dir === undefined ? null : join(opts.dir, SNAPSHOT_FILE);
  if (snapshotPath) {
    const bytes = await readFileIfExists(snapshotPath);
    if (bytes) {
      if (bytes.length < 4)
        throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot ${snapshotPath} is truncated`);
      const headerLen = bytes.readUInt32LE(0);
      let header: SnapshotHeader;
      try {
        header = JSON.parse(bytes.subarray(4, 4 + headerLen).toString('utf8')) as SnapshotHeader;
      } catch (e) {
        throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot ${snapshotPath} has a corrupt header`, {
          cause: e,
        });
      }
      if (header.version !== 1 && header.version !== SNAPSHOT_VERSION) {
        throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot version ${header.version} is not supported`);
      }
      // Copy into an aligned buffer: a Float32Array view needs a 4-byte aligned offset.
      const body = new Uint8Array(bytes.subarray(4 + headerLen));
      const floats = new Float32Array(body.buffer, body.byteOffset, Math.floor(body.byteLength / 4));
      const words = new Int32Array(body.buffer, body.byteOffset, Math.floor(body.byteLength / 4));
      const truncated = () =>
        new EngramError('INDEX_UNAVAILABLE', `vector index snapshot ${snapshotPath} is truncated`);
      let off = 0;
      for (const b of header.blocks) {
        const need = b.ids.length * b.dims;
        if (off + need > floats.length) throw truncated();
        const firstLive = b.metas.find((m) => m !== null);
        if (!firstLive) {
          off += need + (b.graphWords ?? 0);
          continue;
        }
        const block = blockFor(b.modelId, partitionKey(firstLive.tenantId, firstLive.userId), b.dims);
        if (header.version === 1 || !b.graphWords) {
          // No stored graph: appending builds one once the block is large enough.
          for (let i = 0; i < b.ids.length; i++) {
            const id = b.ids[i];
            if (id !== null && id !== undefined)
              append(block, id, b.metas[i]!, floats.subarray(off + i * b.dims, off + (i + 1) * b.dims));
          }
          off += need + (b.graphWords ?? 0);
          continue;
        }
        block.data = floats.slice(off, off + need);
        block.ids = b.ids;
        block.metas = b.metas;
        for (let i = 0; i < b.ids.length; i++) {
          const id = b.ids[i];
          if (id !== null && id !== undefined) {
            block.live++;
            slots.set(id, { block, index: i });
          }
        }
        off += need;
        if (off + b.graphWords > words.length) throw truncated();
        block.graph = Hnsw.deserialize(b.dims, () => block.data, words.subarray(off, off + b.graphWords));
        off += b.graphWords;
      }
      checkpoint = header.checkpoint;
    }
  }

  return {
    async upsert(docs) {
      assertOpen();
      for (const d of docs) {
        if (!d.id) throw new EngramError('VALIDATION_FAILED', 'an indexed vector needs an id');
        if (!d.modelId) throw new EngramError('VALIDATION_FAILED', `vector ${d.id} has no model id`);
        if (d.vector.length === 0) throw new EngramError('VALIDATION_FAILED', `vector ${d.id} is empty`);
        const v = unit(d.vector);
        const meta = { ...d.meta, tags: [...d.meta.tags] };
        const partition = partitionKey(d.meta.tenantId, d.meta.userId);
        const slot = slots.get(d.id);
        // A metadata-only change (tier, pin, …) keeps the vector and its graph node.
        if (
          slot &&
          slot.block.modelId === d.modelId &&
          slot.block.partition === partition &&
          slot.block.dims === v.length &&
          sameVector(slot.block.data, slot.index * v.length, v)
        ) {
          slot.block.metas[slot.index] = meta;
          continue;
        }
        remove(d.id);
        append(blockFor(d.modelId, partition, v.length), d.id, meta, v);
      }
    },

    async delete(ids) {
      assertOpen();
      for (const id of ids) remove(id);
    },

    async search(vector, modelId, filter: IndexFilter, k): Promise<ScoredId[]> {
      assertOpen();
      if (k <= 0) return [];
      const found = queryBlock(vector, modelId, filter);
      if (!found) return [];
      const { block, q } = found;
      if (block.graph && block.live >= annMin) {
        const { ids, metas } = block;
        const hits = block.graph.search(
          q,
          k,
          Math.max(efSearch, k),
          (i) => ids[i] != null && matchesFilter(metas[i]!, filter),
        );
        // Fewer than k means a filter kept out most of the graph: the exact scan still answers.
        if (hits.length === k) {
          return hits
            .map(([i, score]) => ({ id: ids[i]!, score }))
            .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
        }
      }
      return exactSearch(block, q, filter, k);
    },

    async searchExact(vector, modelId, filter, k) {
      assertOpen();
      if (k <= 0) return [];
      const found = queryBlock(vector, modelId, filter);
      return found ? exactSearch(found.block, found.q, filter, k) : [];
    },

    async staleIds(modelId, limit) {
      const out: string[] = [];
      for (const [m, parts] of models) {
        if (m === modelId) continue;
        for (const block of parts.values()) {
          for (const id of block.ids) {
            if (id === null) continue;
            if (out.length >= limit) return out;
            out.push(id);
          }
        }
      }
      return out;
    },

    async snapshot(cp: unknown) {
      assertOpen();
      if (!snapshotPath) {
        checkpoint = cp;
        return;
      }
      const header: SnapshotHeader = { version: SNAPSHOT_VERSION, checkpoint: cp, blocks: [] };
      const chunks: Uint8Array[] = [];
      for (const parts of models.values()) {
        for (const b of parts.values()) {
          const graph = b.graph?.serialize(b.ids.length);
          header.blocks.push({
            modelId: b.modelId,
            dims: b.dims,
            ids: b.ids,
            metas: b.metas,
            graphWords: graph?.length ?? 0,
          });
          const used = b.data.subarray(0, b.ids.length * b.dims);
          chunks.push(new Uint8Array(used.buffer, used.byteOffset, used.byteLength));
          if (graph) chunks.push(new Uint8Array(graph.buffer, graph.byteOffset, graph.byteLength));
        }
      }
      const headerBytes = Buffer.from(JSON.stringify(header), 'utf8');
      const len = Buffer.alloc(4);
      len.writeUInt32LE(headerBytes.length, 0);
      await writeFileAtomic(snapshotPath, [len, headerBytes, ...chunks]);
      checkpoint = cp;
    },

    loadedCheckpoint: () => checkpoint,
    size: () => slots.size,

    async close() {
      closed = true;
    },
  };
}
