import {
  capDerivedSource,
  deterministicId,
  type ContentScreen,
  type EngramEvent,
  type Logger,
  type ProvenanceSource,
  type Role,
} from '@engram/core';
import { decide } from './contradictions/resolve';
import type { EventOrigin } from './events';
import { buildEvent } from './events';
import type { ContradictionVerifier } from './extraction/llm/llm-engine';
import type { CandidateFact } from './extraction/types';
import type { ActiveEntry } from './read-models';
import { screenDerived } from './screen-derived';

export interface FactPlanContext {
  origin: EventOrigin;
  /** The cause every derived id comes from (SessionEnded / MemoryWritten event id). */
  causeId: string;
  episodeId: string | null;
  extractor: string;
  recordedAt: string;
  /** When each source message was said (ISO). */
  saidAt: (messageIds: string[]) => string;
  /** The text of the source messages, scanned with the candidate: a fact derived from blocked input is refused too. */
  sourceText?: (messageIds: string[]) => string[];
  /** Who said each source message (user, assistant, tool, system): caps the provenance of what is derived from it. */
  sourceRoles: (messageIds: string[]) => Role[];
  verifier: ContradictionVerifier | undefined;
  screen: ContentScreen;
  logger: Logger;
}

export interface FactPlan {
  /** FactExtracted events, and WriteRejected / ContentQuarantined for refused candidates. */
  facts: EngramEvent[];
  /** ContradictionDetected / MemorySuperseded / ContradictionResolved, after the facts. */
  contradictions: EngramEvent[];
  written: number;
  restated: number;
  /** Candidates not written: their value is of a kind the slot of their key cannot take. */
  misfiled: number;
  held: number;
  rejected: number;
  quarantined: number;
}

/**
 * Turns candidate facts into events: scanned (P2), checked against the user's active entries
 * (C1–C3) and given ids derived from the cause, so a retried or replayed task plans the same events.
 */
export async function planFacts(
  candidates: CandidateFact[],
  entries: ActiveEntry[],
  ctx: FactPlanContext,
): Promise<FactPlan> {
  const plan: FactPlan = {
    facts: [],
    contradictions: [],
    written: 0,
    restated: 0,
    misfiled: 0,
    held: 0,
    rejected: 0,
    quarantined: 0,
  };
  const planned: ProvenanceSource = 'consolidated';
  const active = [...entries];
  for (const c of candidates) {
    const source = capDerivedSource(planned, ctx.sourceRoles(c.sourceMessageIds));
    const saidAt = ctx.saidAt(c.sourceMessageIds);
    const times = { occurredAt: saidAt, recordedAt: ctx.recordedAt };
    const memoryId = deterministicId(ctx.causeId, 'fact', c.key);
    const fact = buildEvent(
      'FactExtracted',
      ctx.origin,
      deterministicId(ctx.causeId, 'FactExtracted', c.key),
      {
        memoryId,
        kind: c.kind,
        type: c.type,
        key: c.key,
        content: c.content,
        tags: c.tags,
        importance: c.importance,
        confidence: c.confidence,
        source,
        subject: c.subject,
        predicate: c.predicate,
        object: c.object,
        timeHint: c.timeHint,
        sourceMessageIds: c.sourceMessageIds,
        episodeId: ctx.episodeId,
        extractor: ctx.extractor,
        validFrom: c.validFrom ?? saidAt,
        validTo: c.validTo,
      },
      times,
    );
    // A fact derived from refused input is refused too: its source messages are screened with it.
    const fields = {
      content: c.content,
      key: c.key,
      object: c.object,
      tags: c.tags,
      sourceMessage: ctx.sourceText?.(c.sourceMessageIds) ?? null,
    };
    const refused = await screenDerived(ctx, 'fact', c.key, fields, c.content, fact);
    if (refused) {
      plan.facts.push(refused);
      if (refused.type === 'ContentQuarantined') plan.quarantined++;
      else plan.rejected++;
      continue;
    }
    const decision = await decide(c, source, saidAt, active, ctx.verifier, ctx.logger);
    if (decision.action === 'restatement') {
      plan.restated++;
      continue;
    }
    if (decision.action === 'misfiled') {
      plan.misfiled++;
      continue;
    }
    const candidate = {
      key: c.key,
      content: c.content,
      source,
      confidence: c.confidence,
      sourceMessageIds: c.sourceMessageIds,
    };
    if (decision.action === 'hold') {
      plan.held++;
      for (const k of decision.conflicts) {
        if (k.outcome === 'b_wins') continue;
        const contradictionId = deterministicId(ctx.causeId, 'contradiction', c.key, k.entry.id);
        plan.contradictions.push(
          buildEvent(
            'ContradictionDetected',
            ctx.origin,
            deterministicId(ctx.causeId, 'ContradictionDetected', c.key, k.entry.id),
            {
              contradictionId,
              entryAId: k.entry.id,
              entryBId: memoryId,
              description: k.description,
              confidence: k.confidence,
              candidate,
            },
            times,
          ),
        );
        if (k.outcome === 'a_wins') {
          plan.contradictions.push(
            buildEvent(
              'ContradictionResolved',
              ctx.origin,
              deterministicId(ctx.causeId, 'ContradictionResolved', c.key, k.entry.id),
              {
                contradictionId,
                resolution: 'a_wins',
                resolvedBy: k.resolvedBy ?? 'recency',
              },
              times,
            ),
          );
        }
      }
      continue;
    }
    plan.facts.push(fact);
    plan.written++;
    for (const k of decision.conflicts) {
      const contradictionId = deterministicId(ctx.causeId, 'contradiction', c.key, k.entry.id);
      plan.contradictions.push(
        buildEvent(
          'ContradictionDetected',
          ctx.origin,
          deterministicId(ctx.causeId, 'ContradictionDetected', c.key, k.entry.id),
          {
            contradictionId,
            entryAId: k.entry.id,
            entryBId: memoryId,
            description: k.description,
            confidence: k.confidence,
            candidate: null,
          },
          times,
        ),
        buildEvent(
          'MemorySuperseded',
          ctx.origin,
          deterministicId(ctx.causeId, 'MemorySuperseded', c.key, k.entry.id),
          {
            memoryId: k.entry.id,
            supersededBy: memoryId,
            reason: `contradicted by a newer ${source} fact (${k.resolvedBy})`,
            contradictionId,
          },
          times,
        ),
        buildEvent(
          'ContradictionResolved',
          ctx.origin,
          deterministicId(ctx.causeId, 'ContradictionResolved', c.key, k.entry.id),
          {
            contradictionId,
            resolution: 'b_wins',
            resolvedBy: k.resolvedBy ?? 'recency',
          },
          times,
        ),
      );
      const i = active.findIndex((a) => a.id === k.entry.id);
      if (i >= 0) active.splice(i, 1);
    }
    active.push({
      id: memoryId,
      type: c.type,
      key: c.key,
      content: c.content,
      tags: c.tags,
      source,
      pinned: false,
      importance: c.importance,
      accessCount: 0,
      lastAccessed: null,
      createdAt: saidAt,
      object: c.object,
      predicate: c.predicate,
      lastEventId: memoryId,
    });
  }
  return plan;
}
