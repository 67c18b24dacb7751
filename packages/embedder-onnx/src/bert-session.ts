import { EngramError } from '@engram/core';
import type { InferenceSession, Tensor as OrtTensor } from 'onnxruntime-node';
import type { Encoding } from './tokenizer';

/** A loaded BERT-family ONNX graph: which output to read and whether it takes token_type_ids. */
export interface BertSession {
  session: InferenceSession;
  Tensor: typeof OrtTensor;
  outputName: string;
  hasTokenTypes: boolean;
}

export function positiveIntOption(name: string, v: number | undefined, fallback: number): number {
  if (v === undefined) return fallback;
  if (!Number.isInteger(v) || v < 1)
    throw new EngramError('CONFIG_INVALID', `${name} must be a positive integer, got ${v}`);
  return v;
}

/** Opens the graph on the CPU and checks it takes input_ids and attention_mask. */
export async function openBertSession(
  onnxPath: string,
  threads: number | undefined,
  preferredOutputs: readonly string[],
): Promise<BertSession> {
  const ort = await import('onnxruntime-node');
  const session = await ort.InferenceSession.create(onnxPath, {
    graphOptimizationLevel: 'all',
    ...(threads ? { intraOpNumThreads: threads, interOpNumThreads: 1 } : {}),
  });
  for (const name of ['input_ids', 'attention_mask']) {
    if (!session.inputNames.includes(name))
      throw new Error(`the model has no ${name} input (inputs: ${session.inputNames.join(', ')})`);
  }
  const outputName = preferredOutputs.find((n) => session.outputNames.includes(n)) ?? session.outputNames[0];
  if (!outputName) throw new Error('the model has no outputs');
  return { session, Tensor: ort.Tensor, outputName, hasTokenTypes: session.inputNames.includes('token_type_ids') };
}

/**
 * Pads a batch of encodings to its longest and runs the graph. Returns the float32 output and the
 * attention mask (1 per real token) that pooling needs.
 */
export async function runBertBatch(
  m: BertSession,
  encodings: Encoding[],
  padId: number,
): Promise<{ out: OrtTensor; mask: Uint8Array; batch: number; seq: number }> {
  const batch = encodings.length;
  const seq = Math.max(...encodings.map((e) => e.ids.length));
  const ids = new BigInt64Array(batch * seq).fill(BigInt(padId));
  const mask = new BigInt64Array(batch * seq);
  const types = new BigInt64Array(batch * seq);
  const maskNums = new Uint8Array(batch * seq);
  encodings.forEach((e, b) => {
    for (let s = 0; s < e.ids.length; s++) {
      ids[b * seq + s] = BigInt(e.ids[s]!);
      mask[b * seq + s] = 1n;
      types[b * seq + s] = BigInt(e.typeIds[s]!);
      maskNums[b * seq + s] = 1;
    }
  });
  const dims = [batch, seq];
  const feeds: Record<string, OrtTensor> = {
    input_ids: new m.Tensor('int64', ids, dims),
    attention_mask: new m.Tensor('int64', mask, dims),
  };
  if (m.hasTokenTypes) feeds.token_type_ids = new m.Tensor('int64', types, dims);
  const out = (await m.session.run(feeds, [m.outputName]))[m.outputName];
  if (!out || out.type !== 'float32') throw new Error(`output ${m.outputName} is missing or not float32`);
  return { out, mask: maskNums, batch, seq };
}
