import { createSerialQueue, EngramError, type Reranker } from '@engram/core';
import {
  batchesBySimilarLength,
  openBertSession,
  positiveIntOption,
  readModelDir,
  runBertBatch,
  tokenizerFromJson,
  type BertSession,
  type Encoding,
} from '@engram/embedder-onnx';

export interface OnnxRerankerOptions {
  /** A transformers-style cross-encoder directory: tokenizer.json, config.json, onnx/model.onnx. */
  modelDir: string;
  /** Tokens per (query, document) pair including specials; default the model's limit. */
  maxLength?: number;
  /** Pairs per model call (default 16). */
  batchSize?: number;
  /** onnxruntime intra-op threads (default: onnxruntime's choice). */
  threads?: number;
}

export type OnnxReranker = Reranker & { readonly modelDir: string; warmup(): Promise<void>; close(): Promise<void> };

const sigmoid = (x: number) => 1 / (1 + Math.exp(-x));

/**
 * R6 cross-encoder on the CPU: each (query, document) pair is encoded as [CLS] q [SEP] d [SEP] with
 * the model's WordPiece tokenizer and scored by the model's relevance logit, turned into 0–1 the way
 * TEI answers (sigmoid of a single logit, softmax of the second of two). Pairs are batched by
 * similar length. Stops between batches once `timeoutMs` has passed (the rerank stage then keeps
 * RRF order). Loads on first use or `warmup()`, which the caller bounds with its load timeout.
 */
export function createOnnxReranker(opts: OnnxRerankerOptions): OnnxReranker {
  const info = readModelDir(opts.modelDir);
  const tokenizer = tokenizerFromJson(info.tokenizerJson, info.tokenizerConfig);
  const maxLength = positiveIntOption('maxLength', opts.maxLength, info.maxLength);
  if (maxLength < 3 || maxLength > info.maxLength)
    throw new EngramError(
      'CONFIG_INVALID',
      `maxLength must be between 3 and ${info.maxLength} for ${info.name}, got ${maxLength}`,
    );
  const batchSize = positiveIntOption('batchSize', opts.batchSize, 16);
  const threads = opts.threads === undefined ? undefined : positiveIntOption('threads', opts.threads, 1);

  let loading: Promise<BertSession> | null = null;
  const load = (): Promise<BertSession> => {
    loading ??= (async () => {
      return openBertSession(info.onnxPath, threads, ['logits']);
    })().catch((e: unknown) => {
      loading = null;
      throw new EngramError(
        'LLM_FAILED',
        `cannot load the ONNX cross-encoder in ${info.dir}: ${(e as Error).message}`,
        { cause: e },
      );
    });
    return loading;
  };

  async function runBatch(m: BertSession, encodings: Encoding[]): Promise<number[]> {
    const { out, batch } = await runBertBatch(m, encodings, tokenizer.padId);
    const data = out.data as Float32Array;
    const classes = out.dims.length === 1 ? 1 : out.dims[1];
    if (out.dims[0] !== batch || (classes !== 1 && classes !== 2) || out.dims.length > 2)
      throw new Error(`unexpected logits shape [${out.dims.join(', ')}]`);
    return encodings.map((_, b) => (classes === 1 ? sigmoid(data[b]!) : sigmoid(data[b * 2 + 1]! - data[b * 2]!)));
  }

  const queue = createSerialQueue();
  let closed = false;

  return {
    modelId: `onnx-rerank:${info.name}@${info.fingerprint.slice(0, 10)}:${maxLength}`,
    modelDir: info.dir,
    async warmup() {
      await load();
    },
    async score(query, documents, { timeoutMs }) {
      if (closed) throw new EngramError('SHUTTING_DOWN', 'the reranker is closed');
      if (documents.length === 0) return [];
      const started = performance.now();
      const m = await load();
      const encodings = documents.map((d) => tokenizer.encodePair(query, d, maxLength));
      const scores = new Array<number>(documents.length);
      for (const idx of batchesBySimilarLength(
        encodings.map((e) => e.ids.length),
        batchSize,
      )) {
        if (performance.now() - started > timeoutMs)
          throw new EngramError('LLM_FAILED', `ONNX rerank did not finish within ${timeoutMs} ms`);
        const batchScores = await queue.run(async () => {
          try {
            return await runBatch(
              m,
              idx.map((i) => encodings[i]!),
            );
          } catch (e) {
            throw new EngramError('LLM_FAILED', `ONNX rerank failed (${info.name}): ${(e as Error).message}`, {
              cause: e,
            });
          }
        });
        idx.forEach((i, j) => (scores[i] = batchScores[j]!));
      }
      return scores;
    },
    async close() {
      closed = true;
      await queue.idle();
      const m = await loading?.catch(() => null);
      await m?.session.release();
    },
  };
}
