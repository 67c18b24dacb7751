import { EngramError } from '@engram/core';

/**
 * R9 intent weighting: the multipliers a query's detected intent applies on top of the R7 score
 * (1 = neutral). Each is gentle on purpose: intent only reorders close competitors, it never buries
 * a strong match.
 */
export interface IntentWeightConfig {
  /** Freshness query ("now", "latest", "现在", "最近"): multiplier of the newest candidate; older ones fall back toward 1. */
  freshnessBoost: number;
  /** Freshness query: how many days behind the newest candidate a document's boost halves. */
  freshnessHalfLifeDays: number;
  /** Freshness query: extra multiplier (≤ 1) of an entry another entry superseded. */
  supersededWeight: number;
  /**
   * State question (about how things are now: state-order.ts): a fact that holds ranks above an
   * earlier document stating another value for its key whose score is at most 1/band of its own
   * (and a later statement of another value passes the fact); 0 turns it off.
   */
  latestStatementBand: number;
  /** State question: statements less than this many hours apart are one occasion and keep their order. */
  latestStatementGapHours: number;
  /** Temporal query ("when", "什么时候"): multiplier of a document that carries a date. */
  datedBoost: number;
  /** Preference query ("prefer", "favorite", "喜欢"): multiplier of a preference memory. */
  preferenceBoost: number;
  /** Memory tags (and key segments) that mark a preference memory, case-insensitive. */
  preferenceTags: readonly string[];
  /** Identity / profile query ("who am I", "my name", "我叫"): multiplier of a USER memory. */
  identityBoost: number;
  /** Bounds of the combined multiplier of one document. */
  minWeight: number;
  maxWeight: number;
}

export const DEFAULT_INTENT_CONFIG: Readonly<IntentWeightConfig> = Object.freeze({
  freshnessBoost: 1.2,
  freshnessHalfLifeDays: 30,
  supersededWeight: 0.6,
  // Reorders only where another value competes for a fact's key (state-order.ts); 0 turns it off.
  latestStatementBand: 0.5,
  latestStatementGapHours: 12,
  datedBoost: 1.1,
  preferenceBoost: 1.25,
  // The rules extractor tags preference facts "preference" / "favourite"; callers may write "favorite".
  preferenceTags: Object.freeze(['preference', 'preferences', 'favourite', 'favorite', 'likes', 'dislikes']),
  identityBoost: 1.25,
  minWeight: 0.5,
  maxWeight: 1.5,
});

const MAX_MULTIPLIER = 3;

/** Defaults overlaid with the given fields, validated (`CONFIG_INVALID` names the field). */
export function resolveIntentConfig(partial: Partial<IntentWeightConfig> = {}): IntentWeightConfig {
  const c: IntentWeightConfig = { ...DEFAULT_INTENT_CONFIG };
  for (const key of Object.keys(DEFAULT_INTENT_CONFIG) as Array<keyof IntentWeightConfig>) {
    const v = partial[key];
    if (v !== undefined) (c as unknown as Record<string, unknown>)[key] = v;
  }
  const bad = (name: keyof IntentWeightConfig, what: string) =>
    new EngramError('CONFIG_INVALID', `memory.intent.${name} must be ${what}`);
  for (const name of ['freshnessBoost', 'datedBoost', 'preferenceBoost', 'identityBoost'] as const) {
    if (!(c[name] >= 1 && c[name] <= MAX_MULTIPLIER)) throw bad(name, `between 1 and ${MAX_MULTIPLIER}`);
  }
  if (!(c.freshnessHalfLifeDays > 0 && Number.isFinite(c.freshnessHalfLifeDays)))
    throw bad('freshnessHalfLifeDays', 'a positive number of days');
  if (!(c.latestStatementBand >= 0 && c.latestStatementBand <= 1)) throw bad('latestStatementBand', 'in [0, 1]');
  if (!(c.latestStatementGapHours >= 0 && Number.isFinite(c.latestStatementGapHours)))
    throw bad('latestStatementGapHours', 'a number of hours ≥ 0');
  if (!(c.supersededWeight > 0 && c.supersededWeight <= 1)) throw bad('supersededWeight', 'in (0, 1]');
  if (!(c.minWeight > 0 && c.minWeight <= 1)) throw bad('minWeight', 'in (0, 1]');
  if (!(c.maxWeight >= 1 && c.maxWeight <= MAX_MULTIPLIER)) throw bad('maxWeight', `between 1 and ${MAX_MULTIPLIER}`);
  if (!Array.isArray(c.preferenceTags) || c.preferenceTags.some((t) => typeof t !== 'string' || t.trim() === '')) {
    throw bad('preferenceTags', 'a list of non-empty strings');
  }
  c.preferenceTags = c.preferenceTags.map((t) => t.trim().toLowerCase());
  return c;
}
