import { homedir } from 'node:os';
import { join } from 'node:path';

/**
 * Where the tests find the real ONNX model: $ENGRAM_TEST_ONNX_MODEL_DIR, else the model cache that
 * `npx tsx infra/models/test-model.ts` fills (the same rule as infra/models/test-model.ts). Tests
 * never download: without the model they skip and say how to get it.
 */
export function testModelDir(): string {
  return (
    process.env.ENGRAM_TEST_ONNX_MODEL_DIR ??
    join(process.env.ENGRAM_MODELS_DIR ?? join(homedir(), '.cache', 'engram', 'models'), 'all-minilm-l6-v2-int8')
  );
}
