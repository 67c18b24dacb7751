import { assertNever, type SqlExecutor, type StoredEvent } from '@engram/core';
import type { ApplyOutcome } from './event-status';
import type { Projector } from './projector';
import { isUuid } from './sql-values';

/** session_id of a message observed outside any session (the ledger column is NOT NULL). */
export const NO_SESSION = '';

async function apply(tx: SqlExecutor, stored: StoredEvent): Promise<ApplyOutcome | void> {
  const e = stored.event;
  switch (e.type) {
    case 'MessageObserved':
      // ON CONFLICT covers both the event id and (session, messageId): a re-sent message is ignored.
      await tx.query(
        `INSERT INTO messages (event_id, tenant_id, user_id, agent_id, session_id, message_id, role, content, at, seq, metadata)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT DO NOTHING`,
        [
          e.eventId,
          e.tenantId,
          e.userId,
          e.agentId,
          e.sessionId ?? NO_SESSION,
          e.payload.messageId,
          e.payload.role,
          e.payload.content,
          e.occurredAt,
          stored.position.offset,
          JSON.stringify(e.payload.metadata ?? {}),
        ],
      );
      return { outcome: 'applied' };
    case 'EpisodeCreated': {
      const p = e.payload;
      if (!isUuid(p.episodeId)) return;
      await tx.query(
        `INSERT INTO episodes (id, tenant_id, user_id, agent_id, session_key, summary, message_range_start, message_range_end,
                               entity_ids, importance, source_message_ids, started_at, ended_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14) ON CONFLICT (id) DO NOTHING`,
        [
          p.episodeId,
          e.tenantId,
          e.userId,
          e.agentId,
          p.sessionKey,
          p.summary,
          p.messageRangeStart,
          p.messageRangeEnd,
          p.entityIds,
          p.importance,
          p.sourceMessageIds,
          p.startedAt,
          p.endedAt,
          e.occurredAt,
        ],
      );
      // The write status of the episode: how a caller learns that a session's consolidation is in.
      return { outcome: 'applied' };
    }
    case 'MemoryForgotten':
      if (e.payload.target === 'user') {
        await tx.query('DELETE FROM messages WHERE tenant_id = $1 AND user_id = $2', [e.tenantId, e.userId]);
        await tx.query('DELETE FROM episodes WHERE tenant_id = $1 AND user_id = $2', [e.tenantId, e.userId]);
      } else if (e.payload.target === 'derived') {
        const episodes = (e.payload.derived?.episodeIds ?? []).filter(isUuid);
        if (episodes.length > 0)
          await tx.query('DELETE FROM episodes WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[])', [
            e.tenantId,
            e.userId,
            episodes,
          ]);
      }
      return;
    case 'MemoryWritten':
    case 'SessionStarted':
    case 'SessionEnded':
    case 'MemoryAccessed':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'MemoryArchived':
    case 'MemoryRestored':
    case 'MemorySuperseded':
    case 'WriteRejected':
    case 'FactExtracted':
    case 'ContradictionDetected':
    case 'ContradictionResolved':
    case 'SkillRecorded':
    case 'ContentQuarantined':
    case 'QuarantineResolved':
    case 'ErasureCompleted':
      return;
    default:
      assertNever(e, 'event');
  }
}

/** The message ledger (messages) and session episodes (episodes). */
export const episodicProjector: Projector = { name: 'episodic', apply };
