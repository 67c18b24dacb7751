import { requireAllAgents } from '@engram/core';
import { admitTenant } from '../access/operations';
import type { AppContext } from '../context';
import { toIso } from '../read/rows';
import { invalid } from '../rules';
import type { ListWritesInput, WriteJobPage, WriteJobView } from '../types';
import { unappliedEvents } from './event-status';

export const DEFAULT_WRITES_LIMIT = 50;
export const MAX_WRITES_LIMIT = 500;
const MAX_OFFSET = 1_000_000;
const JOB_TYPES = ['MemoryWritten', 'SessionEnded'] as const;
type JobType = (typeof JOB_TYPES)[number];
const isJob = (t: string): t is JobType => (JOB_TYPES as readonly string[]).includes(t);

/**
 * The write jobs of the caller's tenant (a user-bound key: its user's): memory writes and session
 * ends, the jobs whose status eventStatus reports. Those no projection has recorded an outcome for
 * yet come first (newest first, from the unapplied tail of the log), then the rest by first outcome,
 * newest first. Write status carries no agent, so an agent-bound key may not list them.
 */
export async function listWrites(ctx: AppContext, input: ListWritesInput): Promise<WriteJobPage> {
  const { tenantId, principal } = admitTenant(ctx, input, 'listWrites');
  requireAllAgents(principal, 'listing write jobs');
  const limit = input.limit ?? DEFAULT_WRITES_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_WRITES_LIMIT)
    throw invalid('limit', `must be an integer from 1 to ${MAX_WRITES_LIMIT}`);
  const offset = input.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
    throw invalid('offset', `must be an integer from 0 to ${MAX_OFFSET}`);
  const userId = principal.userId;

  const tail: WriteJobView[] = [];
  for await (const { event } of unappliedEvents(ctx)) {
    if (event.tenantId !== tenantId || (userId !== null && event.userId !== userId) || !isJob(event.type)) continue;
    tail.push({
      eventId: event.eventId,
      type: event.type,
      userId: event.userId,
      firstOutcomeAt: null,
      lastOutcomeAt: null,
    });
  }
  const recorded = tail.length
    ? new Set(
        (
          await ctx.db.query<{ event_id: string }>(
            'SELECT DISTINCT event_id::text AS event_id FROM event_status WHERE tenant_id = $1 AND event_id = ANY($2::uuid[])',
            [tenantId, tail.map((t) => t.eventId)],
          )
        ).rows.map((r) => r.event_id),
      )
    : new Set<string>();
  const pending = tail.filter((t) => !recorded.has(t.eventId)).reverse();

  const skip = Math.max(0, offset - pending.length);
  const r = await ctx.db.query<{
    event_id: string;
    user_id: string;
    event_type: JobType;
    first_at: unknown;
    last_at: unknown;
    total: number;
  }>(
    `SELECT event_id::text AS event_id, user_id, event_type, min(at) AS first_at, max(at) AS last_at, (count(*) OVER ())::int AS total
       FROM event_status
      WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id = $2) AND event_type = ANY($3::text[])
      GROUP BY event_id, user_id, event_type
      ORDER BY min(at) DESC, event_id DESC
      LIMIT $4 OFFSET $5`,
    [tenantId, userId, [...JOB_TYPES], limit, skip],
  );
  let recordedCount = Number(r.rows[0]?.total ?? 0);
  if (r.rows.length === 0 && skip > 0) {
    const c = await ctx.db.query<{ n: number }>(
      `SELECT count(DISTINCT event_id)::int AS n FROM event_status
        WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id = $2) AND event_type = ANY($3::text[])`,
      [tenantId, userId, [...JOB_TYPES]],
    );
    recordedCount = Number(c.rows[0]?.n ?? 0);
  }
  const applied: WriteJobView[] = r.rows.map((row) => ({
    eventId: row.event_id,
    type: row.event_type,
    userId: row.user_id,
    firstOutcomeAt: toIso(row.first_at),
    lastOutcomeAt: toIso(row.last_at),
  }));
  const writes = [...pending.slice(offset, offset + limit), ...applied].slice(0, limit);
  return { writes, count: pending.length + recordedCount };
}
