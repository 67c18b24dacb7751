export interface QueryBenchArgs {
  /** Corpus sizes, ascending; the corpus grows from one to the next in the same instance. */
  memories: number[];
  queries: number;
  embedder: 'hash' | 'use' | 'onnx';
  /** The ONNX model directory (`--embedder onnx`). */
  modelDir?: string;
  k: number;
  /** log: through the file log and the live subscriptions; bulk: same projector and index code, called directly. */
  ingest: 'log' | 'bulk';
  out?: string;
}

const USAGE = `usage: npm run bench -- query [--memories 10000,100000] [--queries 500] [--k 10] [--embedder hash|use|onnx] [--model-dir DIR] [--ingest log|bulk] [--out result.json]`;

export function parseQueryArgs(argv: string[]): QueryBenchArgs {
  const opts = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i]!;
    if (!a.startsWith('--')) throw new Error(`unexpected argument "${a}"\n${USAGE}`);
    const v = argv[++i];
    if (v === undefined) throw new Error(`${a} needs a value\n${USAGE}`);
    opts.set(a.slice(2), v);
  }
  for (const name of opts.keys())
    if (!['memories', 'queries', 'k', 'embedder', 'model-dir', 'ingest', 'out'].includes(name))
      throw new Error(`unknown option --${name}\n${USAGE}`);
  const positive = (name: string, dflt: string) => {
    const n = Number(opts.get(name) ?? dflt);
    if (!Number.isInteger(n) || n < 1) throw new Error(`--${name} must be a positive integer\n${USAGE}`);
    return n;
  };
  const memories = (opts.get('memories') ?? '10000,100000').split(',').map((x) => Number(x.trim()));
  if (memories.some((n) => !Number.isInteger(n) || n < 1))
    throw new Error(`--memories must be a comma-separated list of positive integers\n${USAGE}`);
  const embedder = opts.get('embedder') ?? 'hash';
  if (embedder !== 'hash' && embedder !== 'use' && embedder !== 'onnx')
    throw new Error(`--embedder must be hash, use or onnx\n${USAGE}`);
  if (embedder === 'onnx' && !opts.has('model-dir'))
    throw new Error(
      `--embedder onnx needs --model-dir DIR (e.g. after \`npx engram models pull multilingual-e5-small-int8\`)\n${USAGE}`,
    );
  const ingest = opts.get('ingest') ?? 'log';
  if (ingest !== 'log' && ingest !== 'bulk') throw new Error(`--ingest must be log or bulk\n${USAGE}`);
  return {
    ingest,
    memories: [...new Set(memories)].sort((a, b) => a - b),
    queries: positive('queries', '500'),
    k: positive('k', '10'),
    embedder,
    ...(opts.has('model-dir') ? { modelDir: opts.get('model-dir')! } : {}),
    ...(opts.has('out') ? { out: opts.get('out')! } : {}),
  };
}
