import { join } from 'node:path';
import { EngramError, type IndexedDocMeta, type IndexFilter, type ScoredId, type VectorIndex } from '@engram/core';
import { readFileIfExists, writeFileAtomic } from './atomic-file';
import { matchesFilter, partitionKey } from './scope-match';

const SNAPSHOT_FILE = 'vector-index.bin';
const SNAPSHOT_VERSION = 1;

/**
 * Vectors of one model_id and one tenant + user, stored unit-length in one growable Float32Array
 * so a search is a linear scan of dot products over contiguous memory.
 */
interface Block {
  modelId: string;
  partition: string;
  dims: number;
  ids: string[];
  metas: IndexedDocMeta[];
  data: Float32Array;
}

interface Slot {
  block: Block;
  index: number;
}

export interface LocalVectorIndex extends VectorIndex {
  /** Writes every vector and the caller's checkpoint atomically; no-op without a dir. */
  snapshot(checkpoint: unknown): Promise<void>;
  /** The checkpoint of the snapshot last loaded or saved (null when none). */
  loadedCheckpoint(): unknown;
  size(): number;
}

interface SnapshotHeader {
  version: number;
  checkpoint: unknown;
  blocks: Array<{ modelId: string; dims: number; ids: string[]; metas: IndexedDocMeta[] }>;
}

/** Dot product with four accumulators (lets the JIT pipeline the multiply-adds). */
export function dot(a: Float32Array, aOff: number, b: Float32Array, n: number): number {
  let s0 = 0;
  let s1 = 0;
  let s2 = 0;
  let s3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    s0 += a[aOff + i]! * b[i]!;
    s1 += a[aOff + i + 1]! * b[i + 1]!;
    s2 += a[aOff + i + 2]! * b[i + 2]!;
    s3 += a[aOff + i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) s0 += a[aOff + i]! * b[i]!;
  return s0 + s1 + s2 + s3;
}

function unit(v: Float32Array): Float32Array {
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
  const out = new Float32Array(v.length);
  if (sq === 0) return out;
  const inv = 1 / Math.sqrt(sq);
  for (let i = 0; i < v.length; i++) out[i] = v[i]! * inv;
  return out;
}

export async function createLocalVectorIndex(opts: { dir?: string } = {}): Promise<LocalVectorIndex> {
  /** modelId → partition → block */
  const models = new Map<string, Map<string, Block>>();
  const slots = new Map<string, Slot>();
  let checkpoint: unknown = null;
  let closed = false;

  const blockFor = (modelId: string, partition: string, dims: number): Block => {
    let parts = models.get(modelId);
    if (!parts) {
      parts = new Map();
      models.set(modelId, parts);
    }
    let block = parts.get(partition);
    if (!block) {
      block = { modelId, partition, dims, ids: [], metas: [], data: new Float32Array(dims * 16) };
      parts.set(partition, block);
    }
    if (block.dims !== dims) {
      throw new EngramError('VALIDATION_FAILED', `model ${modelId} has ${block.dims}-dimensional vectors, got ${dims}`);
    }
    return block;
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
    slots.set(id, { block, index });
  };

  /** Swap-remove: the last vector moves into the freed slot. */
  const remove = (id: string) => {
    const slot = slots.get(id);
    if (!slot) return;
    slots.delete(id);
    const { block, index } = slot;
    const last = block.ids.length - 1;
    if (index !== last) {
      block.data.copyWithin(index * block.dims, last * block.dims, (last + 1) * block.dims);
      block.ids[index] = block.ids[last]!;
      block.metas[index] = block.metas[last]!;
      slots.set(block.ids[index]!, { block, index });
    }
    block.ids.pop();
    block.metas.pop();
    if (block.ids.length === 0) {
      const parts = models.get(block.modelId)!;
      parts.delete(block.partition);
      if (parts.size === 0) models.delete(block.modelId);
    }
  };

  const assertOpen = () => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the vector index is closed');
  };

  const snapshotPath = opts.dir === undefined ? null : join(opts.dir, SNAPSHOT_FILE);
  if (snapshotPath) {
    const bytes = await readFileIfExists(snapshotPath);
    if (bytes) {
      if (bytes.length < 4) throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot ${snapshotPath} is truncated`);
      const headerLen = bytes.readUInt32LE(0);
      let header: SnapshotHeader;
      try {
        header = JSON.parse(bytes.subarray(4, 4 + headerLen).toString('utf8')) as SnapshotHeader;
      } catch (e) {
        throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot ${snapshotPath} has a corrupt header`, { cause: e });
      }
      if (header.version !== SNAPSHOT_VERSION) throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot version ${header.version} is not supported`);
      // Copy into an aligned buffer: a Float32Array view needs a 4-byte aligned offset.
      const body = new Uint8Array(bytes.subarray(4 + headerLen));
      const floats = new Float32Array(body.buffer, body.byteOffset, Math.floor(body.byteLength / 4));
      let off = 0;
      for (const b of header.blocks) {
        const need = b.ids.length * b.dims;
        if (off + need > floats.length) throw new EngramError('INDEX_UNAVAILABLE', `vector index snapshot ${snapshotPath} is truncated`);
        for (let i = 0; i < b.ids.length; i++) {
          const meta = b.metas[i]!;
          const block = blockFor(b.modelId, partitionKey(meta.tenantId, meta.userId), b.dims);
          append(block, b.ids[i]!, meta, floats.subarray(off + i * b.dims, off + (i + 1) * b.dims));
        }
        off += need;
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
        remove(d.id);
        const block = blockFor(d.modelId, partitionKey(d.meta.tenantId, d.meta.userId), d.vector.length);
        append(block, d.id, { ...d.meta, tags: [...d.meta.tags] }, unit(d.vector));
      }
    },

    async delete(ids) {
      assertOpen();
      for (const id of ids) remove(id);
    },

    async search(vector, modelId, filter: IndexFilter, k): Promise<ScoredId[]> {
      assertOpen();
      if (k <= 0) return [];
      const block = models.get(modelId)?.get(partitionKey(filter.scope.tenantId, filter.scope.userId));
      if (!block) return [];
      if (vector.length !== block.dims) {
        throw new EngramError('VALIDATION_FAILED', `query vector has ${vector.length} dimensions, model ${modelId} has ${block.dims}`);
      }
      const q = unit(vector);
      const out: ScoredId[] = [];
      for (let i = 0; i < block.ids.length; i++) {
        if (!matchesFilter(block.metas[i]!, filter)) continue;
        out.push({ id: block.ids[i]!, score: dot(block.data, i * block.dims, q, block.dims) });
      }
      out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      return out.slice(0, k);
    },

    async staleIds(modelId, limit) {
      const out: string[] = [];
      for (const [m, parts] of models) {
        if (m === modelId) continue;
        for (const block of parts.values()) {
          for (const id of block.ids) {
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
          header.blocks.push({ modelId: b.modelId, dims: b.dims, ids: b.ids, metas: b.metas });
          const used = b.data.subarray(0, b.ids.length * b.dims);
          chunks.push(new Uint8Array(used.buffer, used.byteOffset, used.byteLength));
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
