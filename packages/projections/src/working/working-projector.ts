import { assertNever, type Role, type SqlExecutor, type StoredEvent } from '@engram/core';
import type { ApplyOutcome } from '../event-status';
import type { Projector } from '../projector';

/** M5: at most this many entries per session; the oldest (by log order) go first. */
export const WORKING_RING_SIZE = 20;

const ROLE_IMPORTANCE: Readonly<Record<Role, number>> = { user: 0.5, assistant: 0.5, tool: 0.3, system: 0.2 };

interface EntryRow {
  id: string;
  tenantId: string;
  userId: string;
  agentId: string | null;
  sessionId: string;
  kind: 'message' | 'note';
  role: string | null;
  content: string;
  importance: number;
  at: string;
  seq: number;
}

/** Inserts an entry and trims the session's ring; false when the entry was already there. */
async function addEntry(tx: SqlExecutor, r: EntryRow): Promise<boolean> {
  const ins = await tx.query(
    `INSERT INTO working_entries (id, tenant_id, user_id, agent_id, session_id, kind, role, content, importance, at, seq)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) ON CONFLICT (id) DO NOTHING`,
    [r.id, r.tenantId, r.userId, r.agentId, r.sessionId, r.kind, r.role, r.content, r.importance, r.at, r.seq],
  );
  if (ins.rowCount === 0) return false;
  await tx.query(
    `DELETE FROM working_entries WHERE tenant_id = $1 AND user_id = $2 AND session_id = $3 AND id NOT IN (
       SELECT id FROM working_entries WHERE tenant_id = $1 AND user_id = $2 AND session_id = $3 ORDER BY seq DESC, id DESC LIMIT $4)`,
    [r.tenantId, r.userId, r.sessionId, WORKING_RING_SIZE],
  );
  return true;
}

/** Records activity in a session (creating it if needed); a message after the end reopens it. */
async function touchSession(
  tx: SqlExecutor,
  e: StoredEvent['event'],
  sessionId: string,
  messages: number,
  reopen: boolean,
): Promise<void> {
  await tx.query(
    `INSERT INTO sessions (tenant_id, user_id, session_id, agent_id, started_at, last_activity_at, message_count)
     VALUES ($1, $2, $3, $4, $5, $5, $6)
     ON CONFLICT (tenant_id, user_id, session_id) DO UPDATE SET
       agent_id = COALESCE(sessions.agent_id, EXCLUDED.agent_id),
       started_at = LEAST(sessions.started_at, EXCLUDED.started_at),
       last_activity_at = GREATEST(sessions.last_activity_at, EXCLUDED.last_activity_at),
       message_count = sessions.message_count + EXCLUDED.message_count,
       ended_at = CASE WHEN $7 THEN NULL ELSE sessions.ended_at END,
       end_reason = CASE WHEN $7 THEN NULL ELSE sessions.end_reason END`,
    [e.tenantId, e.userId, sessionId, e.agentId, e.occurredAt, messages, reopen],
  );
}

async function apply(tx: SqlExecutor, stored: StoredEvent): Promise<ApplyOutcome | void> {
  const e = stored.event;
  switch (e.type) {
    case 'MessageObserved': {
      // Working memory is per session: a message outside any session has no ring to join.
      if (!e.sessionId) return;
      const added = await addEntry(tx, {
        id: e.eventId,
        tenantId: e.tenantId,
        userId: e.userId,
        agentId: e.agentId,
        sessionId: e.sessionId,
        kind: 'message',
        role: e.payload.role,
        content: e.payload.content,
        importance: ROLE_IMPORTANCE[e.payload.role] ?? 0.3,
        at: e.occurredAt,
        seq: stored.position.offset,
      });
      if (added) await touchSession(tx, e, e.sessionId, 1, true);
      return;
    }
    case 'MemoryWritten': {
      if (e.payload.tier !== 'WORKING' || !e.sessionId) return;
      const added = await addEntry(tx, {
        id: e.payload.memoryId,
        tenantId: e.tenantId,
        userId: e.userId,
        agentId: e.agentId,
        sessionId: e.sessionId,
        kind: 'note',
        role: null,
        content: e.payload.content,
        importance: e.payload.importance,
        at: e.occurredAt,
        seq: stored.position.offset,
      });
      if (added) await touchSession(tx, e, e.sessionId, 0, false);
      return { outcome: 'applied', memoryId: e.payload.memoryId };
    }
    case 'SessionStarted':
      await touchSession(tx, e, e.payload.sessionId, 0, false);
      return;
    case 'SessionEnded':
      await tx.query(
        `INSERT INTO sessions (tenant_id, user_id, session_id, agent_id, started_at, last_activity_at, ended_at, end_reason)
         VALUES ($1, $2, $3, $4, $5, $5, $5, $6)
         ON CONFLICT (tenant_id, user_id, session_id) DO UPDATE SET ended_at = EXCLUDED.ended_at, end_reason = EXCLUDED.end_reason`,
        [e.tenantId, e.userId, e.payload.sessionId, e.agentId, e.occurredAt, e.payload.reason],
      );
      return { outcome: 'applied' };
    case 'MemoryForgotten':
      if (e.payload.target === 'user') {
        await tx.query('DELETE FROM working_entries WHERE tenant_id = $1 AND user_id = $2', [e.tenantId, e.userId]);
        await tx.query('DELETE FROM sessions WHERE tenant_id = $1 AND user_id = $2', [e.tenantId, e.userId]);
      } else if (e.payload.target === 'memory' && e.payload.memoryId) {
        // A session note carries its memory id.
        await tx.query(
          "DELETE FROM working_entries WHERE tenant_id = $1 AND user_id = $2 AND id = $3 AND kind = 'note'",
          [e.tenantId, e.userId, e.payload.memoryId],
        );
      } else if (e.payload.target === 'derived' && e.payload.derived && e.payload.derived.memoryIds.length > 0) {
        await tx.query(
          "DELETE FROM working_entries WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::text[]) AND kind = 'note'",
          [e.tenantId, e.userId, e.payload.derived.memoryIds],
        );
      }
      return;
    case 'MemoryAccessed':
    case 'MemoryPinned':
    case 'MemoryUnpinned':
    case 'MemoryArchived':
    case 'MemoryRestored':
    case 'MemorySuperseded':
    case 'WriteRejected':
    case 'EpisodeCreated':
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

/** Session ring buffers (working_entries) and session lifecycles (sessions). */
export const workingProjector: Projector = { name: 'working', apply };
