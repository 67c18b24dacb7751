import { basename, join } from 'node:path';
import {
  currentSchemaVersion,
  deterministicId,
  newId,
  streamKeyOf,
  type EngramEvent,
  type EventLog,
  type MemoryArchived,
  type SqlDatabase,
} from '@engram/core';
import { contentHash } from '@engram/projections';
import { listBatches, readBatch, writeBatch, type ArchiveBatch, type ArchiveRecord } from './batch-file';

export interface ColdArchiveOptions {
  /** Entries not changed or read for this many days are archived (ARCHIVE_DAYS). */
  days: number;
  now: Date;
}

export interface ColdArchiveOutcome {
  batchFile: string | null;
  archived: number;
  /** Events appended for batches an earlier run wrote but did not finish. */
  resumed: number;
  /** Records removed from batch files because their entry was erased since (P4). */
  purged: number;
}

export function archiveDir(dataDir: string): string {
  return join(dataDir, 'archive');
}

type Row = Record<string, unknown>;
const iso = (v: unknown): string => (v instanceof Date ? v.toISOString() : new Date(String(v)).toISOString());

function recordOf(r: Row): ArchiveRecord {
  return {
    kind: 'record',
    memoryId: String(r.id),
    tenantId: String(r.tenant_id),
    userId: String(r.user_id),
    agentId: r.agent_id == null ? null : String(r.agent_id),
    type: String(r.type),
    factKind: String(r.kind),
    key: r.key == null ? null : String(r.key),
    content: String(r.content),
    tags: (r.tags as string[]) ?? [],
    source: String(r.source),
    confidence: Number(r.confidence),
    importance: Number(r.importance),
    createdAt: iso(r.created_at),
    updatedAt: iso(r.updated_at),
    lastAccessed: r.last_accessed == null ? null : iso(r.last_accessed),
    sourceMessageIds: (r.source_message_ids as string[]) ?? [],
    episodeId: r.episode_id == null ? null : String(r.episode_id),
    fingerprint: contentHash(String(r.content)),
  };
}

function archivedEvent(batchId: string, r: ArchiveRecord, now: string): MemoryArchived {
  return {
    eventId: deterministicId('cold_archive', batchId, r.memoryId),
    type: 'MemoryArchived',
    schemaVersion: currentSchemaVersion('MemoryArchived'),
    tenantId: r.tenantId,
    userId: r.userId,
    agentId: r.agentId,
    sessionId: null,
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: batchId,
    keyId: null,
    payload: { memoryId: r.memoryId, reason: 'cold_archive', effectiveImportance: null },
  };
}

/** Appends per stream (one append holds one stream), at most 256 events each. */
async function appendByStream(log: EventLog, events: EngramEvent[]): Promise<void> {
  const streams = new Map<string, EngramEvent[]>();
  for (const e of events) streams.set(streamKeyOf(e), [...(streams.get(streamKeyOf(e)) ?? []), e]);
  for (const list of streams.values())
    for (let i = 0; i < list.length; i += 256) await log.append(list.slice(i, i + 256));
}

/**
 * Finishes batches of an interrupted run (records whose entry is still not ARCHIVAL get their event)
 * and drops records of entries erased since (forget cascades into the archive), rewriting the file
 * atomically.
 */
async function reconcile(
  db: SqlDatabase,
  log: EventLog,
  batches: ArchiveBatch[],
  now: string,
): Promise<{ resumed: string[]; purged: number }> {
  const resumed: string[] = [];
  let purged = 0;
  for (const b of batches) {
    if (b.records.length === 0) continue;
    const r = await db.query<{ id: string }>('SELECT id::text AS id FROM memories WHERE id = ANY($1::uuid[])', [
      b.records.map((x) => x.memoryId),
    ]);
    const exists = new Set(r.rows.map((x) => x.id));
    // An entry restored since keeps its archived history row: only never-applied events are missing.
    const eventIds = b.records.map((x) => deterministicId('cold_archive', b.meta.batchId, x.memoryId));
    const h = await db.query<{ id: string }>(
      "SELECT event_id::text AS id FROM memory_history WHERE action = 'archived' AND event_id = ANY($1::uuid[])",
      [eventIds],
    );
    const applied = new Set(h.rows.map((x) => x.id));
    const pending = b.records.filter((x, i) => exists.has(x.memoryId) && !applied.has(eventIds[i]!));
    if (pending.length > 0) {
      await appendByStream(
        log,
        pending.map((x) => archivedEvent(b.meta.batchId, x, now)),
      );
      resumed.push(...pending.map((x) => x.memoryId));
    }
    purged += await keepOnly(b, exists);
  }
  return { resumed, purged };
}

/** Rewrites a batch file atomically without the records of erased entries; the number removed. */
async function keepOnly(b: ArchiveBatch, exists: ReadonlySet<string>): Promise<number> {
  const kept = b.records.filter((x) => exists.has(x.memoryId));
  if (kept.length === b.records.length) return 0;
  const { kind: _k, records: _n, sha256: _s, ...meta } = b.meta;
  await writeBatch(join(b.file, '..'), meta, kept, basename(b.file));
  return b.records.length - kept.length;
}

/**
 * P4: removes from every batch file under the data dir the records of entries erased since they were
 * archived (each file rewritten atomically: temp, fsync, rename). The read models must have applied
 * the erasure. Returns the number of records removed.
 */
export async function purgeErasedFromArchive(deps: { db: SqlDatabase; dataDir: string }): Promise<number> {
  let purged = 0;
  for (const file of await listBatches(archiveDir(deps.dataDir))) {
    const b = await readBatch(file);
    if (b.records.length === 0) continue;
    const r = await deps.db.query<{ id: string }>('SELECT id::text AS id FROM memories WHERE id = ANY($1::uuid[])', [
      b.records.map((x) => x.memoryId),
    ]);
    purged += await keepOnly(b, new Set(r.rows.map((x) => x.id)));
  }
  return purged;
}

/**
 * A1: SEMANTIC entries neither changed nor read for `days` (pinned and USER entries excepted: they
 * never decay, M3) are written atomically (temp, fsync, rename) as one JSONL batch with its metadata
 * record under <data dir>/archive, then moved to ARCHIVAL by MemoryArchived{reason:'cold_archive'}
 * events whose ids derive from the batch and the entry (a rerun finishes, never duplicates, them).
 * The read models must be caught up with the log when this runs.
 */
export async function runColdArchive(
  deps: { db: SqlDatabase; log: EventLog; dataDir: string },
  opts: ColdArchiveOptions,
): Promise<ColdArchiveOutcome> {
  const dir = archiveDir(deps.dataDir);
  const now = opts.now.toISOString();
  const batches = await Promise.all((await listBatches(dir)).map(readBatch));
  const { resumed, purged } = await reconcile(deps.db, deps.log, batches, now);
  const cutoff = new Date(opts.now.getTime() - opts.days * 86_400_000).toISOString();
  const rows = await deps.db.query<Row>(
    `SELECT * FROM memories
      WHERE tier = 'SEMANTIC' AND NOT pinned AND type <> 'USER'
        AND greatest(updated_at, coalesce(last_accessed, updated_at)) < $1::timestamptz
        AND NOT (id = ANY($2::uuid[]))
      ORDER BY tenant_id, user_id, updated_at, id`,
    [cutoff, resumed],
  );
  if (rows.rows.length === 0) return { batchFile: null, archived: 0, resumed: resumed.length, purged };
  const records = rows.rows.map(recordOf);
  const batchId = newId();
  const batchFile = await writeBatch(dir, { batchId, createdAt: now, cutoff, archiveDays: opts.days }, records);
  await appendByStream(
    deps.log,
    records.map((r) => archivedEvent(batchId, r, now)),
  );
  return { batchFile, archived: records.length, resumed: resumed.length, purged };
}
