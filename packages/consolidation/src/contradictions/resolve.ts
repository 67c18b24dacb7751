import { provenanceLevel, type Logger, type ProvenanceSource } from '@engram/core';
import type { CandidateFact } from '../extraction/types';
import type { ContradictionVerifier } from '../extraction/llm/llm-engine';
import type { ActiveEntry } from '../read-models';
import { relatedEntries } from './prefilter';
import { sameValue } from './values';

export interface Conflict {
  entry: ActiveEntry;
  description: string;
  confidence: number;
  /** b_wins: the candidate replaces the entry; a_wins: the entry stays (newer); pending: the user decides. */
  outcome: 'b_wins' | 'a_wins' | 'pending';
  resolvedBy: 'provenance' | 'recency' | null;
}

export type Decision =
  | { action: 'restatement'; entry: ActiveEntry }
  /** The candidate's value is of a kind its key's slot cannot take while the entry holds that key: not written. */
  | { action: 'misfiled'; entry: ActiveEntry }
  | { action: 'write'; conflicts: Conflict[] }
  | { action: 'hold'; conflicts: Conflict[] };

/**
 * C2/C3 for one candidate against the user's active entries: restatements are dropped, and so is a
 * candidate whose value the held key's slot cannot take ("用户住在招商银行" beside "用户住在合肥"); same-key
 * entries with another value contradict (rules); similar-key entries are asked to the verifier when
 * one is configured. Higher provenance wins, equal provenance → the newer statement wins, and an
 * entry the guard protects (higher provenance) stays until the user confirms (pending).
 */
export async function decide(
  c: CandidateFact,
  incoming: ProvenanceSource,
  saidAt: string,
  entries: readonly ActiveEntry[],
  verifier: ContradictionVerifier | undefined,
  logger: Logger,
): Promise<Decision> {
  const related = relatedEntries(c, entries);
  const misfiled = related.find((r) => r.relation === 'other_kind');
  if (misfiled) return { action: 'misfiled', entry: misfiled.entry };
  const restated =
    related.find((r) => (r.relation === 'same_key' || r.relation === 'same_slot') && sameValue(r.entry, c)) ??
    related.find((r) => sameValue(r.entry, c) && r.entry.content === c.content);
  if (restated) return { action: 'restatement', entry: restated.entry };
  const conflicts: Conflict[] = [];
  for (const { entry, relation } of related) {
    let description: string;
    let confidence: number;
    if (relation === 'same_key' || relation === 'same_slot') {
      description = `"${entry.content}" vs "${c.content}" (${relation === 'same_key' ? 'key' : 'slot of'} ${c.key})`;
      confidence = Math.min(0.95, c.confidence);
    } else {
      if (!verifier) continue;
      try {
        const v = await verifier.verify({ key: entry.key, content: entry.content }, { key: c.key, content: c.content });
        if (!v.contradicts) continue;
        description = v.description || `"${entry.content}" vs "${c.content}"`;
        confidence = v.confidence;
      } catch (e) {
        logger.warn(
          { key: c.key, entryId: entry.id, err: e instanceof Error ? e.message : String(e) },
          'contradiction verification failed; treating the entries as unrelated',
        );
        continue;
      }
    }
    const existingLevel = provenanceLevel(entry.source);
    const incomingLevel = provenanceLevel(incoming);
    let outcome: Conflict['outcome'];
    let resolvedBy: Conflict['resolvedBy'];
    if (existingLevel > incomingLevel) {
      outcome = 'pending';
      resolvedBy = null;
    } else if (existingLevel < incomingLevel) {
      outcome = 'b_wins';
      resolvedBy = 'provenance';
    } else {
      outcome = Date.parse(saidAt) >= Date.parse(entry.createdAt) ? 'b_wins' : 'a_wins';
      resolvedBy = 'recency';
    }
    conflicts.push({ entry, description, confidence, outcome, resolvedBy });
  }
  if (conflicts.some((x) => x.outcome !== 'b_wins')) return { action: 'hold', conflicts };
  return { action: 'write', conflicts };
}
