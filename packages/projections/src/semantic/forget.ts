import { assertNever, type MemoryForgotten, type SqlExecutor } from '@engram/core';
import { isUuid } from '../sql-values';
import { addHistory } from './history';

/**
 * P4 in the semantic model: deletes the forgotten rows and their history (and rejected attempts on
 * the key), drops contradictions that quote them, and leaves one 'forgotten' history row per erased
 * entry that holds no content, not even the key (a key name carries content). A replay, which reads
 * erased keys as null, ends in the same rows: the erasure's cascade names every entry by id.
 */
export async function forgetInSemantic(tx: SqlExecutor, e: MemoryForgotten): Promise<void> {
  const p = e.payload;
  const scope = [e.tenantId, e.userId];
  let ids: string[];

  switch (p.target) {
    case 'memory': {
      if (!isUuid(p.memoryId)) return;
      ids = (
        await tx.query<{ id: string }>(
          'DELETE FROM memories WHERE tenant_id = $1 AND user_id = $2 AND id = $3 RETURNING id',
          [...scope, p.memoryId],
        )
      ).rows.map((r) => r.id);
      // Also an id that never became a row (e.g. a rejected write) loses its history.
      await tx.query('DELETE FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND memory_id = $3', [
        ...scope,
        p.memoryId,
      ]);
      if (ids.length === 0) ids = [p.memoryId];
      break;
    }
    case 'key': {
      if (p.key === null) return;
      const key = p.key;
      ids = (
        await tx.query<{ id: string }>(
          'DELETE FROM memories WHERE tenant_id = $1 AND user_id = $2 AND key = $3 RETURNING id',
          [...scope, key],
        )
      ).rows.map((r) => r.id);
      await tx.query(
        'DELETE FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND (key = $3 OR memory_id = ANY($4::uuid[]))',
        [...scope, key, ids],
      );
      await tx.query("DELETE FROM contradictions WHERE tenant_id = $1 AND user_id = $2 AND candidate->>'key' = $3", [
        ...scope,
        key,
      ]);
      break;
    }
    case 'derived': {
      const wanted = (p.derived?.memoryIds ?? []).filter(isUuid);
      const skills = (p.derived?.skillIds ?? []).filter(isUuid);
      if (skills.length > 0)
        await tx.query('DELETE FROM skills WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[])', [
          ...scope,
          skills,
        ]);
      if (wanted.length === 0) return;
      await tx.query('DELETE FROM memories WHERE tenant_id = $1 AND user_id = $2 AND id = ANY($3::uuid[])', [
        ...scope,
        wanted,
      ]);
      await tx.query(
        'DELETE FROM memory_history WHERE tenant_id = $1 AND user_id = $2 AND memory_id = ANY($3::uuid[])',
        [...scope, wanted],
      );
      ids = wanted;
      break;
    }
    case 'user':
      ids = (
        await tx.query<{ id: string }>('DELETE FROM memories WHERE tenant_id = $1 AND user_id = $2 RETURNING id', scope)
      ).rows.map((r) => r.id);
      // The user's write status and dead letters go too: a retried dead letter must not bring an erased write back.
      for (const table of [
        'memory_history',
        'contradictions',
        'skills',
        'write_rejections',
        'event_status',
        'dead_letters',
      ]) {
        await tx.query(`DELETE FROM ${table} WHERE tenant_id = $1 AND user_id = $2`, scope);
      }
      break;
    default:
      return assertNever(p.target, 'forget target');
  }

  if (ids.length > 0) {
    await tx.query(
      'DELETE FROM contradictions WHERE tenant_id = $1 AND user_id = $2 AND (entry_a_id = ANY($3::uuid[]) OR entry_b_id = ANY($3::uuid[]))',
      [...scope, ids],
    );
  }
  const reason = `forgotten (${p.target})${p.reason ? `: ${p.reason}` : ''}`;
  for (const id of ids) {
    await addHistory(tx, {
      eventId: e.eventId,
      memoryId: id,
      action: 'forgotten',
      tenantId: e.tenantId,
      userId: e.userId,
      key: null,
      reason,
      at: e.occurredAt,
    });
  }
}
