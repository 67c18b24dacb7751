/** Embedder port (E2). */
export interface Embedder {
  /** Identifies the model and configuration; stored with every vector. */
  readonly modelId: string;
  readonly dimensions: number;
  /** Embeds stored text (memories, messages, episodes). */
  embed(texts: string[]): Promise<Float32Array[]>;
  /**
   * Embeds search queries, for models trained with separate query and passage prompts (the e5
   * family). Absent: queries are embedded like stored text.
   */
  embedQueries?(texts: string[]): Promise<Float32Array[]>;
  close?(): Promise<void>;
}

/** Query vectors from an embedder: its query side when it has one. */
export function embedQueries(embedder: Embedder, texts: string[]): Promise<Float32Array[]> {
  return embedder.embedQueries ? embedder.embedQueries(texts) : embedder.embed(texts);
}

export interface ChatMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

export interface LlmCompletionRequest {
  /** Which configured stage is asking (summary, extraction, verification, rerank): picks the model. */
  stage: string;
  messages: ChatMessage[];
  /** JSON schema the answer must satisfy (sent as response_format when supported). */
  jsonSchema?: { name: string; schema: Record<string, unknown> };
  temperature?: number;
  maxTokens?: number;
  timeoutMs?: number;
}

export interface LlmCompletion {
  text: string;
  model: string;
  /** Tokens the provider counted, when it reports them. */
  usage?: { inputTokens: number; outputTokens: number };
}

/** LLM port: chat completion returning text (JSON text when a schema is given). */
export interface Llm {
  complete(req: LlmCompletionRequest): Promise<LlmCompletion>;
}

/** Reranker port (R6): scores query/document pairs, higher is more relevant. */
export interface Reranker {
  readonly modelId: string;
  score(query: string, documents: string[], opts: { timeoutMs: number }): Promise<number[]>;
}

export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/**
 * Vectors already computed, keyed by model and a digest of the embedded text, so that a restart
 * (or a replay of the tail after a crash) embeds nothing twice. Cleared once a snapshot of the
 * vector index holds everything it covered.
 */
export interface EmbeddingCache {
  /** The cached vector of each text digest (undefined where none). */
  get(modelId: string, digests: readonly string[]): Promise<Array<Float32Array | undefined>>;
  put(modelId: string, entries: ReadonlyArray<readonly [digest: string, vector: Float32Array]>): Promise<void>;
  /** Forgets everything (the vectors are in a durable snapshot now). */
  clear(): Promise<void>;
  readonly size: number;
  close(): Promise<void>;
}
