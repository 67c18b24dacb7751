import { EngramError } from '@engram/core';
import type { ProvenanceSource, Scope, SqlExecutor } from '@engram/core';
import { contentHash, decideKeyedWrite } from '@engram/projections';
import type { ActiveKeyHolder } from '@engram/projections';

export type PrecheckVerdict = { action: 'append' } | { action: 'duplicate'; id: string };

/**
 * The semantic projector's write rules, applied early against the read model so the caller gets a
 * clear answer: the same holders (same agent, SEMANTIC, the key), the same guard (decideKeyedWrite),
 * the same content-hash dedup for unkeyed entries. The projector stays authoritative.
 */
export async function precheckSemanticWrite(
  db: SqlExecutor,
  scope: Scope,
  entry: { key: string | null; content: string; source: ProvenanceSource },
): Promise<PrecheckVerdict> {
  const base = [scope.tenantId, scope.userId, scope.agentId];
  if (entry.key !== null) {
    const r = await db.query<ActiveKeyHolder & { content: string }>(
      `SELECT id::text AS id, source, version, content FROM memories
        WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3 AND key = $4 AND tier = 'SEMANTIC'
        ORDER BY version`,
      [...base, entry.key],
    );
    const holders = r.rows.map((h) => ({ ...h, version: Number(h.version) }));
    const decision = decideKeyedWrite(holders, entry.source, entry.key);
    if (decision.action === 'reject') {
      throw new EngramError('PROVENANCE_REJECTED', decision.reason, {
        details: {
          field: 'source',
          key: entry.key,
          existing: decision.strongest.source,
          incoming: entry.source,
          heldBy: decision.strongest.id,
        },
      });
    }
    const same = holders.find((h) => h.content === entry.content);
    return same ? { action: 'duplicate', id: same.id } : { action: 'append' };
  }
  const dup = await db.query<{ id: string }>(
    `SELECT id::text AS id FROM memories WHERE tenant_id = $1 AND user_id = $2 AND agent_id IS NOT DISTINCT FROM $3
        AND tier = 'SEMANTIC' AND content_hash = $4 ORDER BY created_at LIMIT 1`,
    [...base, contentHash(entry.content)],
  );
  return dup.rows[0] ? { action: 'duplicate', id: dup.rows[0].id } : { action: 'append' };
}
