import type { Clock, QueryHit } from '@engram/core';
import { createHybridRetriever, createSearchIndexProjector } from '@engram/retrieval';
import {
  createRootLogger,
  Lifecycle,
  openEmbedder,
  openFoundation,
  openIndexes,
  parseConfig,
  startConsolidator,
  startProjectors,
  type Foundation,
} from '@engram/runtime';
import { PROJECTION_NAMES, sqlProjectionProgress } from '@engram/projections';
import { waitFor } from '@engram/testing';

export const FIXED_CLOCK: Clock = { now: () => new Date('2024-01-01T00:00:00Z') };

export interface Parts {
  f: Foundation;
  query(userId: string, text: string): Promise<Array<Pick<QueryHit, 'id' | 'kind' | 'content' | 'score'>>>;
  /** Resolves once the SQL projections and the search index applied everything in the log. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The service's parts in this process, as the all-in-one composes them (projectors, consolidator,
 * search-index projector), with a retriever on a fixed clock so scores are comparable across runs.
 */
export async function openParts(
  env: Record<string, string>,
  opts: { projectors?: boolean; consolidator?: boolean } = {},
): Promise<Parts> {
  const cfg = parseConfig({ ...env, LOG_LEVEL: 'error' });
  const logger = createRootLogger({ service: 'cli-test', level: 'error' });
  const life = new Lifecycle(logger);
  const f = await openFoundation(cfg, logger, life);
  if (opts.projectors !== false) await startProjectors(f, PROJECTION_NAMES);
  if (opts.consolidator) await startConsolidator(f);
  const embedder = await openEmbedder(cfg);
  const { text, context, vectors } = await openIndexes(cfg, embedder);
  life.add({ name: 'text', close: () => text.close() });
  life.add({ name: 'context', close: () => context.close() });
  life.add({ name: 'vectors', close: () => vectors.close() });
  const search = await createSearchIndexProjector({
    log: f.log,
    textIndex: text,
    contextTextIndex: context,
    vectorIndex: vectors,
    embedder,
  });
  life.add({ name: 'search', close: () => search.close() });
  const retriever = createHybridRetriever({
    db: f.db,
    textIndex: text,
    contextTextIndex: context,
    vectorIndex: vectors,
    embedder,
    config: {
      importanceDecayDays: cfg.memory.importanceDecayDays,
      archivedWeight: cfg.memory.archivedWeight,
      rerankEnabled: false,
      rerankTopK: cfg.memory.rerankTopK,
      rerankTimeoutSeconds: cfg.memory.rerankTimeoutSeconds,
      rerankMinScore: 0,
    },
    clock: FIXED_CLOCK,
  });
  const sql = sqlProjectionProgress(f.db, [...PROJECTION_NAMES]);
  return {
    f,
    async query(userId, q) {
      const hits = await retriever.search({ scope: { tenantId: 'default', userId, agentId: null }, query: q, k: 8 });
      return hits.map((h) => ({ id: h.id, kind: h.kind, content: h.content, score: h.score }));
    },
    async settled() {
      await waitFor('the SQL projections and the search index to reach the log head', async () => {
        for (const [partition, next] of await f.log.head()) {
          if (next === 0) continue;
          const pos = { partition, offset: next - 1 };
          if (!(await sql.reached(pos)) || !(await search.reached(pos))) return false;
        }
        return true;
      });
    },
    close: () => life.stop(),
  };
}
