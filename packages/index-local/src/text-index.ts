import { join } from 'node:path';
import { EngramError, SEARCH_ANALYZER, type IndexedDocMeta, type IndexFilter, type ScoredId, type TextIndex } from '@engram/core';
import { readFileIfExists, writeFileAtomic } from './atomic-file';
import { cachedSearchTerms } from './cached-terms';
import { matchesFilter, partitionKey } from './scope-match';
import { TopK } from './top-k';

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
  terms: string[];
  tfs: number[];
}

/** One term's documents as parallel growable arrays of slots and term frequencies; slots of removed documents stay until compaction. */
interface Posting {
  slots: Int32Array;
  tfs: Int32Array;
  size: number;
  /** Live documents in the list: the term's document frequency. */
  df: number;
}

/**
 * One tenant + user: its own postings, document count and average length. Documents live in dense
 * slots so scoring runs over typed arrays; a removed document leaves a dead slot (null in `docs`),
 * and the partition is compacted once dead slots outnumber live ones.
 */
interface Partition {
  docs: Array<Doc | null>;
  lengths: Float64Array;
  slotOf: Map<string, number>;
  postings: Map<string, Posting>;
  totalLength: number;
  dead: number;
  /** Per-slot score accumulator reused across searches (zeroed after each). */
  scores: Float64Array;
}

const MIN_COMPACT = 1024;

function newPartition(): Partition {
  return { docs: [], lengths: new Float64Array(64), slotOf: new Map(), postings: new Map(), totalLength: 0, dead: 0, scores: new Float64Array(64) };
}

function grow<T extends Int32Array | Float64Array>(a: T, need: number): T {
  if (need <= a.length) return a;
  const out = new (a.constructor as new (n: number) => T)(Math.max(need, a.length * 2));
  out.set(a);
  return out;
}

function addToPartition(p: Partition, doc: Doc): void {
  const slot = p.docs.length;
  p.docs.push(doc);
  p.lengths = grow(p.lengths, slot + 1);
  p.lengths[slot] = doc.length;
  p.slotOf.set(doc.id, slot);
  p.totalLength += doc.length;
  for (let i = 0; i < doc.terms.length; i++) {
    const term = doc.terms[i]!;
    let posting = p.postings.get(term);
    if (!posting) {
      posting = { slots: new Int32Array(4), tfs: new Int32Array(4), size: 0, df: 0 };
      p.postings.set(term, posting);
    }
    posting.slots = grow(posting.slots, posting.size + 1);
    posting.tfs = grow(posting.tfs, posting.size + 1);
    posting.slots[posting.size] = slot;
    posting.tfs[posting.size] = doc.tfs[i]!;
    posting.size++;
    posting.df++;
  }
}

/** Rebuilds the partition from its live documents, in slot order (so scores and ties are unchanged). */
function compact(p: Partition): Partition {
  const fresh = newPartition();
  for (const d of p.docs) if (d) addToPartition(fresh, d);
  return fresh;
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

  const remove = (id: string) => {
    const key = partitionOf.get(id);
    if (key === undefined) return;
    partitionOf.delete(id);
    const p = partitions.get(key);
    const slot = p?.slotOf.get(id);
    if (!p || slot === undefined) return;
    const doc = p.docs[slot]!;
    p.slotOf.delete(id);
    p.docs[slot] = null;
    p.dead++;
    p.totalLength -= doc.length;
    for (const term of doc.terms) {
      const posting = p.postings.get(term)!;
      // The list keeps the dead slot; a term no live document holds goes entirely.
      if (--posting.df === 0) p.postings.delete(term);
    }
    if (p.slotOf.size === 0) partitions.delete(key);
    else if (p.dead >= MIN_COMPACT && p.dead > p.slotOf.size) partitions.set(key, compact(p));
  };

  const add = (doc: Doc) => {
    const key = partitionKey(doc.meta.tenantId, doc.meta.userId);
    let p = partitions.get(key);
    if (!p) {
      p = newPartition();
      partitions.set(key, p);
    }
    addToPartition(p, doc);
    partitionOf.set(doc.id, key);
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
          add({ id, meta, length, terms, tfs });
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
        const tokens = cachedSearchTerms(d.text);
        const tf = new Map<string, number>();
        for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
        add({ id: d.id, meta: { ...d.meta, tags: [...d.meta.tags] }, length: tokens.length, terms: [...tf.keys()], tfs: [...tf.values()] });
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
      const n = p.slotOf.size;
      const avgdl = p.totalLength / n || 1;
      p.scores = grow(p.scores, p.docs.length);
      const { scores, lengths } = p;
      // Exhaustive BM25 over typed arrays: terms are summed in query order, as the ranking always has been.
      const touched: number[] = [];
      for (const term of new Set(cachedSearchTerms(query))) {
        const posting = p.postings.get(term);
        if (!posting) continue;
        const df = posting.df;
        const idf = Math.log(1 + (n - df + 0.5) / (df + 0.5));
        const { slots, tfs, size } = posting;
        for (let i = 0; i < size; i++) {
          const slot = slots[i]!;
          const tf = tfs[i]!;
          const s = (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * lengths[slot]!) / avgdl));
          const before = scores[slot]!;
          if (before === 0) touched.push(slot);
          scores[slot] = before + s;
        }
      }
      const top = new TopK(k);
      for (const slot of touched) {
        const score = scores[slot]!;
        scores[slot] = 0;
        const doc = p.docs[slot];
        if (doc && top.admits(score) && matchesFilter(doc.meta, filter)) top.push(doc.id, score);
      }
      return top.sorted();
    },

    async termStats(scope, terms) {
      const p = partitions.get(partitionKey(scope.tenantId, scope.userId));
      const df = new Map<string, number>();
      for (const t of terms) df.set(t, p?.postings.get(t)?.df ?? 0);
      return { docCount: p?.slotOf.size ?? 0, df };
    },

    async snapshot(cp: unknown) {
      assertOpen();
      if (!snapshotPath) {
        checkpoint = cp;
        return;
      }
      const docs: SnapshotFile['docs'] = [];
      for (const p of partitions.values()) {
        for (const d of p.docs) if (d) docs.push([d.id, d.meta, d.length, d.terms, d.tfs]);
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
