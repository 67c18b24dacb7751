/**
 * Writes a tiny but real ONNX cross-encoder for tests (no model is reachable from a registry here):
 * logit = 0.001 · Σ(input_ids · token_type_ids) − 3, i.e. it scores the document side of the pair by
 * the sum of its token ids, so a test can predict every score from the tokenizer's output. The
 * model is encoded with a minimal protobuf writer (ModelProto, opset 13).
 */
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

const enc = new TextEncoder();

function varint(n: number): number[] {
  const out: number[] = [];
  let v = BigInt(n);
  do {
    let b = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) b |= 0x80;
    out.push(b);
  } while (v > 0n);
  return out;
}
const concat = (...parts: Uint8Array[]) => {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let o = 0;
  for (const p of parts) {
    out.set(p, o);
    o += p.length;
  }
  return out;
};
const int = (field: number, v: number) => new Uint8Array([...varint(field << 3), ...varint(v)]);
const bytes = (field: number, b: Uint8Array) =>
  concat(new Uint8Array([...varint((field << 3) | 2), ...varint(b.length)]), b);
const str = (field: number, s: string) => bytes(field, enc.encode(s));
const msg = bytes;

const INT64 = 7;
const FLOAT = 1;
const dim = (d: string | number) => msg(1, typeof d === 'number' ? int(1, d) : str(2, d));
const valueInfo = (name: string, elemType: number, dims: Array<string | number>) =>
  concat(str(1, name), msg(2, msg(1, concat(int(1, elemType), msg(2, concat(...dims.map((d) => msg(1, dim(d)))))))));
const node = (op: string, inputs: string[], outputs: string[], attrs: Uint8Array[] = []) =>
  concat(
    ...inputs.map((i) => str(1, i)),
    ...outputs.map((o) => str(2, o)),
    str(3, `${op}_${outputs[0]}`),
    str(4, op),
    ...attrs.map((a) => msg(5, a)),
  );
const intAttr = (name: string, v: number) => concat(str(1, name), int(3, v), int(20, 2));
const tensor = (name: string, dataType: number, dims: number[], raw: Uint8Array) =>
  concat(...dims.map((d) => int(1, d)), int(2, dataType), str(8, name), bytes(9, raw));
const f32 = (v: number) => new Uint8Array(new Float32Array([v]).buffer);
const i64 = (v: number) => new Uint8Array(new BigInt64Array([BigInt(v)]).buffer);

/** Two logits per pair ([batch, 2], the relevant class second) instead of one ([batch, 1]). */
export function tinyCrossEncoderOnnx(opts: { twoClasses?: boolean } = {}): Uint8Array {
  const nodes = [
    node('Mul', ['input_ids', 'token_type_ids'], ['doc_ids']),
    node('ReduceSum', ['doc_ids', 'axes'], ['doc_sum'], [intAttr('keepdims', 1)]),
    node('Cast', ['doc_sum'], ['doc_sum_f'], [intAttr('to', FLOAT)]),
    node('Mul', ['doc_sum_f', 'scale'], ['scaled']),
    node('Add', ['scaled', 'offset'], [opts.twoClasses ? 'relevant' : 'logits']),
  ];
  if (opts.twoClasses) {
    nodes.push(
      node('Sub', ['relevant', 'relevant'], ['zero']),
      node('Concat', ['zero', 'relevant'], ['logits'], [intAttr('axis', 1)]),
    );
  }
  const graph = concat(
    ...nodes.map((n) => msg(1, n)),
    str(2, 'tiny-cross-encoder'),
    msg(5, tensor('axes', INT64, [1], i64(1))),
    msg(5, tensor('scale', FLOAT, [1], f32(0.001))),
    msg(5, tensor('offset', FLOAT, [1], f32(-3))),
    msg(11, valueInfo('input_ids', INT64, ['batch', 'seq'])),
    msg(11, valueInfo('attention_mask', INT64, ['batch', 'seq'])),
    msg(11, valueInfo('token_type_ids', INT64, ['batch', 'seq'])),
    msg(12, valueInfo('logits', FLOAT, ['batch', opts.twoClasses ? 2 : 1])),
  );
  return concat(int(1, 8), str(2, 'engram-test'), msg(7, graph), msg(8, concat(str(1, ''), int(2, 13))));
}

export const TINY_VOCAB = [
  '[PAD]',
  '[UNK]',
  '[CLS]',
  '[SEP]',
  'where',
  'did',
  'she',
  'go',
  'hiking',
  'paris',
  'cats',
  '?',
  '.',
  'in',
  'mountains',
  'the',
  '##s',
];

/** A model directory around the tiny graph: BERT tokenizer.json with TINY_VOCAB, config.json. */
export async function writeTinyCrossEncoderDir(dir: string, opts: { twoClasses?: boolean } = {}): Promise<void> {
  await mkdir(join(dir, 'onnx'), { recursive: true });
  await writeFile(join(dir, 'onnx', 'model.onnx'), tinyCrossEncoderOnnx(opts));
  const vocab = Object.fromEntries(TINY_VOCAB.map((w, i) => [w, i]));
  await writeFile(
    join(dir, 'tokenizer.json'),
    JSON.stringify({
      normalizer: {
        type: 'BertNormalizer',
        clean_text: true,
        handle_chinese_chars: true,
        strip_accents: null,
        lowercase: true,
      },
      pre_tokenizer: { type: 'BertPreTokenizer' },
      model: {
        type: 'WordPiece',
        unk_token: '[UNK]',
        continuing_subword_prefix: '##',
        max_input_chars_per_word: 100,
        vocab,
      },
    }),
  );
  await writeFile(
    join(dir, 'config.json'),
    JSON.stringify({ model_type: 'bert', hidden_size: 8, max_position_embeddings: 32 }),
  );
}
