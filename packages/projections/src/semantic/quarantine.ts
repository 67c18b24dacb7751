import {
  assertNever,
  type ContentQuarantined,
  type MemoryForgotten,
  type QuarantineResolved,
  type SqlExecutor,
} from '@engram/core';

/** A held write becomes a pending row; a redelivery keeps the first one. */
export async function projectQuarantined(tx: SqlExecutor, e: ContentQuarantined): Promise<void> {
  const p = e.payload;
  await tx.query(
    `INSERT INTO quarantined_writes (tenant_id, quarantine_id, user_id, agent_id, session_id, event_id, attempted, held_type, held_schema_version,
       held_payload, code, reason, intents, score, field, match, scanner, occurred_at, quarantined_at, key_id)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19, $20)
     ON CONFLICT (tenant_id, quarantine_id) DO NOTHING`,
    [
      e.tenantId,
      p.quarantineId,
      e.userId,
      e.agentId,
      e.sessionId,
      e.eventId,
      p.attempted,
      p.heldType,
      p.heldSchemaVersion,
      JSON.stringify(p.heldPayload),
      p.code,
      p.reason,
      JSON.stringify(p.intents),
      p.score,
      p.field,
      p.match,
      p.scanner,
      e.occurredAt,
      e.recordedAt,
      e.keyId,
    ],
  );
}

/** Only a pending row of the same user is resolved: the first decision stands. */
export async function projectQuarantineResolved(tx: SqlExecutor, e: QuarantineResolved): Promise<void> {
  const p = e.payload;
  await tx.query(
    `UPDATE quarantined_writes SET status = $4, resolved_at = $5, resolved_by = $6, released_event_id = $7, note = $8
     WHERE tenant_id = $1 AND user_id = $2 AND quarantine_id = $3 AND status = 'pending'`,
    [e.tenantId, e.userId, p.quarantineId, p.resolution, e.occurredAt, p.resolvedBy, p.releasedEventId, p.note],
  );
}

/** P4: a held write is content of the user too; erasing a memory, a key or the user erases it. */
export async function forgetQuarantined(tx: SqlExecutor, e: MemoryForgotten): Promise<void> {
  const p = e.payload;
  const scope = [e.tenantId, e.userId];
  switch (p.target) {
    case 'memory':
      if (p.memoryId === null) return;
      await tx.query(
        "DELETE FROM quarantined_writes WHERE tenant_id = $1 AND user_id = $2 AND held_payload->>'memoryId' = $3",
        [...scope, p.memoryId],
      );
      return;
    case 'key':
      if (p.key === null) return;
      await tx.query(
        "DELETE FROM quarantined_writes WHERE tenant_id = $1 AND user_id = $2 AND held_payload->>'key' = $3",
        [...scope, p.key],
      );
      return;
    case 'derived':
      if (!p.derived || p.derived.memoryIds.length === 0) return;
      await tx.query(
        "DELETE FROM quarantined_writes WHERE tenant_id = $1 AND user_id = $2 AND held_payload->>'memoryId' = ANY($3::text[])",
        [...scope, p.derived.memoryIds],
      );
      return;
    case 'user':
      await tx.query('DELETE FROM quarantined_writes WHERE tenant_id = $1 AND user_id = $2', scope);
      return;
    default:
      assertNever(p.target, 'forget target');
  }
}
