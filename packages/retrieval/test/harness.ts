import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  JsonEventCodec,
  currentSchemaVersion,
  deterministicId,
  type Embedder,
  type EngramEvent,
  type EventOfType,
  type EventType,
  type LogPosition,
  type PayloadOf,
  type SqlDatabase,
} from '@engram/core';
import { openFileEventLog } from '@engram/event-log-file';
import {
  PROJECTORS,
  runMigrations,
  sqlProjectionProgress,
  startProjector,
  type RunningProjector,
} from '@engram/projections';
import { openPglite } from '@engram/store-pglite';
import {
  createLocalTextIndex,
  createLocalVectorIndex,
  type LocalTextIndex,
  type LocalVectorIndex,
} from '@engram/index-local';
import { createSearchIndexProjector, type SearchIndexProjector } from '@engram/retrieval';
import { waitFor } from '@engram/testing';

let seq = 0;

/** An event as the API would append it. */
export function ev<T extends EventType>(
  type: T,
  payload: PayloadOf<T>,
  env: {
    tenantId?: string;
    userId?: string;
    agentId?: string | null;
    sessionId?: string | null;
    occurredAt?: string;
  } = {},
): EventOfType<T> {
  const at = env.occurredAt ?? new Date(Date.UTC(2026, 0, 1) + seq * 1000).toISOString();
  return {
    eventId: deterministicId('retrieval-test', type, seq++, JSON.stringify(payload)),
    type,
    schemaVersion: currentSchemaVersion(type),
    tenantId: env.tenantId ?? 't1',
    userId: env.userId ?? 'u1',
    agentId: env.agentId ?? null,
    sessionId: env.sessionId ?? null,
    occurredAt: at,
    recordedAt: at,
    causationId: null,
    correlationId: null,
    keyId: null,
    payload,
  } as EventOfType<T>;
}

export function memory(
  content: string,
  over: Partial<PayloadOf<'MemoryWritten'>> = {},
  env: Parameters<typeof ev>[2] = {},
): EventOfType<'MemoryWritten'> {
  return ev(
    'MemoryWritten',
    {
      memoryId: deterministicId('memory', content, env.tenantId ?? 't1', env.userId ?? 'u1', seq),
      type: 'ENVIRONMENT',
      tier: 'SEMANTIC',
      key: null,
      content,
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
      ...over,
    },
    env,
  );
}

export function message(
  content: string,
  messageId: string,
  env: Parameters<typeof ev>[2] = {},
): EventOfType<'MessageObserved'> {
  return ev('MessageObserved', { messageId, role: 'user', content, metadata: {} }, { sessionId: 's1', ...env });
}

export interface Harness {
  dir: string;
  db: SqlDatabase;
  text: LocalTextIndex;
  /** The conversation-window keyword index. */
  context: LocalTextIndex;
  vectors: LocalVectorIndex;
  searchIndex: SearchIndexProjector;
  append(events: EngramEvent[]): Promise<LogPosition[]>;
  /** Restarts the search-index projector (and reloads both indexes from their snapshots). */
  restartIndexes(embedder?: Embedder, beforeReopen?: (indexDir: string) => Promise<void>): Promise<void>;
  indexDir: string;
  close(): Promise<void>;
}

/** One migrated PGlite per test file (opening one is the slow part); emptied by each harness. */
export async function openTestDatabase(): Promise<SqlDatabase> {
  const db = await openPglite();
  await runMigrations(db);
  return db;
}

async function emptyAllTables(db: SqlDatabase): Promise<void> {
  const r = await db.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' AND table_type = 'BASE TABLE'",
  );
  const tables = r.rows.map((x) => x.table_name).filter((t) => !/migration/i.test(t));
  if (tables.length > 0) await db.query(`TRUNCATE ${tables.map((t) => `"${t}"`).join(', ')}`);
}

/** The real embedded stack: file log, PGlite read models, projectors, local indexes. */
export async function openHarness(embedder: Embedder, db: SqlDatabase): Promise<Harness> {
  const dir = await mkdtemp(join(tmpdir(), 'engram-retrieval-'));
  const log = await openFileEventLog({ dir: join(dir, 'log'), codec: new JsonEventCodec() });
  await emptyAllTables(db);
  const projectors: RunningProjector[] = [];
  for (const name of ['episodic', 'semantic', 'working'] as const)
    projectors.push(await startProjector({ log, db, projector: PROJECTORS[name] }));
  const progress = sqlProjectionProgress(db, ['episodic', 'semantic', 'working']);
  const indexDir = join(dir, 'index');
  const h = {
    dir,
    db,
    text: await createLocalTextIndex({ dir: indexDir }),
    context: await createLocalTextIndex({ dir: join(indexDir, 'context') }),
    vectors: await createLocalVectorIndex({ dir: indexDir }),
    searchIndex: null as unknown as SearchIndexProjector,
  };
  h.searchIndex = await createSearchIndexProjector({
    log,
    textIndex: h.text,
    contextTextIndex: h.context,
    vectorIndex: h.vectors,
    embedder,
    snapshotEveryMs: 0,
  });

  const waitAll = async (pos: LogPosition) => {
    await waitFor(`the projections to reach ${pos.partition}:${pos.offset}`, () => progress.reached(pos));
    if (!(await h.searchIndex.waitFor(pos, 20_000))) throw new Error(`search index did not reach ${pos.offset}`);
  };

  return Object.assign(h, {
    async append(events: EngramEvent[]) {
      const positions: LogPosition[] = [];
      // One append per stream (the log's unit of ordering).
      for (const e of events) positions.push(...(await log.append([e])).positions);
      await waitAll(positions[positions.length - 1]!);
      return positions;
    },
    indexDir,
    async restartIndexes(next: Embedder = embedder, beforeReopen?: (indexDir: string) => Promise<void>) {
      await h.searchIndex.close();
      await h.text.close();
      await h.context.close();
      await h.vectors.close();
      await beforeReopen?.(indexDir);
      h.text = await createLocalTextIndex({ dir: indexDir });
      h.context = await createLocalTextIndex({ dir: join(indexDir, 'context') });
      h.vectors = await createLocalVectorIndex({ dir: indexDir });
      h.searchIndex = await createSearchIndexProjector({
        log,
        textIndex: h.text,
        contextTextIndex: h.context,
        vectorIndex: h.vectors,
        embedder: next,
        snapshotEveryMs: 0,
      });
    },
    async close() {
      await h.searchIndex.close();
      for (const p of projectors) await p.close();
      await log.close();
      await rm(dir, { recursive: true, force: true });
    },
  });
}

/** Wraps an embedder to count how many texts it embedded. */
export function counting(inner: Embedder, modelId = inner.modelId): Embedder & { texts: number } {
  const c = {
    modelId,
    dimensions: inner.dimensions,
    texts: 0,
    async embed(texts: string[]) {
      c.texts += texts.length;
      return inner.embed(texts);
    },
  };
  return c;
}
