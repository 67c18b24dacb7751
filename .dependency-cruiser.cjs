/**
 * The dependency rules of Engram's ports-and-adapters shape (docs/architecture.md). Checked in
 * `npm test` by test/infra/dependency-rules.test.ts; by hand: `npx depcruise packages services`.
 * Paths are relative to the repository root; workspace packages resolve through their symlinks to
 * packages/<name>/src, so `@engram/x` imports are checked like relative ones.
 */
const ADAPTERS =
  'event-codec-avro|event-log-[^/]+|store-[^/]+|index-[^/]+|embedder-[^/]+|reranker-onnx|openai-adapters';
const NPM = ['npm', 'npm-dev', 'npm-optional', 'npm-peer', 'npm-bundled', 'npm-no-pkg', 'npm-unknown'];
// Node built-ins that do I/O. core may use pure ones (node:crypto for hashing).
const IO_BUILTINS =
  '^(node:)?(fs|fs/promises|net|http|https|http2|dgram|dns|dns/promises|tls|child_process|cluster|worker_threads|readline|inspector|repl|stream|zlib)$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'core-imports-only-core',
      comment:
        'packages/core holds the domain and the ports: it imports no adapter, no other Engram package and no service.',
      severity: 'error',
      from: { path: '^packages/core/src/' },
      to: { path: '^(packages/(?!core/)|services/)' },
    },
    {
      name: 'core-imports-no-io-library',
      comment:
        'core imports no I/O client library; its only npm dependencies are data tables (confusables, Traditional/Simplified).',
      severity: 'error',
      from: { path: '^packages/core/src/' },
      to: { dependencyTypes: NPM, pathNot: '(^|/)node_modules/(opencc-js|unhomoglyph)/' },
    },
    {
      name: 'core-imports-no-io-builtin',
      comment: 'core does no I/O: no file system, network, process or stream module.',
      severity: 'error',
      from: { path: '^packages/core/src/' },
      to: { dependencyTypes: ['core'], path: IO_BUILTINS },
    },
    {
      name: 'adapters-import-only-core',
      comment:
        'An adapter implements a core port and depends on core only, and on dir-lock (one owner per data directory) for the embedded ones (reranker-onnx: see the next rule).',
      severity: 'error',
      from: { path: `^packages/(${ADAPTERS})/src/`, pathNot: '^packages/reranker-onnx/' },
      to: { path: '^(packages|services)/', pathNot: ['^packages/core/', '^packages/dir-lock/', '^packages/$1/'] },
    },
    {
      name: 'reranker-onnx-imports-core-and-the-onnx-runtime',
      comment:
        "The ONNX cross-encoder runs on the ONNX embedder's BERT session and tokenizers, and nothing else of Engram.",
      severity: 'error',
      from: { path: '^packages/reranker-onnx/src/' },
      to: { path: '^(packages|services)/', pathNot: '^packages/(core|reranker-onnx|embedder-onnx)/' },
    },
    {
      name: 'packages-import-no-service',
      comment: 'Services are entry points; nothing imports them.',
      severity: 'error',
      from: { path: '^packages/' },
      to: { path: '^services/' },
    },
    {
      name: 'nothing-imports-the-cli',
      comment: 'The CLI is an entry point like a service: no package or service imports it.',
      severity: 'error',
      from: { path: '^(packages/(?!cli/)|services/)' },
      to: { path: '^packages/cli/' },
    },
    {
      name: 'src-imports-no-test-code',
      severity: 'error',
      from: { path: '^(packages|services)/[^/]+/src/' },
      to: { path: '^((packages|services)/[^/]+/test/|test/)' },
    },
    {
      name: 'no-cycles',
      comment: 'No import cycle anywhere (type-only imports included).',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'resolvable',
      comment: 'Every import resolves (an undeclared or missing package shows up here).',
      severity: 'error',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'types', 'default'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types'],
    },
  },
};
