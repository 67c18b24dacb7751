export interface RecallArgs {
  dataset: 'locomo' | 'longmemeval' | 'madial';
  file: string;
  memory?: string;
  ks: number[];
  out?: string;
  limit?: number;
  embedder: 'use' | 'hash' | 'onnx';
  /** With `--embedder onnx`: a model directory (`engram models pull NAME` puts one under ~/.cache/engram/models). */
  modelDir?: string;
  lexicalWeight?: number;
  /** memory.listWeights for the main run, e.g. `keyword=0.5,window=0.5` (unnamed lists keep 1). */
  listWeights?: Partial<Record<'keyword' | 'window' | 'vector', number>>;
  rerankUrl?: string;
  decayHistory: boolean;
  pool: boolean;
  withTime: boolean;
  /** Also run the RETRIEVAL_VARIANTS on the same ingest. */
  variants: boolean;
  /** With --variants: only the variants whose name contains this text. */
  variantFilter?: string;
  /** Run the consolidator (rule engine): sessions also yield episodes and facts. */
  consolidate: boolean;
  /** Also run the same protocol through a peer system in the same run. */
  peer?: 'mem0';
  /** Write one JSON line per question (its metrics and top hits, for the main run and each variant) to this file. */
  perQuestion?: string;
}

const USAGE = `usage: npm run bench -- recall --dataset locomo|longmemeval|madial --file PATH [--memory PATH]
       [--k 1,5,10] [--out result.json] [--limit N] [--embedder use|hash|onnx] [--model-dir DIR]
       [--lexical-weight W] [--list-weights keyword=W,window=W,vector=W]
       [--rerank-url URL] [--decay-history] [--pool] [--with-time] [--variants] [--variant TEXT] [--consolidate] [--peer mem0]
       [--per-question FILE]`;

export function parseRecallArgs(argv: string[]): RecallArgs {
  const opts = new Map<string, string>();
  const flags = new Set<string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"\n${USAGE}`);
    const name = a.slice(2);
    if (['decay-history', 'pool', 'with-time', 'variants', 'consolidate'].includes(name)) flags.add(name);
    else {
      const v = argv[++i];
      if (v === undefined) throw new Error(`--${name} needs a value\n${USAGE}`);
      opts.set(name, v);
    }
  }
  const dataset = opts.get('dataset');
  if (dataset !== 'locomo' && dataset !== 'longmemeval' && dataset !== 'madial')
    throw new Error(`--dataset must be locomo, longmemeval or madial\n${USAGE}`);
  const file = opts.get('file');
  if (!file) throw new Error(`--file is required\n${USAGE}`);
  const ks = (opts.get('k') ?? (dataset === 'madial' ? '1,3,5,10' : '1,5,10')).split(',').map((x) => Number(x.trim()));
  if (ks.some((k) => !Number.isInteger(k) || k < 1))
    throw new Error('--k must be a comma-separated list of positive integers');
  const limit = opts.has('limit') ? Number(opts.get('limit')) : undefined;
  if (limit !== undefined && !(Number.isInteger(limit) && limit > 0))
    throw new Error('--limit must be a positive integer');
  const embedder = (opts.get('embedder') ?? 'use') as RecallArgs['embedder'];
  if (embedder !== 'use' && embedder !== 'hash' && embedder !== 'onnx')
    throw new Error('--embedder must be use, hash or onnx');
  if (embedder === 'onnx' && !opts.has('model-dir'))
    throw new Error(
      '--embedder onnx needs --model-dir DIR (e.g. after `npx engram models pull all-minilm-l6-v2-int8`)',
    );
  const peer = opts.get('peer');
  if (peer !== undefined && peer !== 'mem0') throw new Error('--peer must be mem0');
  const lw = opts.has('lexical-weight') ? Number(opts.get('lexical-weight')) : undefined;
  const listWeights = opts.has('list-weights') ? parseListWeights(opts.get('list-weights')!) : undefined;
  return {
    dataset,
    file,
    ...(opts.has('memory') ? { memory: opts.get('memory')! } : {}),
    ks: [...new Set(ks)].sort((a, b) => a - b),
    ...(opts.has('out') ? { out: opts.get('out')! } : {}),
    ...(limit !== undefined ? { limit } : {}),
    embedder,
    ...(opts.has('model-dir') ? { modelDir: opts.get('model-dir')! } : {}),
    ...(lw !== undefined ? { lexicalWeight: lw } : {}),
    ...(listWeights ? { listWeights } : {}),
    ...(opts.has('rerank-url') ? { rerankUrl: opts.get('rerank-url')! } : {}),
    decayHistory: flags.has('decay-history'),
    pool: flags.has('pool'),
    withTime: flags.has('with-time'),
    variants: flags.has('variants') || opts.has('variant'),
    ...(opts.has('variant') ? { variantFilter: opts.get('variant')! } : {}),
    consolidate: flags.has('consolidate'),
    ...(peer ? { peer } : {}),
    ...(opts.has('per-question') ? { perQuestion: opts.get('per-question')! } : {}),
  };
}

function parseListWeights(raw: string): NonNullable<RecallArgs['listWeights']> {
  const out: NonNullable<RecallArgs['listWeights']> = {};
  for (const part of raw.split(',')) {
    const [list, value] = part.split('=').map((x) => x.trim());
    const w = Number(value);
    if (
      (list !== 'keyword' && list !== 'window' && list !== 'vector') ||
      value === undefined ||
      value === '' ||
      !(w >= 0 && Number.isFinite(w))
    ) {
      throw new Error(`--list-weights takes keyword=W,window=W,vector=W with weights ≥ 0, got "${part}"`);
    }
    out[list] = w;
  }
  return out;
}
