import { admitTenant } from '../access/operations';
import type { AppContext } from '../context';
import { toIso } from '../read/rows';
import { invalid } from '../rules';
import type { EntityPage, EntityView, ListEntitiesInput } from '../types';

export const DEFAULT_ENTITIES_LIMIT = 100;
export const MAX_ENTITIES_LIMIT = 500;
const MAX_OFFSET = 1_000_000;

/**
 * The users, agents and runs (sessions) of the caller's tenant that hold memories or sessions,
 * within the key's reach: a user-bound key sees its own user, an agent-bound key its agent's part.
 * A tenant-wide key may read every user of the tenant, so listing them discloses nothing more.
 * Users come first, then agents, then runs (each by id): deleting in list order erases users first.
 */
export async function listEntities(ctx: AppContext, input: ListEntitiesInput): Promise<EntityPage> {
  const { tenantId, principal } = admitTenant(ctx, input, 'listEntities');
  const limit = input.limit ?? DEFAULT_ENTITIES_LIMIT;
  if (!Number.isInteger(limit) || limit < 1 || limit > MAX_ENTITIES_LIMIT)
    throw invalid('limit', `must be an integer from 1 to ${MAX_ENTITIES_LIMIT}`);
  const offset = input.offset ?? 0;
  if (!Number.isInteger(offset) || offset < 0 || offset > MAX_OFFSET)
    throw invalid('offset', `must be an integer from 0 to ${MAX_OFFSET}`);
  const r = await ctx.db.query<{
    type: EntityView['type'];
    name: string;
    user_ids: string[];
    memories: number;
    created_at: unknown;
    updated_at: unknown;
    total: number;
  }>(
    `WITH m AS (
       SELECT user_id, agent_id, source_session, created_at, updated_at,
              (superseded_by IS NULL AND tier IN ('SEMANTIC', 'ARCHIVAL')) AS current
         FROM memories
        WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id = $2) AND ($3::text IS NULL OR agent_id = $3)
     ), s AS (
       SELECT user_id, agent_id, session_id, started_at, last_activity_at
         FROM sessions
        WHERE tenant_id = $1 AND ($2::text IS NULL OR user_id = $2) AND ($3::text IS NULL OR agent_id = $3)
     ), e AS (
       SELECT 'user' AS type, user_id AS name, user_id, count(*) FILTER (WHERE current) AS n, min(created_at) AS first_at, max(updated_at) AS last_at
         FROM m GROUP BY user_id
       UNION ALL
       SELECT 'user', user_id, user_id, 0, min(started_at), max(last_activity_at) FROM s GROUP BY user_id
       UNION ALL
       SELECT 'agent', agent_id, user_id, count(*) FILTER (WHERE current), min(created_at), max(updated_at)
         FROM m WHERE agent_id IS NOT NULL GROUP BY agent_id, user_id
       UNION ALL
       SELECT 'agent', agent_id, user_id, 0, min(started_at), max(last_activity_at)
         FROM s WHERE agent_id IS NOT NULL GROUP BY agent_id, user_id
       UNION ALL
       SELECT 'run', source_session, user_id, count(*) FILTER (WHERE current), min(created_at), max(updated_at)
         FROM m WHERE source_session IS NOT NULL GROUP BY source_session, user_id
       UNION ALL
       SELECT 'run', session_id, user_id, 0, min(started_at), max(last_activity_at) FROM s GROUP BY session_id, user_id
     )
     SELECT type, name, array_agg(DISTINCT user_id ORDER BY user_id) AS user_ids, sum(n)::int AS memories,
            min(first_at) AS created_at, max(last_at) AS updated_at, (count(*) OVER ())::int AS total
       FROM e WHERE $6::text IS NULL OR (type = $6 AND name = $7) GROUP BY type, name
      ORDER BY CASE type WHEN 'user' THEN 0 WHEN 'agent' THEN 1 ELSE 2 END, name
      LIMIT $4 OFFSET $5`,
    [tenantId, principal.userId, principal.agentId, limit, offset, input.only?.type ?? null, input.only?.id ?? null],
  );
  let count = Number(r.rows[0]?.total ?? 0);
  if (r.rows.length === 0 && offset > 0) {
    // Past the end: the total still answers how many there are.
    count = (await listEntities(ctx, { ...input, offset: 0, limit: 1 })).count;
  }
  return {
    count,
    entities: r.rows.map((row) => ({
      type: row.type,
      id: row.name,
      userIds: row.user_ids,
      memories: Number(row.memories),
      createdAt: toIso(row.created_at),
      updatedAt: toIso(row.updated_at),
    })),
  };
}
