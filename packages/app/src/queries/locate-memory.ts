import { EngramError, UUID_PATTERN, type Principal, type Scope } from '@engram/core';

const UUID = new RegExp(UUID_PATTERN);
import { admitTenant } from '../access/operations';
import type { AppContext } from '../context';

/**
 * The scope a memory id lives in, within the caller's tenant: for transports whose clients name a
 * memory by id alone (Mem0's API, MCP). A key bound to a user gets its own user (a memory of
 * another user is then NOT_FOUND by the lookup that follows); a tenant-wide key may read every
 * user of its tenant, so telling it the owner discloses nothing it could not read.
 */
export async function locateMemory(
  ctx: AppContext,
  input: { tenantId: string; principal?: Principal; memoryId: string },
): Promise<Scope> {
  const { tenantId, principal } = admitTenant(ctx, input, 'locateMemory');
  if (principal.userId !== null) return { tenantId, userId: principal.userId, agentId: principal.agentId };
  const id = input.memoryId.toLowerCase();
  const notFound = new EngramError('NOT_FOUND', `memory ${id} not found`, { details: { memoryId: id } });
  if (!UUID.test(id)) throw notFound;
  const r = await ctx.db.query<{ user_id: string; agent_id: string | null }>(
    `SELECT user_id, agent_id FROM memories WHERE tenant_id = $1 AND id = $2::uuid
     UNION ALL SELECT user_id, NULL FROM memory_history WHERE tenant_id = $1 AND memory_id = $2::uuid LIMIT 1`,
    [tenantId, id],
  );
  const row = r.rows[0];
  if (!row) throw notFound;
  return { tenantId, userId: row.user_id, agentId: principal.agentId ?? row.agent_id };
}
