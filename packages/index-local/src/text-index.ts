import { join } from 'node:path';
import {
  EngramError,
  SEARCH_ANALYZER,
  type IndexedDocMeta,
  type IndexFilter,
  type ScoredId,
  type TextIndex,
} from '@engram/core';
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
  /** Per-slot "seen in this search" stamps (the R5 gate's document set) and the last stamp used. */
  marks: Uint32Array;
  stamp: number;
}

const MIN_COMPACT = 1024;
/**
 * Scoring one gated document (a scan of its few terms per query term) against one posting entry:
 * the per-document path runs when its estimated cost is below the term-at-a-time pass.
 */
const DOC_AT_A_TIME_COST = 2;

function newPartition(): Partition {
  return {
    docs: [],
    lengths: new Float64Array(64),
    slotOf: new Map(),
    postings: new Map(),
    totalLength: 0,
    dead: 0,
    scores: new Float64Array(64),
    marks: new Uint32Array(64),
    stamp: 0,
  };
}

/** A fresh stamp for `marks`, sized to the partition's slots. */
function nextMarks(p: Partition): number {
  if (p.marks.length < p.docs.length) {
    p.marks = new Uint32Array(Math.max(p.docs.length, p.marks.length * 2));
    p.stamp = 0;
  }
  if (++p.stamp === 0xffffffff) {
    p.marks.fill(0);
    p.stamp = 1;
  }
  return p.stamp;
}

function grow<T extends Int32Array | Float64Array | Uint32Array>(a: T, need: number): T {
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
  /**
   * The index as it is now, serialised at once; the returned call writes it (as `snapshot` does), so
   * the index may change meanwhile without the file seeing it: the caller's lock need only cover this.
   */
  captureSnapshot(checkpoint: unknown): () => Promise<void>;
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
        throw new EngramError('INDEX_UNAVAILABLE', `text index snapshot ${snapshotPath} is not valid JSON`, {
          cause: e,
        });
      }
      const stale =
        REBUILT_VERSIONS.has(file.version) || (file.version === SNAPSHOT_VERSION && file.analyzer !== SEARCH_ANALYZER);
      if (!stale && file.version !== SNAPSHOT_VERSION)
        throw new EngramError('INDEX_UNAVAILABLE', `text index snapshot version ${file.version} is not supported`);
      // A stale snapshot loads as empty with no checkpoint: the search-index projector then replays the log.
      if (!stale) {
        for (const [id, meta, length, terms, tfs] of file.docs) {
          add({ id, meta, length, terms, tfs });
        }
        checkpoint = file.checkpoint;
      }
    }
  }

  const captureSnapshot = (cp: unknown): (() => Promise<void>) => {
    assertOpen();
    if (!snapshotPath) {
      checkpoint = cp;
      return async () => undefined;
    }
    const docs: SnapshotFile['docs'] = [];
    for (const p of partitions.values()) {
      for (const d of p.docs) if (d) docs.push([d.id, d.meta, d.length, d.terms, d.tfs]);
    }
    const file: SnapshotFile = { version: SNAPSHOT_VERSION, analyzer: SEARCH_ANALYZER, checkpoint: cp, docs };
    const bytes = Buffer.from(JSON.stringify(file), 'utf8');
    const path = snapshotPath;
    return async () => {
      await writeFileAtomic(path, [bytes]);
      checkpoint = cp;
    };
  };

  return {
    async upsert(docs) {
      assertOpen();
      for (const d of docs) {
        if (!d.id) throw new EngramError('VALIDATION_FAILED', 'an indexed document needs an id');
        remove(d.id);
        const tokens = cachedSearchTerms(d.text);
        const tf = new Map<string, number>();
        for (const t of tokens) tf.set(t, (tf.get(t) ?? 0) + 1);
        add({
          id: d.id,
          meta: { ...d.meta, tags: [...d.meta.tags] },
          length: tokens.length,
          terms: [...tf.keys()],
          tfs: [...tf.values()],
        });
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
      const terms: string[] = [];
      const idfs: number[] = [];
      let postingsCost = 0;
      for (const term of new Set(cachedSearchTerms(query))) {
        const posting = p.postings.get(term);
        if (!posting) continue;
        terms.push(term);
        const df = posting.df;
        idfs.push(Math.log(1 + (n - df + 0.5) / (df + 0.5)));
        postingsCost += posting.size;
      }
      const gate = filter.anyOfTerms && filter.anyOfTerms.length > 0 ? [...new Set(filter.anyOfTerms)] : null;
      const top = new TopK(k);
      const bm25 = (idf: number, tf: number, slot: number) =>
        (idf * tf * (K1 + 1)) / (tf + K1 * (1 - B + (B * p.lengths[slot]!) / avgdl));

      // R5 gate with rare terms: score only the documents holding one of them, one document at a time
      // (same terms summed in the same order, so the same scores as the term-at-a-time pass below).
      const gateCost = gate ? gate.reduce((c, t) => c + (p.postings.get(t)?.size ?? 0), 0) : Infinity;
      if (gate && gateCost * terms.length * DOC_AT_A_TIME_COST < postingsCost) {
        const marks = nextMarks(p);
        for (const g of gate) {
          const posting = p.postings.get(g);
          if (!posting) continue;
          for (let i = 0; i < posting.size; i++) {
            const slot = posting.slots[i]!;
            if (p.marks[slot] === marks) continue;
            p.marks[slot] = marks;
            const doc = p.docs[slot];
            if (!doc) continue;
            let score = 0;
            for (let j = 0; j < terms.length; j++) {
              const at = doc.terms.indexOf(terms[j]!);
              if (at >= 0) score += bm25(idfs[j]!, doc.tfs[at]!, slot);
            }
            if (score > 0 && top.admits(score) && matchesFilter(doc.meta, filter)) top.push(doc.id, score);
          }
        }
        return top.sorted();
      }

      // Exhaustive term-at-a-time BM25 over typed arrays: terms are summed in query order, as the ranking always has been.
      p.scores = grow(p.scores, p.docs.length);
      const { scores } = p;
      const touched: number[] = [];
      for (let j = 0; j < terms.length; j++) {
        const { slots, tfs, size } = p.postings.get(terms[j]!)!;
        const idf = idfs[j]!;
        for (let i = 0; i < size; i++) {
          const slot = slots[i]!;
          const s = bm25(idf, tfs[i]!, slot);
          const before = scores[slot]!;
          if (before === 0) touched.push(slot);
          scores[slot] = before + s;
        }
      }
      let marks = 0;
      if (gate) {
        marks = nextMarks(p);
        for (const g of gate) {
          const posting = p.postings.get(g);
          if (posting) for (let i = 0; i < posting.size; i++) p.marks[posting.slots[i]!] = marks;
        }
      }
      for (const slot of touched) {
        const score = scores[slot]!;
        scores[slot] = 0;
        const doc = p.docs[slot];
        if (doc && top.admits(score) && (!gate || p.marks[slot] === marks) && matchesFilter(doc.meta, filter))
          top.push(doc.id, score);
      }
      return top.sorted();
    },

    async termStats(scope, terms) {
      const p = partitions.get(partitionKey(scope.tenantId, scope.userId));
      const df = new Map<string, number>();
      for (const t of terms) df.set(t, p?.postings.get(t)?.df ?? 0);
      return { docCount: p?.slotOf.size ?? 0, df };
    },

    captureSnapshot,

    async snapshot(cp: unknown) {
      await captureSnapshot(cp)();
    },

    loadedCheckpoint: () => checkpoint,
    size: () => partitionOf.size,

    async close() {
      closed = true;
    },
  };
}
