import OpenAI, { APIError } from 'openai';
import { EngramError, type Embedder } from '@engram/core';

export interface OpenAiEmbedderOptions {
  /** e.g. https://api.openai.com/v1 or any OpenAI-compatible server. */
  baseURL: string;
  apiKey: string;
  model: string;
  /** Requested output size (models that support it); learned from the first answer when absent. */
  dimensions?: number;
  /** Texts per request (default 64). */
  batchSize?: number;
  timeoutMs?: number;
  maxRetries?: number;
}

/** An error from the endpoint, with retriable = whether the same request might succeed later. */
export function embedderError(e: unknown, what: string): EngramError {
  if (e instanceof EngramError) return e;
  const status = e instanceof APIError ? e.status : undefined;
  const retriable = status === undefined || status === 408 || status === 409 || status === 429 || status >= 500;
  const msg = e instanceof Error ? e.message : String(e);
  return new EngramError('EMBEDDER_FAILED', `${what}: ${msg}`, {
    cause: e,
    retriable,
    ...(status ? { details: { status } } : {}),
  });
}

/** E2: embeddings from any OpenAI-compatible /v1/embeddings endpoint. */
export function createOpenAiEmbedder(opts: OpenAiEmbedderOptions): Embedder {
  if (!opts.model) throw new EngramError('CONFIG_INVALID', 'the OpenAI embedder needs a model name');
  if (opts.dimensions !== undefined && !(Number.isInteger(opts.dimensions) && opts.dimensions > 0)) {
    throw new EngramError('CONFIG_INVALID', `embedding dimensions must be a positive integer, got ${opts.dimensions}`);
  }
  const batchSize = opts.batchSize ?? 64;
  if (!(Number.isInteger(batchSize) && batchSize > 0))
    throw new EngramError('CONFIG_INVALID', `batchSize must be a positive integer, got ${batchSize}`);
  const client = new OpenAI({
    baseURL: opts.baseURL,
    apiKey: opts.apiKey,
    ...(opts.timeoutMs ? { timeout: opts.timeoutMs } : {}),
    maxRetries: opts.maxRetries ?? 2,
  });
  let dims = opts.dimensions ?? 0;

  const embedBatch = async (input: string[]): Promise<Float32Array[]> => {
    let res: OpenAI.Embeddings.CreateEmbeddingResponse;
    try {
      res = await client.embeddings.create({
        model: opts.model,
        input,
        encoding_format: 'float',
        ...(opts.dimensions ? { dimensions: opts.dimensions } : {}),
      });
    } catch (e) {
      throw embedderError(e, `embedding ${input.length} texts with ${opts.model} failed`);
    }
    if (!Array.isArray(res.data) || res.data.length !== input.length) {
      throw new EngramError(
        'EMBEDDER_FAILED',
        `the endpoint returned ${res.data?.length ?? 0} embeddings for ${input.length} texts`,
      );
    }
    const out = new Array<Float32Array>(input.length);
    for (const d of res.data) {
      if (!Array.isArray(d.embedding) || d.index < 0 || d.index >= input.length) {
        throw new EngramError('EMBEDDER_FAILED', 'the endpoint returned a malformed embedding');
      }
      out[d.index] = Float32Array.from(d.embedding);
    }
    for (const v of out) {
      if (!v) throw new EngramError('EMBEDDER_FAILED', 'the endpoint skipped an input');
      if (dims === 0) dims = v.length;
      if (v.length !== dims)
        throw new EngramError('EMBEDDER_FAILED', `expected ${dims}-dimensional embeddings, got ${v.length}`);
    }
    return out;
  };

  return {
    modelId: `openai:${opts.model}${opts.dimensions ? `@${opts.dimensions}` : ''}`,
    get dimensions() {
      return dims;
    },
    async embed(texts) {
      const out: Float32Array[] = [];
      for (let i = 0; i < texts.length; i += batchSize) out.push(...(await embedBatch(texts.slice(i, i + batchSize))));
      return out;
    },
  };
}
