import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { basename, join, resolve } from 'node:path';
import { EngramError } from '@engram/core';

export type Pooling = 'mean' | 'cls';

/** What a transformers-style model directory says about itself. */
export interface ModelDirInfo {
  dir: string;
  name: string;
  onnxPath: string;
  tokenizerJson: unknown;
  /** tokenizer_config.json (empty when absent): what tokenizers.js reads beside tokenizer.json. */
  tokenizerConfig: object;
  /** From 1_Pooling/config.json (sentence-transformers) when present. */
  pooling: Pooling | null;
  /** sentence_bert_config.json max_seq_length, else tokenizer_config.json model_max_length, capped by the position table. */
  maxLength: number;
  /** Vector size: 1_Pooling word_embedding_dimension, else config.json hidden_size. */
  dimensions: number;
  /**
   * Text put before inputs, from config_sentence_transformers.json: `document` before stored text
   * (its default prompt, else its "passage" prompt), `query` before search queries (its "query"
   * prompt, else the document one). Both empty without that file. The e5 family: "query: " and
   * "passage: ", or "query: " on both sides for symmetric use.
   */
  prompts: { document: string; query: string };
  /** sha256 over the config files and the ONNX file's name and size: changes when the model does. */
  fingerprint: string;
}

const ONNX_CANDIDATES = ['onnx/model.onnx', 'model.onnx', 'onnx/model_quantized.onnx'];

function readJson(path: string): any {
  try {
    return JSON.parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new EngramError('CONFIG_INVALID', `cannot read ${path}: ${(e as Error).message}`, { cause: e });
  }
}

function readJsonIfPresent(path: string): any {
  return existsSync(path) ? readJson(path) : null;
}

function poolingOf(cfg: any): Pooling | null {
  if (!cfg) return null;
  if (cfg.pooling_mode_mean_tokens) return 'mean';
  if (cfg.pooling_mode_cls_token) return 'cls';
  throw new EngramError(
    'UNSUPPORTED',
    `1_Pooling/config.json asks for a pooling other than mean or cls: ${JSON.stringify(cfg)}`,
  );
}

function promptsOf(cfg: any): { document: string; query: string } {
  const prompts: Record<string, unknown> = cfg?.prompts ?? {};
  const named = (name: string): string | undefined =>
    typeof prompts[name] === 'string' ? (prompts[name] as string) : undefined;
  const defaultName = cfg?.default_prompt_name;
  let document = named('passage') ?? '';
  if (defaultName !== undefined && defaultName !== null) {
    const p = named(defaultName);
    if (p === undefined)
      throw new EngramError(
        'CONFIG_INVALID',
        `config_sentence_transformers.json names default prompt "${defaultName}" but has no such prompt`,
      );
    document = p;
  }
  return { document, query: named('query') ?? document };
}

function positiveInt(v: unknown): number | null {
  return typeof v === 'number' && Number.isInteger(v) && v > 0 && v < 1e6 ? v : null;
}

export function readModelDir(modelDir: string): ModelDirInfo {
  const dir = resolve(modelDir);
  if (!existsSync(dir) || !statSync(dir).isDirectory()) {
    throw new EngramError(
      'CONFIG_INVALID',
      `ONNX model directory ${dir} does not exist (obtain one with \`engram models pull NAME\`)`,
    );
  }
  const onnxRel = ONNX_CANDIDATES.find((p) => existsSync(join(dir, p)));
  if (!onnxRel)
    throw new EngramError('CONFIG_INVALID', `${dir} holds no ONNX model (looked for ${ONNX_CANDIDATES.join(', ')})`);
  const tokenizerPath = join(dir, 'tokenizer.json');
  if (!existsSync(tokenizerPath)) throw new EngramError('CONFIG_INVALID', `${dir} has no tokenizer.json`);

  const hash = createHash('sha256');
  const configFiles = [
    'config.json',
    'tokenizer.json',
    'tokenizer_config.json',
    'special_tokens_map.json',
    'sentence_bert_config.json',
    '1_Pooling/config.json',
  ];
  for (const f of configFiles) {
    const p = join(dir, f);
    hash.update(`${f}\0`);
    if (existsSync(p)) hash.update(readFileSync(p));
    hash.update('\0');
  }
  // Hashed only when present, so model directories without it keep their fingerprint.
  const stConfigPath = join(dir, 'config_sentence_transformers.json');
  if (existsSync(stConfigPath))
    hash.update(`config_sentence_transformers.json\0`).update(readFileSync(stConfigPath)).update('\0');
  const onnxPath = join(dir, onnxRel);
  hash.update(`${onnxRel}\0${statSync(onnxPath).size}`);

  const config = readJsonIfPresent(join(dir, 'config.json'));
  const sbert = readJsonIfPresent(join(dir, 'sentence_bert_config.json'));
  const tokCfg = readJsonIfPresent(join(dir, 'tokenizer_config.json'));
  const poolingCfg = readJsonIfPresent(join(dir, '1_Pooling', 'config.json'));
  const dimensions = positiveInt(poolingCfg?.word_embedding_dimension) ?? positiveInt(config?.hidden_size);
  if (!dimensions)
    throw new EngramError('CONFIG_INVALID', `${dir}: config.json gives no hidden_size (the vector size)`);
  const positions = positiveInt(config?.max_position_embeddings) ?? 512;
  const declared = positiveInt(sbert?.max_seq_length) ?? positiveInt(tokCfg?.model_max_length) ?? 512;

  return {
    dir,
    name: basename(dir),
    onnxPath,
    tokenizerJson: readJson(tokenizerPath),
    tokenizerConfig: tokCfg ?? {},
    pooling: poolingOf(poolingCfg),
    prompts: promptsOf(readJsonIfPresent(stConfigPath)),
    maxLength: Math.min(declared, positions),
    dimensions,
    fingerprint: hash.digest('hex'),
  };
}
