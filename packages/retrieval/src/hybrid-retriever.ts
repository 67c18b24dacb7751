import {
  EngramError,
  type Clock,
  type HitExplanation,
  type ListPlace,
  type Embedder,
  type Logger,
  type QueryHit,
  type QueryRequest,
  type Reranker,
  type Retriever,
  type ScoredId,
  silentLogger,
  type SqlExecutor,
  type SqlWriteClocks,
  type TextIndex,
  type VectorIndex,
  contentSearchTerms,
  diversifyBySession,
  embedQueries,
  inSpan,
  noopTelemetry,
  timed,
  type Telemetry,
} from '@engram/core';
import { HYDRATE_TABLES, hydrate, type Candidate, type CandidateCache } from './candidates';
import { RowCache } from './row-cache';
import { QuietReads } from './quiet-reads';
import { resolveRetrievalConfig, type RetrievalConfig } from './config';
import { memoryDocText } from './doc-text';
import { indexFilterFor, passesFilters } from './filters';
import { weightOf } from './importance';
import { resolveIntentConfig, type IntentWeightConfig } from './intent-config';
import { rerankStage, type Ranked } from './rerank-stage';
import { reciprocalRankFusionParts } from './rrf';
import { scoreFusionParts, sumParts } from './fusion';
import { contentQuery } from './content-query';
import { buildTokenGate, type TokenGate } from './token-gate';
import { nameAwareQueries, type UserNames } from './user-names';
import { demoteOutdated } from './currency';
import { USER_STATE_COLUMNS, UserStates, type HeldUserState, type UserStateColumns } from './user-state';
import { detectQueryIntent, weightsForIntent } from './query-intent';
import { isStateQuestion, latestStatementFirst, topicTerms } from './state-order';

/** A text index that can report per-user document frequencies (the local one can). */
interface TermStatsSource {
  termStats(
    scope: { tenantId: string; userId: string },
    terms: string[],
  ): Promise<{ docCount: number; df: Map<string, number> }>;
}
const hasTermStats = (x: unknown): x is TermStatsSource => typeof (x as TermStatsSource).termStats === 'function';

export interface HybridRetrieverOptions {
  db: SqlExecutor;
  /**
   * Given only when every write to the read models goes through `db` in this process (the embedded
   * store): rows read since the last write are then taken again without a statement.
   */
  writeClocks?: SqlWriteClocks;
  textIndex: TextIndex;
  /** The conversation-window keyword index the search-index projector fills; a third list when given. */
  contextTextIndex?: TextIndex;
  vectorIndex: VectorIndex;
  embedder: Embedder;
  reranker?: Reranker;
  config?: Partial<RetrievalConfig>;
  /** R9 freshness and intent weighting (query-intent.ts); defaults when absent. */
  intentConfig?: Partial<IntentWeightConfig>;
  clock: Clock;
  logger?: Logger;
  /** engram_query_duration_seconds{stage} and a span per stage (issue 19). */
  telemetry?: Telemetry;
}

const MAX_POOL_ROUNDS = 3;
/** Hydrated documents kept between searches (row-cache.ts): a 1k-memory user's candidates, a few MB. */
const CACHED_CANDIDATES = 4096;
/** Users whose names and replaced values are held between their searches (user-state.ts). */
const CACHED_USERS = 1024;
/** Ids whose reads are held while nothing is written (quiet-reads.ts): documents, or ids with no row. */
const QUIET_ENTRIES = 16_384;

/**
 * R2–R9: BM25 over the documents and over their conversation windows, keeping only hits with a
 * discriminative query term (R5 gate), and vector search, in the caller's scope → current state from SQL
 * (forgotten documents drop out, filters apply) → fusion (normalised scores, or RRF k = 60 with
 * `fusion: 'rrf'`) → rerank of the top K → × effective importance → top k, spread over sessions
 * when `sessionDiversity` < 1. With `explain` each hit says how it got its score. Between searches
 * it keeps only the hydrated documents, each taken again only while its SQL row is unchanged (the
 * reranker is warmed up, within its load timeout, where it is composed).
 */
export function createHybridRetriever(opts: HybridRetrieverOptions): Retriever {
  const cfg = resolveRetrievalConfig(opts.config);
  const intentCfg = resolveIntentConfig(opts.intentConfig);
  const logger = opts.logger ?? silentLogger;
  const rowCache: CandidateCache = new RowCache(CACHED_CANDIDATES);
  const userStates = new UserStates(CACHED_USERS);
  const quiet = opts.writeClocks
    ? new QuietReads<Candidate>(opts.writeClocks.clockOf(HYDRATE_TABLES), QUIET_ENTRIES)
    : undefined;
  const telemetry = opts.telemetry ?? noopTelemetry;
  const stage = <T>(name: string, fn: () => Promise<T>): Promise<T> =>
    inSpan(telemetry.tracer, `query.${name}`, {}, () => timed(fn, (s) => telemetry.metrics.queryStage(name, s)));

  /**
   * Starts embedding the query; the search goes on with its keyword lists meanwhile (an embedder on
   * another thread or server overlaps with them). Never rejects: null when the embedder failed.
   */
  const embedQuery = (text: string): Promise<Float32Array | null> =>
    stage('embed', () => embedQueries(opts.embedder, [text])).then(
      ([v]) => v ?? null,
      (err: unknown) => {
        // Keyword search alone still answers; a broken embedder must not take recall down to zero.
        logger.warn({ err, model: opts.embedder.modelId }, 'query embedding failed; answering from BM25 only');
        return null;
      },
    );

  const vectorSearch = async (
    req: QueryRequest,
    pool: number,
    queryVector: Promise<Float32Array | null>,
  ): Promise<ScoredId[]> => {
    const q = await queryVector;
    if (!q) return [];
    try {
      return await stage('vector', () => opts.vectorIndex.search(q, opts.embedder.modelId, indexFilterFor(req), pool));
    } catch (err) {
      logger.warn({ err, model: opts.embedder.modelId }, 'vector search failed; answering from BM25 only');
      return [];
    }
  };

  /** The R5 gate, and the number of the user's documents when the index can tell (for fusion). */
  const gateFor = async (
    req: QueryRequest,
    names: UserNames,
  ): Promise<{ gate: TokenGate; docCount: number | null }> => {
    const stats = hasTermStats(opts.textIndex)
      ? await opts.textIndex.termStats(req.scope, contentSearchTerms(req.query))
      : null;
    const gate = buildTokenGate(req.query, stats, {
      commonRatio: cfg.commonTokenRatio,
      minDocs: cfg.commonTokenMinDocs,
      nonDiscriminative: names.terms,
    });
    return { gate, docCount: stats?.docCount ?? null };
  };

  const candidatesFor = async (
    req: QueryRequest,
    keywordQuery: string,
    gate: TokenGate,
    queryVector: Promise<Float32Array | null>,
    vectorReady: () => boolean,
    /** Read the user's state with the first hydrate (its columns are returned as `userColumns`). */
    readUser: boolean,
  ) => {
    let pool = Math.max(cfg.candidatePoolSize, req.k * 3);
    let lists: ScoredId[][] = [];
    let rows = new Map<string, Candidate>();
    let kept: Candidate[] = [];
    let userColumns: UserStateColumns | undefined;
    const read = (ids: Iterable<string>) =>
      stage('hydrate', async () => {
        const alsoSelect = readUser && !userColumns ? USER_STATE_COLUMNS : undefined;
        const r = await hydrate(opts.db, req.scope, ids, {
          cache: rowCache,
          ...(alsoSelect ? { alsoSelect } : {}),
          ...(quiet ? { quiet } : {}),
        });
        if (alsoSelect) userColumns = (r.also ?? {}) as unknown as UserStateColumns;
        return r.rows;
      });
    for (let round = 0; round < MAX_POOL_ROUNDS; round++) {
      const filter = indexFilterFor(req);
      // R5: a keyword hit must contain a discriminative term; its score still counts every term.
      const keywordFilter = gate.active ? { ...filter, anyOfTerms: [...gate.discriminative] } : filter;
      const keyword = await stage('keyword', () =>
        Promise.all([
          opts.textIndex.search(keywordQuery, keywordFilter, pool),
          opts.contextTextIndex ? opts.contextTextIndex.search(keywordQuery, keywordFilter, pool) : Promise.resolve([]),
        ]),
      );
      const keywordIds = new Set(keyword.flat().map((h) => h.id));
      let vector: ScoredId[];
      if (vectorReady()) {
        // The query vector is in already: one read of both lists' rows (each statement has a fixed cost).
        vector = await vectorSearch(req, pool, queryVector);
        rows = await read([...keywordIds, ...vector.map((h) => h.id)]);
      } else {
        // The keyword hits are read from SQL while the query embedding is still being computed.
        const [keywordRows, vectorHits] = await Promise.all([read(keywordIds), vectorSearch(req, pool, queryVector)]);
        vector = vectorHits;
        const vectorRows = await read(vector.map((h) => h.id).filter((id) => !keywordIds.has(id)));
        rows = new Map([...keywordRows, ...vectorRows]);
      }
      lists = [...keyword, vector];
      kept = [...rows.values()].filter((c) => passesFilters(c, req));
      // Filters the index cannot apply (time, tags, session) may leave too few: widen the pool.
      const exhausted = lists.every((l) => l.length < pool);
      if (kept.length >= req.k || exhausted) break;
      pool *= 4;
    }
    const keptIds = new Set(kept.map((c) => c.id));
    const [lexical, contextLexical, vector] = lists.map((l) => l.filter((h) => keptIds.has(h.id))) as [
      ScoredId[],
      ScoredId[],
      ScoredId[],
    ];
    return { lexical, contextLexical, vector, rows, userColumns };
  };

  /** The user's state on its own (their first search), by the hydrate statement without ids. */
  const readUserState = async (req: QueryRequest): Promise<HeldUserState> => {
    const r = await hydrate(opts.db, req.scope, [], { alsoSelect: USER_STATE_COLUMNS, ...(quiet ? { quiet } : {}) });
    return userStates.fromColumns(req.scope, r.also as unknown as UserStateColumns);
  };

  /**
   * The user's names and the query: the keyword and vector lists and their rows. With `check`,
   * the user's current state is read by the same statement as the rows and returned as `changed`
   * when it is not `user` (then the caller asks again with it).
   */
  const retrieve = async (req: QueryRequest, held: HeldUserState, check: boolean) => {
    const user = held.state;
    const names = user.names;
    const named = nameAwareQueries(req.query, names.names);
    let vectorIn = false;
    const queryVector = embedQuery(named.vectorQuery).then((v) => {
      vectorIn = true;
      return v;
    });
    const { gate, docCount } = await gateFor(req, names);
    const keywordQuery = contentQuery([named.vectorQuery, ...named.keywordExtra].join(' '));
    const found = await candidatesFor(req, keywordQuery, gate, queryVector, () => vectorIn, check);
    const now = found.userColumns ? userStates.fromColumns(req.scope, found.userColumns) : held;
    return { ...found, user, names, named, gate, docCount, changed: now.text === held.text ? null : now };
  };

  /** Each candidate's contribution from the keyword, window and vector lists, in that order. */
  const fuse = (
    lexical: ScoredId[],
    contextLexical: ScoredId[],
    vector: ScoredId[],
    docCount: number | null,
  ): Map<string, number[]> => {
    const w = cfg.listWeights;
    if (cfg.fusion === 'rrf')
      return reciprocalRankFusionParts(
        [lexical, contextLexical, vector].map((l) => l.map((h) => h.id)),
        cfg.rrfK,
        [w.keyword, w.window, w.vector],
      );
    // A document outside a keyword list scores 0 there; every other document of the user is such a one.
    const keyword = (hits: ScoredId[], weight: number) => ({
      hits,
      weight,
      floor: 0,
      unlisted: docCount === null ? 0 : Math.max(0, docCount - hits.length),
    });
    return scoreFusionParts([
      keyword(lexical, w.keyword),
      keyword(contextLexical, w.window),
      { hits: vector, weight: w.vector },
    ]);
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
    ...(c.kind === 'memory' ? { validFrom: c.validFrom, validTo: c.validTo } : {}),
  });

  return {
    async search(req: QueryRequest): Promise<QueryHit[]> {
      if (!Number.isInteger(req.k) || req.k < 1)
        throw new EngramError('VALIDATION_FAILED', `k must be a positive integer, got ${req.k}`);
      if (!req.scope?.tenantId || !req.scope.userId)
        throw new EngramError('VALIDATION_FAILED', 'a search needs a tenant and a user');
      for (const bound of ['from', 'to'] as const) {
        const v = req[bound];
        if (v !== undefined && !Number.isFinite(Date.parse(v)))
          throw new EngramError('VALIDATION_FAILED', `${bound} must be an ISO-8601 time, got "${v}"`);
      }
      const d = req.sessionDiversity;
      if (d !== undefined && !(d > 0 && d <= 1))
        throw new EngramError('VALIDATION_FAILED', `sessionDiversity must be in (0, 1], got ${d}`);
      if (req.asOf !== undefined && !Number.isFinite(Date.parse(req.asOf)))
        throw new EngramError('VALIDATION_FAILED', `asOf must be an ISO-8601 time, got "${req.asOf}"`);
      if (!req.query.trim()) return [];

      const asOf = req.asOf !== undefined;
      const intentOf = detectQueryIntent(req.query);
      // What a superseded value says ranks below what replaced it, unless the question asks about the past.
      const demote = !(asOf || intentOf.past);
      // The user's name is the user; their replaced values: as the user's last search read them,
      // checked by this search's hydrate statement (user-state.ts).
      const held = userStates.held(req.scope);
      let found = await retrieve(req, held ?? (await readUserState(req)), held !== undefined);
      if (found.changed) found = await retrieve(req, found.changed, false);
      const { user, names, named, gate, docCount, lexical, contextLexical, vector, rows } = found;

      const parts = fuse(lexical, contextLexical, vector, docCount);
      const fused = sumParts(parts);
      const ranked: Ranked<Candidate>[] = [...fused]
        .map(([id, score]) => ({ item: rows.get(id)!, score }))
        .sort((a, b) => b.score - a.score || (a.item.id < b.item.id ? -1 : 1));

      const reranked = await stage('rerank', () =>
        rerankStage(
          req.query,
          ranked,
          textOf,
          opts.reranker,
          {
            enabled: cfg.rerankEnabled,
            topK: cfg.rerankTopK,
            timeoutMs: 1000 * cfg.rerankTimeoutSeconds,
            minScore: cfg.rerankMinScore,
          },
          logger,
        ),
      );

      const now = opts.clock.now();
      // As of a time, "now" in the question is that time.
      const intentNow = asOf ? new Date(Math.min(Date.parse(req.asOf!), now.getTime())) : now;
      const intent = weightsForIntent(
        intentOf,
        reranked.ranked.map((r) => r.item),
        intentNow,
        intentCfg,
        { asOf },
      );
      const scored = reranked.ranked.map((r) => {
        const w = weightOf(r.item, now, cfg, { asOf });
        return {
          item: r.item,
          score: r.score * w.weight * (intent.get(r.item.id) ?? 1),
          importance: w.importance,
          effective: w.effective,
          weight: w.weight,
        };
      });
      const beforeDemotion = req.explain ? new Map(scored.map((x) => [x.item.id, x.score])) : null;
      // A question about how things are now: the latest statement on its topic first (state-order.ts).
      if (demote && intentCfg.latestStatementBand > 0 && isStateQuestion(req.query, intentOf))
        latestStatementFirst(scored, topicTerms(named.vectorQuery, names.terms), {
          band: intentCfg.latestStatementBand,
          gapMs: intentCfg.latestStatementGapHours * 3_600_000,
          changed: new Set((user.stale ?? []).map((s) => s.currentId)),
          nameTerms: names.terms,
        });
      const outdated = demote
        ? demoteOutdated(scored, user.stale ?? [], { below: 0.9, staleWeight: intentCfg.supersededWeight })
        : new Map();
      const weighted = scored
        .filter((s) => s.score > 0 && s.score >= cfg.minScore)
        .map((s) => {
          const hit = toHit(s.item, s.score, s.importance, s.effective);
          const o = outdated.get(s.item.id);
          return o ? { ...hit, metadata: { ...hit.metadata, outdated: o } } : hit;
        })
        .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1));
      const hits = diversifyBySession(weighted, req.sessionDiversity ?? cfg.sessionDiversity, req.k);

      if (!req.explain) return hits;

      // explain: where each hit came from, recomputed from what the stages above kept.
      const places = (list: ScoredId[]) => new Map(list.map((h, i) => [h.id, { rank: i + 1, score: h.score }]));
      const lists = [places(lexical), places(contextLexical), places(vector)];
      const fusedRank = new Map(ranked.map((r, i) => [r.item.id, i + 1]));
      const after = new Map(
        reranked.ranked.map((r, i) => [
          r.item.id,
          { slotScore: r.score, rank: i + 1, rerankScore: reranked.scores.get(r.item) },
        ]),
      );
      const byId = new Map(scored.map((x) => [x.item.id, x]));
      const before = new Map(weighted.map((h) => [h.id, h.score]));
      const gateInfo = { active: gate.active, terms: [...gate.discriminative] };
      const ratio = (a: number, b: number) => (b === 0 ? 1 : a / b);
      return hits.map((h) => {
        const p = parts.get(h.id)!;
        const place = (j: number): ListPlace | null => {
          const at = lists[j]!.get(h.id);
          return at ? { rank: at.rank, score: at.score, contribution: p[j]! } : null;
        };
        const a = after.get(h.id)!;
        const x = byId.get(h.id)!;
        const explanation: HitExplanation = {
          keyword: place(0),
          window: place(1),
          vector: place(2),
          gate: gateInfo,
          fusion: { method: cfg.fusion, score: fused.get(h.id)!, rank: fusedRank.get(h.id)! },
          rerank: a.rerankScore === undefined ? null : { score: a.rerankScore, rank: a.rank, slotScore: a.slotScore },
          forgetting: { importance: x.importance, effectiveImportance: x.effective, weight: x.weight },
          intent: { weight: intent.get(h.id) ?? 1, ...intentOf },
          currency: ratio(x.score, beforeDemotion!.get(h.id)!),
          sessionDiversity: ratio(h.score, before.get(h.id)!),
        };
        return { ...h, explain: explanation };
      });
    },
  };
}
