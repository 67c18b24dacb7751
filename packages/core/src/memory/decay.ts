/** D1: Ebbinghaus forgetting curve with access reinforcement. */
export interface DecayConfig {
  /** memory.importanceDecayDays; clamped to >= 1. */
  importanceDecayDays: number;
  /** Below this effective importance a non-exempt SEMANTIC entry moves to ARCHIVAL. */
  archiveThreshold: number;
}

export const DEFAULT_DECAY: DecayConfig = Object.freeze({ importanceDecayDays: 30, archiveThreshold: 0.05 });

export function baseHalfLifeDays(cfg: Pick<DecayConfig, 'importanceDecayDays'>): number {
  const d = Number.isFinite(cfg.importanceDecayDays) ? cfg.importanceDecayDays : 30;
  return Math.max(1, d);
}

export interface DecayInput {
  importance: number;
  type: 'USER' | 'ENVIRONMENT';
  pinned: boolean;
  accessCount: number;
  /** last_accessed, or created_at when never accessed (ISO). */
  lastTouched: string;
}

const DAY_MS = 86_400_000;

export function halfLifeDays(accessCount: number, cfg: Pick<DecayConfig, 'importanceDecayDays'>): number {
  return baseHalfLifeDays(cfg) * (1 + Math.log2(1 + Math.max(0, accessCount)));
}

export function isDecayExempt(e: Pick<DecayInput, 'type' | 'pinned'>): boolean {
  return e.type === 'USER' || e.pinned;
}

export function effectiveImportance(e: DecayInput, now: Date, cfg: Pick<DecayConfig, 'importanceDecayDays'>): number {
  if (isDecayExempt(e)) return e.importance;
  const touched = Date.parse(e.lastTouched);
  const days = Number.isFinite(touched) ? Math.max(0, (now.getTime() - touched) / DAY_MS) : 0;
  return e.importance * Math.pow(0.5, days / halfLifeDays(e.accessCount, cfg));
}

export function shouldArchive(e: DecayInput, now: Date, cfg: DecayConfig): boolean {
  if (isDecayExempt(e)) return false;
  return effectiveImportance(e, now, cfg) < cfg.archiveThreshold;
}

/**
 * When effectiveImportance falls below `threshold` if the entry is not touched again (the curve
 * inverted: importance × 0.5^(t / halfLife) = threshold); null when it never does (exempt, or no importance).
 */
export function belowThresholdAt(
  e: DecayInput,
  threshold: number,
  cfg: Pick<DecayConfig, 'importanceDecayDays'>,
): Date | null {
  if (isDecayExempt(e) || e.importance <= 0) return null;
  const touched = Date.parse(e.lastTouched);
  const start = Number.isFinite(touched) ? touched : 0;
  if (e.importance < threshold) return new Date(start);
  return new Date(start + halfLifeDays(e.accessCount, cfg) * Math.log2(e.importance / threshold) * DAY_MS);
}
