import { admitTenant } from '../access/operations';
import type { AppContext } from '../context';
import { toIso } from '../read/rows';
import { invalid } from '../rules';
import type { ListUsersInput, UserPage } from '../types';

export const DEFAULT_USERS_LIMIT = 100;
export const MAX_USERS_LIMIT = 1000;

const encode = (userId: string) => Buffer.from(JSON.stringify({ v: 1, u: userId }), 'utf8').toString('base64url');

function decode(raw: string): string {
  try {
    const c = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as { v?: unknown; u?: unknown };
    if (c.v === 1 && typeof c.u === 'string' && c.u.length > 0) return c.u;
  } catch {
    // fall through
  }
  throw invalid('cursor', 'is not a cursor this API issued');
}

/** The users of a tenant that hold anything (memories, messages, sessions), by id; keyset-paged. */
export async function listUsers(ctx: AppContext, input: ListUsersInput): Promise<UserPage> {
  const { tenantId } = admitTenant(ctx, input, 'listUsers');
  const limit = input.limit ?? DEFAULT_USERS_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_USERS_LIMIT)
    throw invalid('limit', `must be an integer from 1 to ${MAX_USERS_LIMIT}`);
  const after = input.cursor ? decode(input.cursor) : null;
  const r = await ctx.db.query<{
    user_id: string;
    memories: number;
    messages: number;
    sessions: number;
    last_activity_at: unknown;
  }>(
    `SELECT user_id, sum(memories)::int AS memories, sum(messages)::int AS messages, sum(sessions)::int AS sessions, max(last_at) AS last_activity_at FROM (
       SELECT user_id, count(*) FILTER (WHERE tier = 'SEMANTIC') AS memories, 0 AS messages, 0 AS sessions, max(updated_at) AS last_at
         FROM memories WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id > $2) GROUP BY user_id
       UNION ALL
       SELECT user_id, 0, count(*), 0, max(at) FROM messages WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id > $2) GROUP BY user_id
       UNION ALL
       SELECT user_id, 0, 0, count(*), max(last_activity_at) FROM sessions WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id > $2) GROUP BY user_id
     ) u GROUP BY user_id ORDER BY user_id LIMIT $3`,
    [tenantId, after, limit + 1],
  );
  const rows = r.rows.slice(0, limit);
  return {
    users: rows.map((u) => ({
      userId: u.user_id,
      memories: Number(u.memories),
      messages: Number(u.messages),
      sessions: Number(u.sessions),
      lastActivityAt: u.last_activity_at == null ? null : toIso(u.last_activity_at),
    })),
    nextCursor: r.rows.length > limit ? encode(rows[rows.length - 1]!.user_id) : null,
  };
}
