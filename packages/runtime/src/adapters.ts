/**
 * Builds the adapter behind each port from the validated config. Adapters are optional peers of this
 * package, imported when the config selects them: a process loads only the client libraries it uses,
 * and a service installs only the adapters of its deployment (docs/architecture.md).
 */
import { join } from 'node:path';
import type {
  DataKeyStore,
  Embedder,
  EmbeddingCache,
  EventCodec,
  EventLog,
  FieldCipher,
  Llm,
  Reranker,
  SqlDatabase,
  TextIndex,
  VectorIndex,
} from '@engram/core';
import { ContentScreen, createLlmInjectionClassifier, type ContentAnalyzer } from '@engram/core';
import type { EngramConfig } from './config';
import type { Logger } from './logger';
import { loadAdapter } from './optional-adapter';
import { readStoreTemplate } from './read-store-template';
import { createEmbeddingPool, type EmbeddingPool } from './embedding-pool';
import { availableParallelism } from 'node:os';

/** Subdirectory of the keyword index's directory that holds the conversation-window index. */
export const CONTEXT_INDEX_DIR = 'context';

export async function openEventCodec(): Promise<EventCodec> {
  const { createAvroEventCodec } = await import('@engram/event-codec-avro');
  return createAvroEventCodec();
}

export async function openEventLog(cfg: EngramConfig, codec: EventCodec, logger: Logger): Promise<EventLog> {
  const log = logger.child({ component: 'event-log', kind: cfg.log.kind });
  switch (cfg.log.kind) {
    case 'file': {
      const { openFileEventLog } = await loadAdapter(
        '@engram/event-log-file',
        'ENGRAM_LOG=file',
        () => import('@engram/event-log-file'),
      );
      return openFileEventLog({
        dir: cfg.log.dir,
        codec,
        logger: log,
        consumerCheckpointEveryMs: cfg.projections.logCheckpointEveryMs,
      });
    }
    case 'kafka': {
      const { openKafkaEventLog } = await loadAdapter(
        '@engram/event-log-kafka',
        'ENGRAM_LOG=kafka',
        () => import('@engram/event-log-kafka'),
      );
      return openKafkaEventLog({
        brokers: [...cfg.log.brokers],
        codec,
        topic: cfg.log.topic,
        partitions: cfg.log.partitions,
        logger: log,
      });
    }
    case 'esdb': {
      const { openEsdbEventLog } = await loadAdapter(
        '@engram/event-log-esdb',
        'ENGRAM_LOG=esdb',
        () => import('@engram/event-log-esdb'),
      );
      return openEsdbEventLog({ connectionString: cfg.log.connectionString, codec });
    }
  }
}

/**
 * The key store of the sealed log and its cipher. A master key generated here (first embedded start)
 * is announced loudly: without it nothing in the log can be read again.
 */
export async function openKeyStore(
  cfg: EngramConfig,
  db: SqlDatabase,
  logger: Logger,
): Promise<{ keys: DataKeyStore; cipher: FieldCipher }> {
  const { createAesGcmCipher, fileKeyStoreHasKeys, loadMasterKey, openFileKeyStore, openSqlKeyStore } =
    await import('@engram/encryption');
  const cipher = createAesGcmCipher();
  const eventKey = cipher.eventKey.bind(cipher);
  const ks = cfg.encryption.keyStore;
  const storeHasKeys = ks.kind === 'file' ? await fileKeyStoreHasKeys(ks.dir) : true;
  const loaded = await loadMasterKey(cfg.encryption.masterKey, { storeHasKeys });
  if (loaded.generated) {
    logger.warn(
      { masterKeyFile: loaded.path },
      `GENERATED A NEW MASTER KEY at ${loaded.path}. Back this file up now and keep the copy away from the data directory: every event's user content is sealed with keys it wraps, and without it the log cannot be read. Set ENGRAM_MASTER_KEY_FILE to its copy to keep it off this disk.`,
    );
  }
  const keys =
    ks.kind === 'file'
      ? await openFileKeyStore({ dir: ks.dir, master: loaded.master, eventKey })
      : await openSqlKeyStore({ db, master: loaded.master, eventKey });
  return { keys, cipher };
}

export async function openReadStore(cfg: EngramConfig): Promise<SqlDatabase> {
  switch (cfg.store.kind) {
    case 'pglite': {
      const { openPglite } = await loadAdapter(
        '@engram/store-pglite',
        'ENGRAM_STORE=pglite',
        () => import('@engram/store-pglite'),
      );
      const template = await readStoreTemplate();
      return openPglite({ dataDir: cfg.store.dataDir, thread: cfg.store.thread, ...(template ? { template } : {}) });
    }
    case 'postgres': {
      const { openPostgres } = await loadAdapter(
        '@engram/store-postgres',
        'ENGRAM_STORE=postgres',
        () => import('@engram/store-postgres'),
      );
      return openPostgres({ connectionString: cfg.store.connectionString, max: cfg.store.poolSize });
    }
  }
}

export async function openEmbedder(cfg: EngramConfig): Promise<Embedder | EmbeddingPool> {
  switch (cfg.embedder.kind) {
    case 'use':
      return createEmbeddingPool({ kind: 'use' }, { workers: cfg.embeddingWorkers });
    case 'hash': {
      const { createHashEmbedder } = await loadAdapter(
        '@engram/embedder-use',
        'ENGRAM_EMBEDDER=hash',
        () => import('@engram/embedder-use'),
      );
      return createHashEmbedder({ dimensions: cfg.embedder.dimensions });
    }
    case 'onnx': {
      const c = cfg.embedder;
      // onnxruntime's own threads share the cores with the other workers.
      const threads = Math.max(1, Math.floor(availableParallelism() / cfg.embeddingWorkers));
      return createEmbeddingPool(
        { kind: 'onnx', modelDir: c.modelDir, pooling: c.pooling, maxLength: c.maxLength, threads },
        { workers: cfg.embeddingWorkers },
      );
    }
    case 'openai': {
      const { createOpenAiEmbedder } = await loadAdapter(
        '@engram/openai-adapters',
        'ENGRAM_EMBEDDER=openai',
        () => import('@engram/openai-adapters'),
      );
      const e = cfg.embedder;
      return createOpenAiEmbedder({
        baseURL: e.baseURL,
        apiKey: e.apiKey ?? 'unused',
        model: e.model,
        ...(e.dimensions ? { dimensions: e.dimensions } : {}),
      });
    }
  }
}

/** The keyword index, the conversation-window keyword index (inside the keyword index's directory) and the vector index. */
export async function openIndexes(
  cfg: EngramConfig,
  embedder: Embedder,
): Promise<{ text: TextIndex; context: TextIndex; vectors: VectorIndex }> {
  const { createLocalTextIndex, createLocalVectorIndex } = await loadAdapter(
    '@engram/index-local',
    'the keyword index',
    () => import('@engram/index-local'),
  );
  const text = await createLocalTextIndex({ dir: cfg.textIndexDir });
  const context = await createLocalTextIndex({ dir: join(cfg.textIndexDir, CONTEXT_INDEX_DIR) });
  if (cfg.vectors.kind === 'qdrant') {
    const { createQdrantVectorIndex } = await loadAdapter(
      '@engram/index-qdrant',
      'ENGRAM_VECTORS=qdrant',
      () => import('@engram/index-qdrant'),
    );
    const vectors = createQdrantVectorIndex({
      url: cfg.vectors.url,
      ...(cfg.vectors.apiKey ? { apiKey: cfg.vectors.apiKey } : {}),
      collectionPrefix: cfg.vectors.collectionPrefix,
      dimensions: embedder.dimensions,
    });
    return { text, context, vectors };
  }
  return { text, context, vectors: await createLocalVectorIndex({ dir: cfg.vectors.dir }) };
}

/** The local embedding journal (vectors embedded since the last index snapshot), next to the vector snapshot. */
export async function openEmbeddingCache(cfg: EngramConfig): Promise<EmbeddingCache | null> {
  const { openEmbeddingJournal } = await import('@engram/index-local');
  return openEmbeddingJournal(cfg.vectors.kind === 'local' ? cfg.vectors.dir : join(cfg.dataDir, 'embedding-cache'));
}

export async function openLlm(cfg: EngramConfig): Promise<Llm | null> {
  if (!cfg.llm) return null;
  const { createOpenAiLlm } = await loadAdapter(
    '@engram/openai-adapters',
    'OPENAI_BASE_URL (an LLM)',
    () => import('@engram/openai-adapters'),
  );
  return createOpenAiLlm({
    baseURL: cfg.llm.baseURL,
    apiKey: cfg.llm.apiKey ?? 'unused',
    models: { ...cfg.llm.models },
    timeoutMs: cfg.llm.timeoutMs,
  });
}

/**
 * P2's screen from configuration: the policy, and the configured LLM's verification stage as the
 * classifier for borderline scores unless ENGRAM_SCANNER_CLASSIFIER=off.
 */
export async function openContentScreen(
  cfg: EngramConfig,
  logger: Logger,
  analyzer?: ContentAnalyzer,
): Promise<ContentScreen> {
  const llm = cfg.scanner.classifier === 'off' ? null : await openLlm(cfg);
  const classifier =
    llm && cfg.llm
      ? createLlmInjectionClassifier(llm, {
          model: cfg.llm.models.verification,
          timeoutMs: cfg.scanner.classifierTimeoutMs,
        })
      : null;
  return new ContentScreen({ policy: cfg.scanner.policy, classifier, logger, ...(analyzer ? { analyzer } : {}) });
}

/**
 * The reranker, warmed up here within memory.rerankLoadTimeoutSeconds (R6: model load has its own
 * timeout), so every query waits at most memory.rerankTimeoutSeconds for it.
 */
export async function openReranker(cfg: EngramConfig, logger?: Logger): Promise<Reranker | null> {
  if (!cfg.reranker) return null;
  const loadMs = cfg.memory.rerankLoadTimeoutSeconds * 1000;
  if (cfg.reranker.kind === 'onnx') {
    const { createOnnxReranker } = await loadAdapter(
      '@engram/reranker-onnx',
      'ENGRAM_RERANK_MODEL_DIR',
      () => import('@engram/reranker-onnx'),
    );
    const r = createOnnxReranker({ modelDir: cfg.reranker.modelDir });
    // A local model that does not load in time is not used; retrieval keeps the fused order.
    try {
      await Promise.race([
        r.warmup(),
        new Promise((_, reject) =>
          setTimeout(() => reject(new Error(`reranker did not load within ${loadMs} ms`)), loadMs).unref(),
        ),
      ]);
      return r;
    } catch (e) {
      logger?.warn({ err: e, modelDir: cfg.reranker.modelDir }, 'reranker unavailable; queries keep the fused order');
      return null;
    }
  }
  const { createHttpReranker } = await loadAdapter(
    '@engram/openai-adapters',
    'ENGRAM_RERANK_URL',
    () => import('@engram/openai-adapters'),
  );
  const { url } = cfg.reranker;
  const r = createHttpReranker({
    url,
    ...(cfg.reranker.model ? { model: cfg.reranker.model } : {}),
    ...(cfg.reranker.apiKey ? { apiKey: cfg.reranker.apiKey } : {}),
  });
  // A remote server may load its model on the first request: one request now, with the load timeout.
  // It stays in use when that fails (the server may come up later; each failing query keeps the fused order).
  await r
    .score('warm-up', ['warm-up'], { timeoutMs: loadMs })
    .catch((e: unknown) =>
      logger?.warn(
        { err: e, url },
        'reranker did not answer its warm-up request; queries fall back to the fused order while it fails',
      ),
    );
  return r;
}
