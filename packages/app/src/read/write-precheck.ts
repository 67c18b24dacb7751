import { EngramError } from '@engram/core';
import type { ProvenanceSource, Scope } from '@engram/core';
import type { WritePrecheck } from '@engram/projections';

/**
 * The semantic projector's write rules asked before appending (the in-memory index of the
 * all-in-one, or the read model): a refused provenance is a 409 now, an identical active entry is
 * answered with its id. The projector stays authoritative.
 */
export async function precheckSemanticWrite(
  precheck: WritePrecheck,
  scope: Scope,
  entry: { key: string | null; content: string; source: ProvenanceSource },
): Promise<{ action: 'append' } | { action: 'duplicate'; id: string }> {
  const verdict = await precheck.check(scope, entry);
  if (verdict.action !== 'reject') return verdict;
  const { decision } = verdict;
  throw new EngramError('PROVENANCE_REJECTED', decision.reason, {
    details: {
      field: 'source',
      key: verdict.key,
      existing: decision.strongest.source,
      incoming: entry.source,
      heldBy: decision.strongest.id,
    },
  });
}
