import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createMemoryApp, type MemoryApp } from '@engram/app';
import {
  createSealedEventLog,
  currentSchemaVersion,
  pollUntil,
  silentLogger,
  systemClock,
  type EngramEvent,
  type EventOfType,
  type EventType,
  type PayloadOf,
  type SealedEventLog,
  type SqlDatabase,
} from '@engram/core';
import { createHashEmbedder } from '@engram/embedder-use';
import {
  createAesGcmCipher,
  createMasterKey,
  generateMasterKeyText,
  openFileKeyStore,
  openSqlKeyStore,
  parseMasterKey,
} from '@engram/encryption';
import { createAvroEventCodec } from '@engram/event-codec-avro';
import { openFileEventLog } from '@engram/event-log-file';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';
import {
  getErasure,
  PROJECTION_NAMES,
  PROJECTORS,
  runMigrations,
  sqlDeadLetters,
  sqlProjectionProgress,
  startProjector,
  type ErasureReport,
  type RunningProjector,
} from '@engram/projections';
import { createHybridRetriever, createSearchIndexProjector } from '@engram/retrieval';
import { openPglite } from '@engram/store-pglite';
import { createScratchDatabase, openPostgres } from '@engram/store-postgres';
import { startErasureCoordinator } from '../src';

/** The embedded parts as the all-in-one composes them, every one on disk under one data dir. */
export interface ErasureStack {
  dir: string;
  /** The scratch database when the stack runs on PostgreSQL. */
  postgres: { url: string; name: string } | null;
  log: SealedEventLog;
  db: SqlDatabase;
  app: MemoryApp;
  tenantId: string;
  /** Appends events built with `make` through the sealed log (as Engram's own services do). */
  append(events: EngramEvent[]): Promise<string>;
  /** Waits for the erasure report to leave pending (no fixed sleeps: condition wait, long bound). */
  report(erasureId: string, timeoutMs?: number): Promise<ErasureReport>;
  /** Waits until the read models and the search index applied everything in the log. */
  caughtUp(timeoutMs?: number): Promise<void>;
  /** Stops everything, leaving the data dir on disk. */
  stop(): Promise<void>;
  /** Starts everything again on the same data dir. */
  restart(): Promise<void>;
  cleanup(): Promise<void>;
}

const codec = createAvroEventCodec();
const cipher = createAesGcmCipher();

export interface ErasureStackOptions {
  /** A PostgreSQL server: the read models and the key store go to a scratch database on it (as distributed). */
  pgUrl?: string;
}

export async function openErasureStack(tenantId = 'acme', opts: ErasureStackOptions = {}): Promise<ErasureStack> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-erasure-'));
  const scratch = opts.pgUrl ? await createScratchDatabase(opts.pgUrl, 'engram_erasure') : null;
  const master = generateMasterKeyText();
  let parts: Awaited<ReturnType<typeof open>>;

  async function open() {
    const inner = await openFileEventLog({ dir: join(dir, 'log'), codec });
    const db = scratch
      ? openPostgres({ connectionString: scratch.url, max: 4 })
      : await openPglite({ dataDir: join(dir, 'pglite') });
    await runMigrations(db);
    const keyOpts = { master: createMasterKey(parseMasterKey(master, 'test')), eventKey: cipher.eventKey.bind(cipher) };
    const keys = scratch
      ? await openSqlKeyStore({ db, ...keyOpts })
      : await openFileKeyStore({ dir: join(dir, 'keys'), ...keyOpts });
    const log = createSealedEventLog(inner, { keys, cipher });
    const running: RunningProjector[] = [];
    for (const projector of Object.values(PROJECTORS))
      running.push(await startProjector({ log, db, projector, batchSize: 100 }));
    const textIndex = await createLocalTextIndex({ dir: join(dir, 'index', 'text') });
    const contextTextIndex = await createLocalTextIndex({ dir: join(dir, 'index', 'context') });
    const vectorIndex = await createLocalVectorIndex({ dir: join(dir, 'index', 'vectors') });
    const embedder = createHashEmbedder();
    const searchIndex = await createSearchIndexProjector({
      log,
      textIndex,
      contextTextIndex,
      vectorIndex,
      embedder,
      snapshotEveryMs: 0,
    });
    const sql = sqlProjectionProgress(db, [...PROJECTION_NAMES]);
    const progress = {
      reached: async (pos: Parameters<typeof sql.reached>[0]) =>
        (await sql.reached(pos)) && (await searchIndex.reached(pos)),
    };
    const retriever = createHybridRetriever({
      db,
      textIndex,
      contextTextIndex,
      vectorIndex,
      embedder,
      clock: systemClock,
      config: { rerankEnabled: false },
    });
    const app = createMemoryApp({
      log,
      db,
      retriever,
      progress,
      trusted: true,
      clock: systemClock,
      logger: silentLogger,
      config: { maxContentBytes: 32 * 1024, minPositionWaitMs: 30_000, accessFlushMs: 60_000 },
    });
    const coordinator = await startErasureCoordinator({
      log,
      db,
      progress,
      searchIndex,
      deadLetters: sqlDeadLetters(db),
      dataDir: dir,
      clock: systemClock,
    });
    return {
      log,
      db,
      app,
      progress,
      async close() {
        await coordinator.close();
        await app.close();
        await searchIndex.close();
        for (const p of running) await p.close();
        await textIndex.close();
        await contextTextIndex.close();
        await vectorIndex.close();
        await log.close();
        await keys.close();
        await db.close();
      },
    };
  }
  parts = await open();
  const stack: ErasureStack = {
    dir,
    postgres: scratch ? { url: scratch.url, name: scratch.name } : null,
    tenantId,
    get log() {
      return parts.log;
    },
    get db() {
      return parts.db;
    },
    get app() {
      return parts.app;
    },
    async append(events) {
      const r = await parts.log.append(events);
      const last = r.positions[r.positions.length - 1]!;
      return `${last.partition}:${last.offset}`;
    },
    async report(erasureId, timeoutMs = 120_000) {
      let r: ErasureReport | null = null;
      const done = await pollUntil(
        async () => {
          r = await getErasure(parts.db, tenantId, erasureId);
          return r !== null && r.status !== 'pending';
        },
        { backoff: { initialMs: 20, maxMs: 250 }, timeoutMs },
      );
      if (!done) throw new Error(`erasure ${erasureId} still ${r ? (r as ErasureReport).status : 'unknown'}`);
      return r!;
    },
    async caughtUp(timeoutMs = 120_000) {
      const head = await parts.log.head();
      for (const [partition, next] of head) {
        if (next === 0) continue;
        const ok = await pollUntil(() => parts.progress.reached({ partition, offset: next - 1 }), {
          backoff: { initialMs: 20, maxMs: 250 },
          timeoutMs,
        });
        if (!ok) throw new Error(`read models did not reach ${partition}:${next - 1}`);
      }
    },
    async stop() {
      await parts.close();
    },
    async restart() {
      parts = await open();
    },
    async cleanup() {
      await rm(dir, { recursive: true, force: true });
      await scratch?.drop();
    },
  };
  return stack;
}

/** Builds an event of `type` for the user, as Engram's own services would append it. */
export function make<T extends EventType>(
  tenantId: string,
  userId: string,
  type: T,
  payload: PayloadOf<T>,
  over: Partial<EngramEvent> = {},
): EventOfType<T> {
  const now = new Date().toISOString();
  return {
    eventId: randomUUID(),
    type,
    schemaVersion: currentSchemaVersion(type),
    tenantId,
    userId,
    agentId: null,
    sessionId: 's-1',
    occurredAt: now,
    recordedAt: now,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload,
    ...over,
  } as EventOfType<T>;
}

/**
 * Every file under dir in which `needle` occurs, compared case-insensitively (the text index keeps
 * folded terms), as it is in the bytes: what a privacy officer's grep of the data directory finds.
 */
export async function filesContaining(dir: string, needle: string): Promise<string[]> {
  const lower = needle.toLowerCase();
  const hits: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true, recursive: true })) {
    if (!e.isFile()) continue;
    const path = join(e.parentPath, e.name);
    const bytes = await readFile(path);
    if (bytes.toString('latin1').toLowerCase().includes(lower)) hits.push(path);
  }
  return hits;
}
