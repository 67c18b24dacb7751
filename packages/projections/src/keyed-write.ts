import { PROVENANCE_LEVEL, provenanceGuard, type ProvenanceSource } from '@engram/core';

export interface ActiveKeyHolder {
  id: string;
  source: ProvenanceSource;
  version: number;
}

export type KeyedWriteDecision =
  | { action: 'insert'; version: 1 }
  | { action: 'supersede'; version: number; supersedes: ActiveKeyHolder[] }
  | { action: 'reject'; strongest: ActiveKeyHolder; reason: string };

/**
 * P1 for a write to a key: the incoming entry replaces the active holders of the key only if its
 * provenance is at least that of the strongest of them. Shared by the semantic and archival
 * projectors so both reach the same verdict from the same events.
 */
export function decideKeyedWrite(
  active: readonly ActiveKeyHolder[],
  incoming: ProvenanceSource,
  key: string,
): KeyedWriteDecision {
  if (active.length === 0) return { action: 'insert', version: 1 };
  const strongest = active.reduce((a, b) => (PROVENANCE_LEVEL[b.source] > PROVENANCE_LEVEL[a.source] ? b : a));
  if (!provenanceGuard(strongest.source, incoming)) {
    return {
      action: 'reject',
      strongest,
      reason: `provenance guard: a ${incoming} write may not overwrite the ${strongest.source} entry ${strongest.id} for key "${key}" (${strongest.source} wins)`,
    };
  }
  return { action: 'supersede', version: Math.max(...active.map((a) => a.version)) + 1, supersedes: [...active] };
}

/**
 * B3: a value that had already stopped being true when it was stated ("I lived in Lisbon until
 * 2022") is history. It is kept for as-of reads and never replaces the key's current holder;
 * both projectors that track keys apply this rule.
 */
export function isPastValue(w: { validTo: string | null; occurredAt: string }): boolean {
  return w.validTo !== null && Date.parse(w.validTo) <= Date.parse(w.occurredAt);
}
