import {
  EngramError,
  type Clock,
  type Embedder,
  type QueryHit,
  type QueryRequest,
  type Reranker,
  type Retriever,
  type Scope,
  type ScoredId,
  type SqlExecutor,
  type TextIndex,
  type VectorIndex,
  contentSearchTerms,
} from '@engram/core';
import { hydrate, type Candidate } from './candidates';
import { resolveRetrievalConfig, type RetrievalConfig } from './config';
import { memoryDocText } from './doc-text';
import { indexFilterFor, passesFilters } from './filters';
import { weightOf } from './importance';
import { silentLogger, type RetrievalLogger } from './logger';
import { rerankStage, type Ranked } from './rerank-stage';
import { reciprocalRankFusion } from './rrf';
import { buildTokenGate } from './token-gate';
import { userNameTerms } from './user-name-terms';

/** A text index that can report per-user document frequencies (the local one can). */
interface TermStatsSource {
  termStats(scope: { tenantId: string; userId: string }, terms: string[]): Promise<{ docCount: number; df: Map<string, number> }>;
}
const hasTermStats = (x: unknown): x is TermStatsSource => typeof (x as TermStatsSource).termStats === 'function';

export interface HybridRetrieverOptions {
  db: SqlExecutor;
  textIndex: TextIndex;
  vectorIndex: VectorIndex;
  embedder: Embedder;
  reranker?: Reranker;
  config?: Partial<RetrievalConfig>;
  clock: Clock;
  /** Memory ids returned by a search (R8: the app records them as MemoryAccessed, batched). */
  onAccess?: (scope: Scope, memoryIds: string[], query: string) => void;
  logger?: RetrievalLogger;
}

/** Per-stage figures of the last search, for benchmarks and debugging. */
export interface SearchTrace {
  lexical: number;
  vector: number;
  gatedOut: number;
  fused: number;
  reranked: boolean;
}

const MAX_POOL_ROUNDS = 3;

/**
 * R2–R9: BM25 and vector candidates in the caller's scope → current state from SQL (forgotten
 * documents drop out, filters apply) → discriminative-token gate on the lexical list → RRF →
 * rerank of the top K → × effective importance → top k.
 */
export function createHybridRetriever(opts: HybridRetrieverOptions): Retriever & { lastTrace(): SearchTrace | null } {
  const cfg = resolveRetrievalConfig(opts.config);
  const logger = opts.logger ?? silentLogger;
  let rerankerAnswered = false;
  let trace: SearchTrace | null = null;

  const vectorSearch = async (req: QueryRequest, pool: number): Promise<ScoredId[]> => {
    try {
      const [q] = await opts.embedder.embed([req.query]);
      return await opts.vectorIndex.search(q!, opts.embedder.modelId, indexFilterFor(req), pool);
    } catch (err) {
      // Keyword search alone still answers; a broken embedder must not take recall down to zero.
      logger.warn({ err, model: opts.embedder.modelId }, 'vector search failed; answering from BM25 only');
      return [];
    }
  };

  const candidatesFor = async (req: QueryRequest) => {
    let pool = Math.max(cfg.candidatePoolSize, req.k * 3);
    let lexical: ScoredId[] = [];
    let vector: ScoredId[] = [];
    let rows = new Map<string, Candidate>();
    let kept: Candidate[] = [];
    for (let round = 0; round < MAX_POOL_ROUNDS; round++) {
      [lexical, vector] = await Promise.all([opts.textIndex.search(req.query, indexFilterFor(req), pool), vectorSearch(req, pool)]);
      rows = await hydrate(opts.db, req.scope, [...lexical, ...vector].map((h) => h.id));
      kept = [...rows.values()].filter((c) => passesFilters(c, req));
      // Filters the index cannot apply (time, tags, session) may leave too few: widen the pool.
      const exhausted = lexical.length < pool && vector.length < pool;
      if (kept.length >= req.k || exhausted) break;
      pool *= 4;
    }
    const keptIds = new Set(kept.map((c) => c.id));
    return { lexical: lexical.filter((h) => keptIds.has(h.id)), vector: vector.filter((h) => keptIds.has(h.id)), rows };
  };

  const textOf = (c: Candidate) => (c.kind === 'memory' ? memoryDocText(c.content, c.key, c.tags) : c.content);

  const toHit = (c: Candidate, score: number, importance: number, effective: number): QueryHit => ({
    id: c.id,
    kind: c.kind,
    tier: c.tier,
    type: c.type,
    key: c.key,
    content: c.content,
    score,
    source: c.source,
    importance,
    effectiveImportance: effective,
    metadata: c.metadata,
    sourceMessageIds: c.sourceMessageIds,
    sessionId: c.sessionId,
    createdAt: c.at,
    tags: c.tags,
    pinned: c.pinned,
    supersededBy: c.supersededBy,
  });

  return {
    lastTrace: () => trace,
    async search(req: QueryRequest): Promise<QueryHit[]> {
      if (!Number.isInteger(req.k) || req.k < 1) throw new EngramError('VALIDATION_FAILED', `k must be a positive integer, got ${req.k}`);
      if (!req.scope?.tenantId || !req.scope.userId) throw new EngramError('VALIDATION_FAILED', 'a search needs a tenant and a user');
      for (const bound of ['from', 'to'] as const) {
        const v = req[bound];
        if (v !== undefined && !Number.isFinite(Date.parse(v))) throw new EngramError('VALIDATION_FAILED', `${bound} must be an ISO-8601 time, got "${v}"`);
      }
      if (!req.query.trim()) return [];

      const { lexical, vector, rows } = await candidatesFor(req);

      const queryTerms = contentSearchTerms(req.query);
      const [stats, names] = await Promise.all([
        hasTermStats(opts.textIndex) ? opts.textIndex.termStats(req.scope, queryTerms) : null,
        userNameTerms(opts.db, req.scope),
      ]);
      const gate = buildTokenGate(req.query, stats, { commonRatio: cfg.commonTokenRatio, minDocs: cfg.commonTokenMinDocs, nonDiscriminative: names });
      const gatedLexical = lexical.filter((h) => gate.passes(textOf(rows.get(h.id)!)));

      const fused = reciprocalRankFusion([gatedLexical.map((h) => h.id), vector.map((h) => h.id)], cfg.rrfK);
      const ranked: Ranked<Candidate>[] = [...fused]
        .map(([id, score]) => ({ item: rows.get(id)!, score }))
        .sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1));

      const firstCall = !rerankerAnswered;
      const reranked = await rerankStage(
        req.query,
        ranked,
        textOf,
        opts.reranker,
        {
          enabled: cfg.rerankEnabled,
          topK: cfg.rerankTopK,
          timeoutMs: 1000 * (firstCall ? Math.max(cfg.rerankTimeoutSeconds, cfg.rerankLoadTimeoutSeconds) : cfg.rerankTimeoutSeconds),
          minScore: cfg.rerankMinScore,
        },
        logger,
      );
      if (reranked.reranked) rerankerAnswered = true;

      const now = opts.clock.now();
      const hits = reranked.ranked
        .map((r) => {
          const w = weightOf(r.item, now, cfg);
          return toHit(r.item, r.score * w.weight, w.importance, w.effective);
        })
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
        .slice(0, req.k);

      trace = { lexical: lexical.length, vector: vector.length, gatedOut: lexical.length - gatedLexical.length, fused: fused.size, reranked: reranked.reranked };

      const memoryIds = hits.filter((h) => h.kind === 'memory').map((h) => h.id);
      if (opts.onAccess && memoryIds.length > 0) {
        try {
          opts.onAccess(req.scope, memoryIds, req.query);
        } catch (err) {
          logger.warn({ err }, 'recording memory access failed');
        }
      }
      return hits;
    },
  };
}
