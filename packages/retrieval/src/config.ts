import { EngramError } from '@engram/core';

/** The memory.* settings the query path reads (names as in SPEC and the runtime config). */
export interface RetrievalConfig {
  /** D1 base half-life in days (clamped to ≥ 1 by core). */
  importanceDecayDays: number;
  /** Multiplier for ARCHIVAL entries (M2: retrievable with lower weight). */
  archivedWeight: number;
  rerankEnabled: boolean;
  rerankTopK: number;
  rerankTimeoutSeconds: number;
  rerankMinScore: number;
  /**
   * How the keyword and vector lists are combined: `zscore` (default; per-list normalised scores,
   * fusion.ts) or `rrf` (SPEC R4, Σ 1/(k + rank)). Both are reported in docs/benchmarks.md.
   */
  fusion: 'zscore' | 'rrf';
  /** Weight of each list in either fusion (weighted RRF for `rrf`); 1 each by default. */
  listWeights: { keyword: number; window: number; vector: number };
  /** R4 constant. */
  rrfK: number;
  /** Candidates taken from each of BM25 and vector search before hydration. */
  candidatePoolSize: number;
  /** R5: a token in more than this share of the user's documents is non-discriminative. */
  commonTokenRatio: number;
  /** Below this many documents the frequency test is skipped (stop words still count). */
  commonTokenMinDocs: number;
  /** Whether raw messages and episodes also decay with their age (default off: see docs/benchmarks.md). */
  decayHistory: boolean;
  /** Base importance of a raw message. */
  messageImportance: number;
  /**
   * Each further hit from a session already in the results has its score × this, once per earlier
   * hit (session-diversity.ts); 1 turns it off.
   */
  sessionDiversity: number;
  /** Hits scoring below this are not returned (a hit scoring 0 never is). */
  minScore: number;
}

export const DEFAULT_RETRIEVAL_CONFIG: Readonly<RetrievalConfig> = Object.freeze({
  importanceDecayDays: 30,
  archivedWeight: 0.5,
  rerankEnabled: true,
  rerankTopK: 10,
  rerankTimeoutSeconds: 5,
  rerankMinScore: 0,
  fusion: 'zscore',
  listWeights: Object.freeze({ keyword: 1, window: 1, vector: 1 }),
  rrfK: 60,
  candidatePoolSize: 100,
  commonTokenRatio: 0.5,
  commonTokenMinDocs: 20,
  decayHistory: false,
  messageImportance: 0.5,
  sessionDiversity: 1,
  minScore: 0,
});

export function resolveRetrievalConfig(partial: Partial<RetrievalConfig> = {}): RetrievalConfig {
  const c: RetrievalConfig = { ...DEFAULT_RETRIEVAL_CONFIG };
  for (const key of Object.keys(DEFAULT_RETRIEVAL_CONFIG) as Array<keyof RetrievalConfig>) {
    const v = partial[key];
    if (v !== undefined) (c as unknown as Record<string, unknown>)[key] = v;
  }
  const bad = (name: string, what: string) => new EngramError('CONFIG_INVALID', `memory.${name} must be ${what}`);
  if (!(c.archivedWeight >= 0 && c.archivedWeight <= 1)) throw bad('archivedWeight', 'between 0 and 1');
  if (!(Number.isInteger(c.rerankTopK) && c.rerankTopK >= 1)) throw bad('rerankTopK', 'an integer ≥ 1');
  if (!(c.rerankTimeoutSeconds > 0)) throw bad('rerankTimeoutSeconds', 'positive');
  if (!(c.rerankMinScore >= 0)) throw bad('rerankMinScore', '≥ 0');
  if (c.fusion !== 'zscore' && c.fusion !== 'rrf') throw bad('fusion', '"zscore" or "rrf"');
  for (const [list, w] of Object.entries(c.listWeights ?? {}))
    if (!(typeof w === 'number' && w >= 0 && Number.isFinite(w))) throw bad(`listWeights.${list}`, 'a number ≥ 0');
  c.listWeights = { ...DEFAULT_RETRIEVAL_CONFIG.listWeights, ...c.listWeights };
  if (!(c.rrfK > 0)) throw bad('rrfK', 'positive');
  if (!(Number.isInteger(c.candidatePoolSize) && c.candidatePoolSize >= 1))
    throw bad('candidatePoolSize', 'an integer ≥ 1');
  if (!(c.commonTokenRatio > 0 && c.commonTokenRatio <= 1)) throw bad('commonTokenRatio', 'in (0, 1]');
  if (!(c.messageImportance >= 0 && c.messageImportance <= 1)) throw bad('messageImportance', 'between 0 and 1');
  if (!(c.sessionDiversity > 0 && c.sessionDiversity <= 1)) throw bad('sessionDiversity', 'in (0, 1]');
  if (!(c.minScore >= 0 && Number.isFinite(c.minScore))) throw bad('minScore', 'a number ≥ 0');
  return c;
}
