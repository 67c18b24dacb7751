import { effectiveImportance } from '@engram/core';
import type { Candidate } from './candidates';
import type { RetrievalConfig } from './config';

/**
 * R7 / D1: the weight a hit's fused score is multiplied by. Memories use core's forgetting curve;
 * a raw message has a fixed base importance and an episode its own, decayed by age only when
 * decayHistory is on. ARCHIVAL entries are further scaled by archivedWeight.
 */
export function weightOf(
  c: Candidate,
  now: Date,
  cfg: RetrievalConfig,
  opts: { asOf?: boolean } = {},
): { importance: number; effective: number; weight: number } {
  const decay = { importanceDecayDays: cfg.importanceDecayDays };
  let importance: number;
  let effective: number;
  if (c.kind === 'memory') {
    importance = c.importance;
    effective = effectiveImportance(
      {
        importance: c.importance,
        type: c.type ?? 'ENVIRONMENT',
        pinned: c.pinned,
        accessCount: c.accessCount,
        lastTouched: c.lastTouched,
      },
      now,
      decay,
    );
  } else {
    importance = c.kind === 'message' ? cfg.messageImportance : c.importance;
    effective = cfg.decayHistory
      ? effectiveImportance(
          { importance, type: 'ENVIRONMENT', pinned: false, accessCount: 0, lastTouched: c.lastTouched },
          now,
          decay,
        )
      : importance;
  }
  // As of a time, a value superseded since was the current one: no archive penalty.
  const archived = c.tier === 'ARCHIVAL' && !(opts.asOf && c.supersededBy !== null);
  const weight = effective * (archived ? cfg.archivedWeight : 1);
  return { importance, effective, weight };
}
