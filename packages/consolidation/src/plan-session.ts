import {
  deterministicId,
  episodeEventIdOf,
  type ContentScreen,
  type EngramEvent,
  type Logger,
  type Role,
} from '@engram/core';
import { buildEvent, type EventOrigin } from './events';
import type { VerifyingExtractionEngine } from './extraction/llm/llm-engine';
import { planFacts } from './plan-facts';
import { loadActiveEntries, loadSessionMessages } from './read-models';
import type { SqlExecutor } from '@engram/core';
import type { ConsolidationTask } from './tasks/task';
import { screenDerived } from './screen-derived';

export interface SessionPlan {
  events: EngramEvent[];
  episodeId: string;
  stats: {
    messages: number;
    facts: number;
    restated: number;
    misfiled: number;
    held: number;
    rejected: number;
    quarantined: number;
    skills: number;
    extractor: string;
  };
}

export function episodeIdOf(causeEventId: string): string {
  return deterministicId(causeEventId, 'episode');
}

/**
 * K2 for one ended session: episode, facts (scanned, contradiction-checked), skills — as events with
 * ids derived from the SessionEnded event. Returns no events when the session has no messages.
 */
export async function planSession(
  deps: {
    db: SqlExecutor;
    engine: VerifyingExtractionEngine;
    screen: ContentScreen;
    logger: Logger;
    recordedAt: string;
  },
  task: ConsolidationTask,
): Promise<SessionPlan> {
  const scope = { tenantId: task.tenantId, userId: task.userId, agentId: task.agentId };
  const sessionId = task.sessionId!;
  const episodeId = episodeIdOf(task.causeEventId);
  const messages = await loadSessionMessages(deps.db, scope, sessionId);
  const empty = {
    events: [],
    episodeId,
    stats: {
      messages: 0,
      facts: 0,
      restated: 0,
      misfiled: 0,
      held: 0,
      rejected: 0,
      quarantined: 0,
      skills: 0,
      extractor: deps.engine.id,
    },
  };
  if (messages.length === 0) return empty;
  const entries = await loadActiveEntries(deps.db, scope);
  const result = await deps.engine.extract({
    sessionId,
    messages: messages.map((m) => ({ messageId: m.messageId, role: m.role, content: m.content, at: m.at })),
    existingFacts: entries.map((e) => ({
      id: e.id,
      key: e.key,
      content: e.content,
      source: e.source,
      object: e.object,
    })),
  });
  const origin: EventOrigin = {
    ...scope,
    sessionId,
    causationId: task.causeEventId,
    correlationId: task.correlationId ?? task.causeEventId,
  };
  const atOf = new Map(messages.map((m) => [m.messageId, m.at]));
  const first = messages[0]!;
  const last = messages[messages.length - 1]!;
  const saidAt = (ids: string[]) =>
    ids
      .map((id) => atOf.get(id))
      .filter((x): x is string => !!x)
      .sort()
      .pop() ?? last.at;
  const ctx = {
    origin,
    causeId: task.causeEventId,
    recordedAt: deps.recordedAt,
    screen: deps.screen,
    logger: deps.logger,
  };

  const events: EngramEvent[] = [];
  const episodeOf = (summary: string, entityIds: string[]) =>
    buildEvent(
      'EpisodeCreated',
      origin,
      episodeEventIdOf(task.causeEventId),
      {
        episodeId,
        sessionKey: sessionId,
        summary,
        messageRangeStart: first.messageId,
        messageRangeEnd: last.messageId,
        entityIds,
        importance: result.episode.importance,
        sourceMessageIds: messages.map((m) => m.messageId),
        startedAt: first.at,
        endedAt: last.at,
      },
      { occurredAt: last.at, recordedAt: deps.recordedAt },
    );
  const { summary, entityIds } = result.episode;
  const episode = episodeOf(summary, entityIds);
  const summaryRefused = await screenDerived(ctx, 'episode', 'summary', { summary, entityIds }, summary, episode);
  let quarantined = 0;
  if (!summaryRefused) events.push(episode);
  else if (summaryRefused.type === 'ContentQuarantined') {
    // Held whole: a release writes the episode as it was summarised.
    events.push(summaryRefused);
    quarantined++;
  } else {
    events.push(
      summaryRefused,
      episodeOf(`Session of ${messages.length} messages; the summary was withheld by the content scanner.`, []),
    );
  }

  const textOf = new Map(messages.map((m) => [m.messageId, m.content]));
  const sourceText = (ids: string[]) => ids.map((id) => textOf.get(id)).filter((x): x is string => x !== undefined);
  const roleOf = new Map(messages.map((m) => [m.messageId, m.role]));
  const sourceRoles = (ids: string[]) => ids.map((id) => roleOf.get(id)).filter((r): r is Role => r !== undefined);
  const plan = await planFacts(result.facts, entries, {
    ...ctx,
    episodeId,
    extractor: result.extractor,
    saidAt,
    sourceText,
    sourceRoles,
    verifier: deps.engine.verifier,
    logger: deps.logger,
  });
  events.push(...plan.facts, ...plan.contradictions);

  let skills = 0;
  for (const s of result.skills) {
    const at = saidAt(s.sourceMessageIds);
    const skill = buildEvent(
      'SkillRecorded',
      origin,
      deterministicId(task.causeEventId, 'SkillRecorded', s.name),
      {
        skillId: deterministicId(task.tenantId, task.userId, 'skill', s.name),
        name: s.name,
        whenToUse: s.whenToUse,
        steps: s.steps,
        success: s.success,
        sourceMessageIds: s.sourceMessageIds,
      },
      { occurredAt: at, recordedAt: deps.recordedAt },
    );
    const refused = await screenDerived(
      ctx,
      'skill',
      s.name,
      { name: s.name, whenToUse: s.whenToUse, steps: s.steps },
      `${s.name}\n${s.steps.join('\n')}`,
      skill,
    );
    if (refused) {
      events.push(refused);
      if (refused.type === 'ContentQuarantined') quarantined++;
      continue;
    }
    events.push(skill);
    skills++;
  }
  return {
    events,
    episodeId,
    stats: {
      messages: messages.length,
      facts: plan.written,
      restated: plan.restated,
      misfiled: plan.misfiled,
      held: plan.held,
      rejected: plan.rejected,
      quarantined: quarantined + plan.quarantined,
      skills,
      extractor: result.extractor,
    },
  };
}
