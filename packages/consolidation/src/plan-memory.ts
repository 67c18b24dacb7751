import {
  deterministicId,
  provenanceLevel,
  type ContentScreen,
  type EngramEvent,
  type Logger,
  type MemoryWritten,
  type SqlExecutor,
} from '@engram/core';
import { relatedEntries } from './contradictions/prefilter';
import { buildEvent, type EventOrigin } from './events';
import type { VerifyingExtractionEngine } from './extraction/llm/llm-engine';
import { planFacts } from './plan-facts';
import { loadActiveEntries } from './read-models';

/**
 * K4: a high-importance MemoryWritten is distilled at once instead of waiting for its session to
 * end. A WORKING note the user stated is run through extraction (its facts are consolidated like a
 * session's); a SEMANTIC entry is checked against related entries under other keys when a verifier
 * is configured (same-key updates are already settled by the projector's provenance guard).
 */
export async function planMemory(
  deps: {
    db: SqlExecutor;
    engine: VerifyingExtractionEngine;
    screen: ContentScreen;
    logger: Logger;
    recordedAt: string;
  },
  written: MemoryWritten,
): Promise<EngramEvent[]> {
  const p = written.payload;
  const scope = { tenantId: written.tenantId, userId: written.userId, agentId: written.agentId };
  const origin: EventOrigin = {
    ...scope,
    sessionId: written.sessionId,
    causationId: written.eventId,
    correlationId: written.correlationId ?? written.eventId,
  };
  const entries = (await loadActiveEntries(deps.db, scope)).filter((e) => e.id !== p.memoryId);
  const ctx = { origin, causeId: written.eventId, recordedAt: deps.recordedAt };
  if (p.tier === 'WORKING') {
    if (p.source !== 'user_stated') return [];
    const result = await deps.engine.extract({
      sessionId: written.sessionId ?? '',
      messages: [{ messageId: p.memoryId, role: 'user', content: p.content, at: written.occurredAt }],
      existingFacts: entries.map((e) => ({
        id: e.id,
        key: e.key,
        content: e.content,
        source: e.source,
        object: e.object,
      })),
    });
    const lineage = p.sourceMessageIds.length > 0 ? p.sourceMessageIds : [p.memoryId];
    const facts = result.facts.map((f) => ({ ...f, sourceMessageIds: lineage }));
    const plan = await planFacts(facts, entries, {
      ...ctx,
      episodeId: p.episodeId,
      extractor: result.extractor,
      saidAt: () => written.occurredAt,
      sourceText: () => [p.content],
      sourceRoles: () => ['user'],
      verifier: deps.engine.verifier,
      screen: deps.screen,
      logger: deps.logger,
    });
    return [...plan.facts, ...plan.contradictions];
  }
  const verifier = deps.engine.verifier;
  if (p.tier !== 'SEMANTIC' || !verifier || p.key === null) return [];
  const probe = {
    key: p.key,
    content: p.content,
    kind: 'fact' as const,
    type: p.type,
    subject: 'user',
    predicate: p.key.split('.').slice(1).join('.'),
    object: p.content,
    positive: true,
    timeHint: null,
    validFrom: p.validFrom,
    validTo: p.validTo,
    confidence: p.confidence,
    importance: p.importance,
    tags: p.tags,
    sourceMessageIds: p.sourceMessageIds,
    language: 'en' as const,
  };
  const events: EngramEvent[] = [];
  const times = { occurredAt: written.occurredAt, recordedAt: deps.recordedAt };
  for (const { entry, relation } of relatedEntries(probe, entries)) {
    if (relation === 'same_key') continue;
    let verdict;
    try {
      verdict = await verifier.verify({ key: entry.key, content: entry.content }, { key: p.key, content: p.content });
    } catch (e) {
      deps.logger.warn(
        { memoryId: p.memoryId, entryId: entry.id, err: e instanceof Error ? e.message : String(e) },
        'contradiction verification failed; entries left as they are',
      );
      continue;
    }
    if (!verdict.contradicts) continue;
    const contradictionId = deterministicId(written.eventId, 'contradiction', entry.id);
    events.push(
      buildEvent(
        'ContradictionDetected',
        origin,
        deterministicId(written.eventId, 'ContradictionDetected', entry.id),
        {
          contradictionId,
          entryAId: entry.id,
          entryBId: p.memoryId,
          description: verdict.description,
          confidence: verdict.confidence,
          candidate: null,
        },
        times,
      ),
    );
    const wins =
      provenanceLevel(p.source) > provenanceLevel(entry.source) ||
      (provenanceLevel(p.source) === provenanceLevel(entry.source) && written.occurredAt >= entry.createdAt);
    if (provenanceLevel(p.source) < provenanceLevel(entry.source)) continue; // pending: the user decides
    if (wins) {
      events.push(
        buildEvent(
          'MemorySuperseded',
          origin,
          deterministicId(written.eventId, 'MemorySuperseded', entry.id),
          {
            memoryId: entry.id,
            supersededBy: p.memoryId,
            reason: 'contradicted by a newer write',
            contradictionId,
          },
          times,
        ),
      );
    }
    events.push(
      buildEvent(
        'ContradictionResolved',
        origin,
        deterministicId(written.eventId, 'ContradictionResolved', entry.id),
        {
          contradictionId,
          resolution: wins ? 'b_wins' : 'a_wins',
          resolvedBy: provenanceLevel(p.source) > provenanceLevel(entry.source) ? 'provenance' : 'recency',
        },
        times,
      ),
    );
  }
  return events;
}
