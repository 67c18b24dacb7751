import { join } from 'node:path';
import { EngramError, SEARCH_ANALYZER, searchTerms, type IndexedDocMeta, type IndexFilter, type ScoredId, type TextIndex } from '@engram/core';
import { readFileIfExists, writeFileAtomic } from './atomic-file';
import { matchesFilter, partitionKey } from './scope-match';

/**
 * R2: Okapi BM25 parameters. b is below the textbook 0.75: chat messages and facts are short and
 * of similar length, and weaker length normalization measured better (docs/benchmarks.md).
 */
const K1 = 1.2;
const B = 0.4;
const SNAPSHOT_FILE = 'text-index.json';
const SNAPSHOT_VERSION = 2;
/** Snapshots of version 1 hold unstemmed terms: dropped, so the projector rebuilds from the log. */
const REBUILT_VERSIONS = new Set([1]);

interface Doc {
  id: string;
  meta: IndexedDocMeta;
  length: number;
  tf: Map<string, number>;
}

/** One tenant + user: its own postings, document count and average length. */
interface Partition {
  docs: Map<string, Doc>;
  postings: Map<string, Map<string, number>>;
  totalLength: number;
}

export interface TermStats {
  docCount: number;
  /** Documents of the partition containing each asked term. */
  df: Map<string, number>;
}

export interface LocalTextIndex extends TextIndex {
  /** Document frequencies within one tenant + user (the token gate's "very common" test); terms as `searchTerms` gives them. */
  termStats(scope: { tenantId: string; userId: string }, terms: string[]): Promise<TermStats>;
  /** Writes the whole index and the caller's checkpoint atomically; no-op without a dir. */
  snapshot(checkpoint: unknown): Promise<void>;
  /** The checkpoint of the snapshot last loaded or saved (null when none). */
  loadedCheckpoint(): unknown;
  /** Number of indexed documents (all partitions). */
  size(): number;
}

interface SnapshotFile {
  version: number;
  /** SEARCH_ANALYZER of the stored terms; another one means the snapshot is not reused. */
  analyzer?: string;
  checkpoint: unknown;
  docs: Array<[id: string, meta: IndexedDocMeta, length: number, terms: string[], tfs: number[]]>;
}

export async function createLocalTextIndex(opts: { dir?: string } = {}): Promise<LocalTextIndex> {
  const partitions = new Map<string, Partition>();
  const partitionOf = new Map<string, string>();
  let checkpoint: unknown = null;
  let closed = false;

  const partitionFor = (key: string): Partition => {
    let p = partitions.get(key);
    if (!p) {
      p = { docs: new Map(), postings: new Map(), totalLength: 0 };
      partitions.set(key, p);
    }
    return p;
  };

  const remove = (id: string) => {
    const key = partitionOf.get(id);
    if (key === undefined) return;
    partitionOf.delete(id);
    const p = partitions.get(key);
    const doc = p?.docs.get(id);
    if (!p || !doc) return;
    for (const term of doc.tf.keys()) {
      const postings = p.postings.get(term);
      postings?.delete(id);
      if (postings && postings.size === 0) p.postings.delete(term);
    }
    p.docs.delete(id);
    p.totalLength -= doc.length;
    if (p.docs.size === 0) partitions.delete(key);
  };

  const add = (doc: Doc) => {
    const key = partitionKey(doc.meta.tenantId, doc.meta.userId);
    const p = partitionFor(key);
    p.docs.set(doc.id, doc);
    p.totalLength += doc.length;
    partitionOf.set(doc.id, key);
    for (const [term, n] of doc.tf) {
      let postings = p.postings.get(term);
      if (!postings) {
        postings = new Map();
        p.postings.set(term, postings);
      }
      postings.set(doc.id, n);
    }
  };

  const assertOpen = () => {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the text index is closed');
  };

  const snapshotPath = opts.dir === undefined ? null : join(opts.dir, SNAPSHOT_FILE);
  if (snapshotPath) {
    const bytes = await readFileIfExists(snapshotPath);
    if (bytes) {
      let file: SnapshotFile;
      try {
        file = JSON.parse(bytes.toString('utf8')) as SnapshotFile;
      } catch (e) {
        throw new EngramError('INDEX_UNAVAILABLE', `text index snapshot ${snapshotPath} is not valid JSON`, { cause: e });
      }
      const stale = REBUILT_VERSIONS.has(file.version) || (file.version === SNAPSHOT_VERSION && file.analyzer !== SEARCH_ANALYZER);
      if (!stale && file.version !== SNAPSHOT_VERSION) throw new EngramError('INDEX_UNAVAILABLE', `text index snapshot version ${file.version} is not supported`);
      // A stale snapshot loads as empty with no checkpoint: the search-index projector then replays the log.
      if (!stale) {
        for (const [id, meta, length, terms, tfs] of file.docs) {
          add({ id, meta, length, tf: new Map(terms.map((t, i) => [t, tfs[i]!])) });
        }
        checkpoint = file.checkpoint;
      }
    }
  }

  return {
    async upsert(docs) {
      assertOpen();
      for (const d of docs) {
        if (!d.id) throw new EngramError('VALIDATION_FAILED', 'an indexed document needs an id');
        remove(d.id);
        const tokens = searchTerms(d.text);
        const tf = new Map<string, number>();
        for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
        add({ id: d.id, meta: { ...d.meta, tags: [...d.meta.tags] }, length: tokens.length, tf });
      }
    },

    async delete(ids) {
      assertOpen();
      for (const id of ids) remove(id);
    },

    async search(query: string, filter: IndexFilter, k: number): Promise<ScoredId[]> {
      assertOpen();
      if (k <= 0) return [];
      const p = partitions.get(partitionKey(filter.scope.tenantId, filter.scope.userId));
      if (!p) return [];
      const n = p.docs.size;
      const avgdl = p.totalLength / n || 1;
      const scores = new Map<string, number>();
      for (const term of new Set(searchTerms(query))) {
        const postings = p.postings.get(term);
        if (!postings) continue;
        const df = postings.size;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        for (const [id, tf] of postings) {
          const doc = p.docs.get(id)!;
          const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * doc.length) / avgdl));
          scores.set(id, (scores.get(id) ?? 0) + s);
        }
      }
      const out: ScoredId[] = [];
      for (const [id, score] of scores) if (matchesFilter(p.docs.get(id)!.meta, filter)) out.push({ id, score });
      out.sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      return out.slice(0, k);
    },

    async termStats(scope, terms) {
      const p = partitions.get(partitionKey(scope.tenantId, scope.userId));
      const df = new Map<string, number>();
      for (const t of terms) df.set(t, p?.postings.get(t)?.size ?? 0);
      return { docCount: p?.docs.size ?? 0, df };
    },

    async snapshot(cp: unknown) {
      assertOpen();
      if (!snapshotPath) {
        checkpoint = cp;
        return;
      }
      const docs: SnapshotFile['docs'] = [];
      for (const p of partitions.values()) {
        for (const d of p.docs.values()) docs.push([d.id, d.meta, d.length, [...d.tf.keys()], [...d.tf.values()]]);
      }
      const file: SnapshotFile = { version: SNAPSHOT_VERSION, analyzer: SEARCH_ANALYZER, checkpoint: cp, docs };
      await writeFileAtomic(snapshotPath, [Buffer.from(JSON.stringify(file), 'utf8')]);
      checkpoint = cp;
    },

    loadedCheckpoint: () => checkpoint,
    size: () => partitionOf.size,

    async close() {
      closed = true;
    },
  };
}
