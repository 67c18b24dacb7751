import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { currentSchemaVersion, newId, type EventOfType } from '@engram/core';
import { openEventCodec } from '@engram/runtime';
import { openFileEventLog } from '@engram/event-log-file';
import { PROJECTORS, runMigrations } from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import { catchUpProjectors } from '../src/catch-up';

function memory(i: number): EventOfType<'MemoryWritten'> {
  const at = new Date(Date.UTC(2026, 0, 1) + i * 60_000).toISOString();
  return {
    eventId: newId(),
    type: 'MemoryWritten',
    schemaVersion: currentSchemaVersion('MemoryWritten'),
    tenantId: 't1',
    userId: 'u1',
    agentId: null,
    sessionId: null,
    occurredAt: at,
    recordedAt: at,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload: {
      memoryId: newId(),
      type: 'USER',
      tier: 'SEMANTIC',
      key: null,
      content: `statistics ${i}`,
      tags: [],
      importance: 0.5,
      pinned: false,
      source: 'user_stated',
      confidence: 1,
      scope: null,
      metadata: {},
      sourceMessageIds: [],
      episodeId: null,
      validFrom: null,
      validTo: null,
    },
  } as EventOfType<'MemoryWritten'>;
}

describe('catchUpProjectors', () => {
  it('refreshes the planner statistics of the tables it fills once 1,000 events are applied (no autovacuum on PGlite)', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'engram-catch-up-'));
    const log = await openFileEventLog({ dir: join(dir, 'log'), codec: await openEventCodec() });
    const db = await openPglite();
    const stats = async () =>
      (
        await db.query<{ n: number }>(
          "SELECT count(*)::int AS n FROM pg_stats WHERE tablename = 'memories' AND attname = 'content_hash'",
        )
      ).rows[0]!.n;
    try {
      await runMigrations(db);
      const events = Array.from({ length: 1200 }, (_, i) => memory(i));
      for (let i = 0; i < events.length; i += 500) await log.append(events.slice(i, i + 500));
      expect(await stats()).toBe(0);
      expect(await catchUpProjectors(log, db, Object.values(PROJECTORS), { batchSize: 600 })).toBe(1200);
      expect(await stats()).toBe(1);
    } finally {
      await log.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    }
  });
});
