import { mkdir, open, readFile, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { EngramError, type EmbeddingCache } from '@engram/core';

const FILE = 'embeddings.journal';
const MAGIC = Buffer.from('ENGEMB01', 'ascii');

/**
 * The embedding cache as an append-only journal next to the vector index snapshot. Each record:
 * u32 bodyLength | u32 crc32(body) | body = u16 modelIdLength | modelId | 32-byte digest (sha256 of the text) | u32 dims | float32 × dims.
 * A torn or damaged tail (a crash mid-append) ends the load there; everything before it is kept.
 * Appends are not fsynced: a process crash keeps them (page cache), a power loss only costs re-embedding.
 */
export async function openEmbeddingJournal(dir: string): Promise<EmbeddingCache> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, FILE);
  const byModel = new Map<string, Map<string, Float32Array>>();
  let size = 0;
  const remember = (modelId: string, digest: string, v: Float32Array) => {
    let m = byModel.get(modelId);
    if (!m) byModel.set(modelId, (m = new Map()));
    if (!m.has(digest)) size++;
    m.set(digest, v);
  };

  let validBytes = MAGIC.length;
  let bytes: Buffer | null = null;
  try {
    bytes = await readFile(path);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT')
      throw new EngramError('INDEX_UNAVAILABLE', `cannot read ${path}: ${(e as Error).message}`, { cause: e });
  }
  if (bytes && bytes.length >= MAGIC.length && bytes.subarray(0, MAGIC.length).equals(MAGIC)) {
    let at = MAGIC.length;
    while (at + 8 <= bytes.length) {
      const len = bytes.readUInt32LE(at);
      if (len < 38 || at + 8 + len > bytes.length) break;
      const body = bytes.subarray(at + 8, at + 8 + len);
      if (crc32(body) !== bytes.readUInt32LE(at + 4)) break;
      const idLen = body.readUInt16LE(0);
      const modelId = body.toString('utf8', 2, 2 + idLen);
      const digest = body.toString('hex', 2 + idLen, 2 + idLen + 32);
      const dims = body.readUInt32LE(2 + idLen + 32);
      const start = 2 + idLen + 36;
      if (start + dims * 4 !== body.length) break;
      const v = new Float32Array(dims);
      for (let i = 0; i < dims; i++) v[i] = body.readFloatLE(start + i * 4);
      remember(modelId, digest, v);
      at += 8 + len;
    }
    validBytes = at;
  }
  const fh: FileHandle = await open(path, bytes && validBytes > MAGIC.length ? 'r+' : 'w+');
  if (!bytes || validBytes === MAGIC.length) {
    await fh.truncate(0);
    await fh.write(MAGIC, 0, MAGIC.length, 0);
  } else if (validBytes < bytes.length) {
    await fh.truncate(validBytes);
  }
  let end = validBytes;
  let closed = false;

  return {
    async get(modelId, digests) {
      const m = byModel.get(modelId);
      return digests.map((d) => m?.get(d));
    },
    async put(modelId, entries) {
      if (closed || entries.length === 0) return;
      const id = Buffer.from(modelId, 'utf8');
      const chunks: Buffer[] = [];
      for (const [digest, v] of entries) {
        const body = Buffer.alloc(2 + id.length + 32 + 4 + v.length * 4);
        body.writeUInt16LE(id.length, 0);
        id.copy(body, 2);
        Buffer.from(digest, 'hex').copy(body, 2 + id.length);
        body.writeUInt32LE(v.length, 2 + id.length + 32);
        for (let i = 0; i < v.length; i++) body.writeFloatLE(v[i]!, 2 + id.length + 36 + i * 4);
        const head = Buffer.alloc(8);
        head.writeUInt32LE(body.length, 0);
        head.writeUInt32LE(crc32(body), 4);
        chunks.push(head, body);
        remember(modelId, digest, v);
      }
      const buf = Buffer.concat(chunks);
      await fh.write(buf, 0, buf.length, end);
      end += buf.length;
    },
    async clear() {
      byModel.clear();
      size = 0;
      if (closed) return;
      await fh.truncate(MAGIC.length);
      end = MAGIC.length;
    },
    get size() {
      return size;
    },
    async close() {
      if (closed) return;
      closed = true;
      await fh.close();
    },
  };
}
