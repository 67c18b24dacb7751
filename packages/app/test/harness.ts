import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EngramError, JsonEventCodec, systemClock, type Logger } from '@engram/core';
import type { EngramEvent, EventLog, ProjectionProgress, Retriever, SqlDatabase } from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';
import {
  createSemanticWriteIndex,
  PROJECTORS,
  Readiness,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
} from '@engram/projections';
import type { RunningProjector } from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import { createHashEmbedder } from '@engram/embedder-use';
import { createLocalTextIndex, createLocalVectorIndex } from '@engram/index-local';
import { createHybridRetriever, createSearchIndexProjector } from '@engram/retrieval';
import type { ContentScreen } from '@engram/core';
import { createMemoryApp } from '../src/index';
import type { MemoryApp, MemoryAppConfig, MemoryAppLimits } from '../src/index';

/** Keeps what was logged so a test can assert that nothing failed silently. */
export class RecordingLogger implements Logger {
  readonly entries: Array<{ level: string; obj: object; msg?: string }> = [];
  debug(obj: object, msg?: string) {
    this.entries.push({ level: 'debug', obj, msg });
  }
  info(obj: object, msg?: string) {
    this.entries.push({ level: 'info', obj, msg });
  }
  warn(obj: object, msg?: string) {
    this.entries.push({ level: 'warn', obj, msg });
  }
  error(obj: object, msg?: string) {
    this.entries.push({ level: 'error', obj, msg });
  }
  get errors() {
    return this.entries.filter((e) => e.level === 'error');
  }
}

export interface Stack {
  dir: string;
  log: EventLog;
  db: SqlDatabase;
  progress: ProjectionProgress;
  retriever: Retriever;
  app: MemoryApp;
  logger: RecordingLogger;
  /** /readyz of this stack: the log, the store, the running projectors. */
  readiness: Readiness;
  /** Every event in the log, in order. */
  events(): Promise<EngramEvent[]>;
  close(): Promise<void>;
}

export interface StackOptions {
  config?: Partial<MemoryAppConfig>;
  /** Start the four projectors (default true). */
  projectors?: boolean;
  /** The content screen (default: the app's, rules alone with policy block). */
  screen?: (logger: Logger) => ContentScreen;
  /** Calls without a principal run as the open principal (default true; servers under test pass one). */
  trusted?: boolean;
  limits?: MemoryAppLimits;
}

/** The real components: file event log, PGlite read store, the projectors, the search index and the retriever every service uses. */
export async function openStack(opts: StackOptions = {}): Promise<Stack> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-app-'));
  const log = await openFileEventLog({ dir: join(dir, 'log'), codec: new JsonEventCodec() });
  const db = await openPglite();
  await runMigrations(db);
  const running: RunningProjector[] = [];
  const readiness = new Readiness(log, db, 30_000);
  // As in the all-in-one: the write precheck answered from the index the semantic projector keeps.
  const writeIndex = opts.projectors !== false ? createSemanticWriteIndex(db) : null;
  if (opts.projectors !== false) {
    for (const projector of Object.values(PROJECTORS)) {
      const handle = await startProjector({
        log,
        db,
        projector,
        batchSize: 100,
        ...(projector.name === 'semantic' && writeIndex ? { afterCommit: (b) => writeIndex.afterCommit(b) } : {}),
      });
      running.push(handle);
      readiness.addProjector(handle);
    }
  }
  const sqlProgress = sqlProjectionProgress(db, Object.keys(PROJECTORS));
  const textIndex = await createLocalTextIndex();
  const contextTextIndex = await createLocalTextIndex();
  const vectorIndex = await createLocalVectorIndex();
  const embedder = createHashEmbedder();
  const searchIndex = await createSearchIndexProjector({
    log,
    textIndex,
    contextTextIndex,
    vectorIndex,
    embedder,
    snapshotEveryMs: 0,
  });
  const closers: Array<() => Promise<void>> = [() => searchIndex.close()];
  readiness.setSearchIndex(searchIndex);
  const progress: ProjectionProgress = {
    reached: async (pos) => (await sqlProgress.reached(pos)) && (await searchIndex.reached(pos)),
  };
  const retriever: Retriever = createHybridRetriever({
    db,
    textIndex,
    contextTextIndex,
    vectorIndex,
    embedder,
    clock: systemClock,
    config: { rerankEnabled: false },
  });
  const logger = new RecordingLogger();
  const app = createMemoryApp({
    log,
    db,
    retriever,
    progress,
    vectorProgress: searchIndex,
    ...(writeIndex ? { writePrecheck: writeIndex } : {}),
    ...(opts.screen ? { screen: opts.screen(logger) } : {}),
    clock: systemClock,
    logger,
    config: { maxContentBytes: 32 * 1024, minPositionWaitMs: 10_000, accessFlushMs: 50, ...opts.config },
    trusted: opts.trusted ?? true,
    ...(opts.limits ? { limits: opts.limits } : {}),
  });
  return {
    dir,
    log,
    db,
    progress,
    retriever,
    app,
    logger,
    readiness,
    async events() {
      const out: EngramEvent[] = [];
      for await (const s of log.read()) out.push(s.event);
      return out;
    },
    async close() {
      await app.close();
      for (const c of closers) await c();
      for (const p of running) await p.close();
      await log.close();
      await db.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
}

export const scopeOf = (userId: string, tenantId = 't1', agentId: string | null = null) => ({
  tenantId,
  userId,
  agentId,
});

/** The EngramError a call fails with (the test fails if it succeeds or throws anything else). */
export async function rejection(p: Promise<unknown>): Promise<EngramError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof EngramError) return e;
    throw e;
  }
  throw new Error('expected the call to fail');
}
