import { homedir } from 'node:os';
import { join } from 'node:path';

/** The model cache `npx tsx infra/models/test-model.ts` fills: $ENGRAM_MODELS_DIR or ~/.cache/engram/models. */
export function testModelsDir(): string {
  return process.env.ENGRAM_MODELS_DIR ?? join(homedir(), '.cache', 'engram', 'models');
}

/**
 * Where the tests find the real ONNX models: $ENGRAM_TEST_ONNX_MODEL_DIR (English) and
 * $ENGRAM_TEST_ZH_MODEL_DIR (Chinese), else the model cache (the same rule as
 * infra/models/test-model.ts). Tests never download: without a model they skip and say how to get it.
 */
export function testModelDir(): string {
  return process.env.ENGRAM_TEST_ONNX_MODEL_DIR ?? join(testModelsDir(), 'all-minilm-l6-v2-int8');
}

export function testZhModelDir(): string {
  return process.env.ENGRAM_TEST_ZH_MODEL_DIR ?? join(testModelsDir(), 'm3e-small');
}
