import { EngramError } from '@engram/core';
import { getSession, listEpisodes, listMessages, memoryFromRow, type SessionRecord } from '@engram/projections';
import { admit } from '../access/operations';
import type { AppContext } from '../context';
import { waitForPosition } from '../position-wait';
import { toIso, toMemoryView } from '../read/rows';
import { invalid, positionOf } from '../rules';
import type { ListSessionsInput, SessionInput, SessionPage, SessionTimeline, SessionView } from '../types';

export const DEFAULT_SESSIONS_LIMIT = 50;
export const MAX_SESSIONS_LIMIT = 500;
/** A timeline shows at most this many messages of the ledger (the first ones, in log order). */
export const MAX_TIMELINE_MESSAGES = 1000;

const encode = (c: { at: string; id: string }) =>
  Buffer.from(JSON.stringify({ v: 1, ...c }), 'utf8').toString('base64url');

function decode(raw: string): { at: string; id: string } {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown; at?: unknown; id?: unknown };
    if (c.v === 1 && typeof c.at === 'string' && /^\d{1,20}$/.test(c.at) && typeof c.id === 'string')
      return { at: c.at, id: c.id };
  } catch {
    // fall through
  }
  throw invalid('cursor', 'is not a cursor this API issued');
}

function sessionView(s: Pick<SessionRecord, keyof SessionView>): SessionView {
  return {
    sessionId: s.sessionId,
    agentId: s.agentId,
    startedAt: s.startedAt,
    lastActivityAt: s.lastActivityAt,
    endedAt: s.endedAt,
    endReason: s.endReason,
    messageCount: s.messageCount,
  };
}

/** A user's sessions, newest first by start (an immutable order, so cursors hold while sessions go on). */
export async function listSessions(ctx: AppContext, input: ListSessionsInput): Promise<SessionPage> {
  const { scope } = admit(ctx, input, 'listSessions');
  const limit = input.limit ?? DEFAULT_SESSIONS_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_SESSIONS_LIMIT)
    throw invalid('limit', `must be an integer from 1 to ${MAX_SESSIONS_LIMIT}`);
  const after = input.cursor ? decode(input.cursor) : null;
  await waitForPosition(ctx, positionOf(input.minPosition));
  const r = await ctx.db.query<Record<string, unknown>>(
    `SELECT *, (extract(epoch FROM started_at) * 1000000)::bigint::text AS cursor_us FROM sessions
      WHERE tenant_id = $1 AND user_id = $2 AND ($3::text IS NULL OR agent_id = $3)
        AND ($4::bigint IS NULL OR (started_at, session_id) < ('epoch'::timestamptz + $4::bigint * interval '1 microsecond', $5::text))
      ORDER BY started_at DESC, session_id DESC LIMIT $6`,
    [scope.tenantId, scope.userId, scope.agentId, after?.at ?? null, after?.id ?? null, limit + 1],
  );
  const rows = r.rows.slice(0, limit);
  const last = rows[rows.length - 1];
  return {
    sessions: rows.map((s) =>
      sessionView({
        sessionId: String(s.session_id),
        agentId: s.agent_id == null ? null : String(s.agent_id),
        startedAt: toIso(s.started_at),
        lastActivityAt: toIso(s.last_activity_at),
        endedAt: s.ended_at == null ? null : toIso(s.ended_at),
        endReason: s.end_reason == null ? null : String(s.end_reason),
        messageCount: Number(s.message_count),
      }),
    ),
    nextCursor:
      r.rows.length > limit && last ? encode({ at: String(last.cursor_us), id: String(last.session_id) }) : null,
  };
}

/** One session: its messages in log order, the episodes consolidated from it and the entries they produced. */
export async function sessionTimeline(
  ctx: AppContext,
  input: SessionInput & { minPosition?: string },
): Promise<SessionTimeline> {
  const { scope } = admit(ctx, input, 'sessionTimeline');
  await waitForPosition(ctx, positionOf(input.minPosition));
  const session = await getSession(ctx.db, scope, input.sessionId);
  if (!session)
    throw new EngramError('NOT_FOUND', `session ${input.sessionId} not found`, {
      details: { sessionId: input.sessionId },
    });
  const [messages, episodes] = await Promise.all([
    listMessages(ctx.db, scope, input.sessionId, { limit: MAX_TIMELINE_MESSAGES }),
    listEpisodes(ctx.db, scope, { sessionKey: input.sessionId, limit: 100 }),
  ]);
  const r = await ctx.db.query<Record<string, unknown>>(
    `SELECT * FROM memories WHERE tenant_id = $1 AND user_id = $2 AND ($3::text IS NULL OR agent_id = $3)
        AND (source_session = $4 OR episode_id = ANY($5::uuid[]))
      ORDER BY created_at, id LIMIT 1000`,
    [scope.tenantId, scope.userId, scope.agentId, input.sessionId, episodes.map((e) => e.id)],
  );
  const now = ctx.clock.now();
  return {
    session: sessionView(session),
    messages: messages.map((m) => ({
      eventId: m.eventId,
      messageId: m.messageId,
      role: m.role,
      content: m.content,
      at: m.at,
      seq: m.seq,
    })),
    episodes: episodes.map((e) => ({
      id: e.id,
      summary: e.summary,
      entityIds: e.entityIds,
      importance: e.importance,
      sourceMessageIds: e.sourceMessageIds,
      startedAt: e.startedAt,
      endedAt: e.endedAt,
      createdAt: e.createdAt,
    })),
    memories: r.rows.map((row) => toMemoryView(memoryFromRow(row), now, ctx.config.decay)),
  };
}
