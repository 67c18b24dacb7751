import { createSerialQueue, EngramError, type Embedder } from '@engram/core';
import { openBertSession, positiveIntOption, runBertBatch, type BertSession } from './bert-session';
import { readModelDir, type Pooling } from './model-dir';
import { l2Normalize, poolHiddenState } from './pooling';
import { batchesBySimilarLength } from './token-batches';
import { tokenizerFromJson, type Encoding } from './tokenizer';

export interface OnnxEmbedderOptions {
  /** A transformers-style directory: tokenizer.json, config.json, onnx/model.onnx (or model.onnx). */
  modelDir: string;
  /** Default: what 1_Pooling/config.json says, else mean. */
  pooling?: Pooling;
  /** L2-normalize each vector (default true). */
  normalize?: boolean;
  /** Tokens per text including [CLS] and [SEP]; default the model's own limit (e.g. 256 for MiniLM). */
  maxLength?: number;
  /** Texts per model call (default 32). */
  batchSize?: number;
  /** onnxruntime intra-op threads (default: onnxruntime's choice, one per core). */
  threads?: number;
}

export type OnnxEmbedder = Embedder & { readonly modelDir: string; warmup(): Promise<void> };

/**
 * E2 local ONNX embedder: a BERT-family sentence encoder run by onnxruntime-node on the CPU, with the
 * model's own WordPiece tokenizer read from tokenizer.json. Texts are batched by similar token
 * length. The model loads on first use (or `warmup()`); `modelId` is `onnx:<dir name>@<hash>` where
 * the hash covers the model's config files, the ONNX file size and these options, so another model
 * or setting never shares a vector space with this one.
 */
export function createOnnxEmbedder(opts: OnnxEmbedderOptions): OnnxEmbedder {
  const info = readModelDir(opts.modelDir);
  const tokenizer = tokenizerFromJson(info.tokenizerJson, info.tokenizerConfig);
  const pooling = opts.pooling ?? info.pooling ?? 'mean';
  if (pooling !== 'mean' && pooling !== 'cls')
    throw new EngramError('CONFIG_INVALID', `pooling must be mean or cls, got ${String(pooling)}`);
  const normalize = opts.normalize ?? true;
  const maxLength = positiveIntOption('maxLength', opts.maxLength, info.maxLength);
  if (maxLength < 2 || maxLength > info.maxLength)
    throw new EngramError(
      'CONFIG_INVALID',
      `maxLength must be between 2 and ${info.maxLength} for ${info.name}, got ${maxLength}`,
    );
  const batchSize = positiveIntOption('batchSize', opts.batchSize, 32);
  const threads = opts.threads === undefined ? undefined : positiveIntOption('threads', opts.threads, 1);
  const configHash = info.fingerprint.slice(0, 10);
  const modelId = `onnx:${info.name}@${configHash}:${pooling}${normalize ? '' : ':raw'}:${maxLength}`;

  let loading: Promise<BertSession> | null = null;
  const load = (): Promise<BertSession> => {
    loading ??= (async () => {
      const loaded = await openBertSession(info.onnxPath, threads, ['last_hidden_state', 'token_embeddings']);
      const [probe] = await runBatch(loaded, [tokenizer.encode('dimension probe', maxLength)]);
      if (probe!.length !== info.dimensions)
        throw new Error(`the model gives ${probe!.length}-d vectors, its config says ${info.dimensions}`);
      return loaded;
    })().catch((e: unknown) => {
      loading = null;
      throw new EngramError('EMBEDDER_FAILED', `cannot load the ONNX model in ${info.dir}: ${(e as Error).message}`, {
        cause: e,
      });
    });
    return loading;
  };

  async function runBatch(m: BertSession, encodings: Encoding[]): Promise<Float32Array[]> {
    const { out, mask: maskNums, batch, seq } = await runBertBatch(m, encodings, tokenizer.padId);
    const data = out.data as Float32Array;
    if (out.dims.length === 2) {
      // The graph pools itself ([batch, dim]): take its vectors as they are.
      const dim = out.dims[1]!;
      return encodings.map((_, b) => {
        const v = data.slice(b * dim, (b + 1) * dim);
        if (normalize) l2Normalize(v);
        return v;
      });
    }
    if (out.dims.length !== 3 || out.dims[0] !== batch || out.dims[1] !== seq)
      throw new Error(`unexpected output shape [${out.dims.join(', ')}]`);
    return poolHiddenState(data, maskNums, { batch, seq, dim: out.dims[2]! }, pooling, normalize);
  }

  // One model call at a time: bounds memory, and the CPU is shared anyway.
  const queue = createSerialQueue();
  let closed = false;

  return {
    modelId,
    modelDir: info.dir,
    dimensions: info.dimensions,
    async warmup() {
      await load();
    },
    embed: (texts: string[]) => embedWith(info.prompts.document, texts),
    ...(info.prompts.query !== info.prompts.document
      ? { embedQueries: (texts: string[]) => embedWith(info.prompts.query, texts) }
      : {}),
    async close() {
      closed = true;
      await queue.idle();
      const m = await loading?.catch(() => null);
      await m?.session.release();
    },
  };

  async function embedWith(prompt: string, texts: string[]): Promise<Float32Array[]> {
    if (closed) throw new EngramError('SHUTTING_DOWN', 'the embedder is closed');
    if (texts.length === 0) return [];
    const m = await load();
    const encodings = texts.map((t) => tokenizer.encode(prompt + t, maxLength));
    const out = new Array<Float32Array>(texts.length);
    for (const idx of batchesBySimilarLength(
      encodings.map((e) => e.ids.length),
      batchSize,
    )) {
      const vectors = await queue.run(async () => {
        try {
          return await runBatch(
            m,
            idx.map((i) => encodings[i]!),
          );
        } catch (e) {
          throw new EngramError('EMBEDDER_FAILED', `ONNX embedding failed (${info.name}): ${(e as Error).message}`, {
            cause: e,
          });
        }
      });
      idx.forEach((i, j) => (out[i] = vectors[j]!));
    }
    return out;
  }
}
