import { EngramError } from '../errors';
import type { ProvenanceSource, Role } from './model';

/** P1: user_stated 3 > consolidated 2 > model_inferred 1 > legacy 0. */
export const PROVENANCE_LEVEL: Readonly<Record<ProvenanceSource, number>> = Object.freeze({
  user_stated: 3,
  consolidated: 2,
  model_inferred: 1,
  legacy: 0,
});

export function provenanceLevel(source: ProvenanceSource): number {
  return PROVENANCE_LEVEL[source];
}

/** A write is allowed only if the incoming provenance is at least the existing one. */
export function provenanceGuard(existing: ProvenanceSource | null | undefined, incoming: ProvenanceSource): boolean {
  if (existing == null) return true;
  return PROVENANCE_LEVEL[incoming] >= PROVENANCE_LEVEL[existing];
}

export function assertProvenance(
  existing: ProvenanceSource | null | undefined,
  incoming: ProvenanceSource,
  key: string | null,
): void {
  if (!provenanceGuard(existing, incoming)) {
    throw new EngramError(
      'PROVENANCE_REJECTED',
      `a ${incoming} write may not overwrite the ${existing} entry${key ? ` for key "${key}"` : ''}`,
      { details: { existing, incoming, key } },
    );
  }
}

/**
 * P5: the provenance a derived fact (consolidation, extraction) may carry, given the roles of the
 * messages it came from. user_stated needs the user's own words, so a fact drawn from anything an
 * assistant, a tool or a system prompt said is at most consolidated, whatever an engine proposes.
 */
export function capDerivedSource(source: ProvenanceSource, sourceRoles: readonly Role[]): ProvenanceSource {
  if (source !== 'user_stated') return source;
  return sourceRoles.length > 0 && sourceRoles.every((r) => r === 'user') ? source : 'consolidated';
}
